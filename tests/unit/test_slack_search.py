"""Slack search without a network: the sanitizer of raw results and the search plan (the
adapter's calls against a local Web API are in `tests/integration/test_slack_search_adapter.py`).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.slack_rts.plan import MAX_QUERY_CHARS, MAX_TERMS, search_query
from adapters.slack_rts.sanitizer import (
    MAX_CONTENT_CHARS,
    MAX_NAME_CHARS,
    MAX_TICKETS,
    extract_tickets,
    safe_permalink,
    sanitize_messages,
)
from tests.local_slack.search import raw_message
from truthexpiry.models.answering.messages import SearchMessage

# --------------------------------------------------------------------------- sanitizer


def sanitized(*raw: object, limit: int = 20, own: str | None = "U0BOT") -> list[SearchMessage]:
    return list(sanitize_messages(raw, limit=limit, own_bot_user_id=own))


def test_a_public_message_by_a_person_is_kept_with_every_field() -> None:
    [message] = sanitized(raw_message())

    assert message.channel_id == "C0PRODUCT"
    assert message.channel_name == "product"
    assert message.author_user_id == "U0ANA"
    assert message.author_name == "Ana"
    assert message.message_ts == "1747100000.000200"
    assert message.content == "Report export is off for Starter (PROD-482)."
    assert message.tickets == ("PROD-482",)


@pytest.mark.parametrize(
    "fields",
    [
        {"channel_id": "G0PRIVATE"},
        {"channel_id": "D0DIRECT"},
        {"is_private": True},
        {"is_im": True},
        {"is_mpim": True},
        {"channel_type": "private_channel"},
        {"channel_type": "im"},
        {"channel_type": "mpim"},
    ],
)
def test_private_channel_and_direct_messages_are_dropped(fields: dict[str, Any]) -> None:
    assert sanitized(raw_message(**fields)) == []


@pytest.mark.parametrize(
    "fields",
    [
        {"is_author_bot": True},
        {"bot_id": "B0OTHER"},
        {"subtype": "bot_message"},
        {"author_user_id": "B0OTHER"},
        {"author_user_id": "U0BOT"},
    ],
)
def test_messages_by_bots_and_by_this_app_are_dropped(fields: dict[str, Any]) -> None:
    assert sanitized(raw_message(**fields)) == []


@pytest.mark.parametrize(
    "raw",
    [
        "not an object",
        None,
        {key: value for key, value in raw_message().items() if key != "message_ts"},
        {key: value for key, value in raw_message().items() if key != "channel_id"},
        {key: value for key, value in raw_message().items() if key != "content"},
        raw_message(message_ts="yesterday"),
        raw_message(message_ts=1747100000.0002),
        raw_message(channel_id=["C0PRODUCT"]),
        raw_message(content=None),
        raw_message(content=":tada: <@U0ANA> <!here>"),
    ],
)
def test_a_malformed_entry_is_dropped_and_the_others_still_count(raw: object) -> None:
    kept = sanitized(raw, raw_message(message_ts="2.0"))

    assert [m.message_ts for m in kept] == ["2.0"]


def test_sizes_are_bounded() -> None:
    long = raw_message(
        content="x " * 10_000,
        author_name="A\nna " * 100,
        channel_name="c" * 500,
        author_user_id="U" * 200,
    )
    many = [raw_message(message_ts=f"1.{n}") for n in range(30)]

    [message] = sanitized(long)
    assert len(message.content) <= MAX_CONTENT_CHARS
    assert len(message.author_name) <= MAX_NAME_CHARS
    assert "\n" not in message.author_name
    assert len(message.channel_name) <= MAX_NAME_CHARS
    assert message.author_user_id == ""
    assert len(sanitized(*many, limit=4)) == 4
    assert sanitized(*many, limit=0) == []


def test_the_same_message_returned_twice_is_kept_once() -> None:
    assert len(sanitized(raw_message(), raw_message())) == 1


def test_markup_is_reduced_to_readable_text_for_extraction() -> None:
    content = (
        "&gt; <@U0ANA|ana> said in <#C0SALES|sales>: *report export* is _off_ for ~Team~ "
        "`Starter` :x::skin-tone-2: since 10:30:00 &amp; <https://docs.example.com|the docs> "
        "<https://jira.example.com/browse/PROD-9> <!here>"
    )

    [message] = sanitized(raw_message(content=content))

    assert message.content == (
        "@ana said in #sales: report export is off for Team Starter since 10:30:00 & "
        "the docs https://jira.example.com/browse/PROD-9"
    )
    assert message.tickets == ("PROD-9",)


def test_ticket_references_are_unique_in_order_and_at_most_five() -> None:
    text = "R-102 then PROD-482, R-102 again; A1-1 B-2 C-3 D-4 E-5"

    assert extract_tickets(text) == ("R-102", "PROD-482", "A1-1", "B-2", "C-3")
    assert len(extract_tickets(text)) == MAX_TICKETS


@pytest.mark.parametrize("text", ["prod-482", "xPROD-482", "PROD-", "PROD-48a", "eu-central-1"])
def test_text_that_only_resembles_a_ticket_is_not_one(text: str) -> None:
    assert extract_tickets(text) == ()


@pytest.mark.parametrize(
    "link",
    [
        "https://example.slack.com/archives/C0PRODUCT/p1747100000000200",
        "https://example.enterprise.slack.com/archives/C1/p2?thread_ts=1.2",
    ],
)
def test_an_https_permalink_is_kept(link: str) -> None:
    assert safe_permalink(link) == link


@pytest.mark.parametrize(
    "link",
    [
        "http://example.slack.com/archives/C1/p1",
        "javascript:alert(1)",
        "https://",
        "https:///archives/C1/p1",
        "https://user:pass@example.slack.com/archives/C1/p1",
        "https://example.slack.com/archives/C1/p1|click me",
        "https://example.slack.com/archives/C1/p1>",
        "https://example.slack.com/a b",
        "https://example.slack.com/" + "p" * 600,
        "",
        None,
        42,
    ],
)
def test_anything_but_a_plain_https_permalink_becomes_none(link: object) -> None:
    assert safe_permalink(link) is None
    [message] = sanitized(raw_message(permalink=link))
    assert message.permalink is None


_JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(max_size=40), st.sampled_from(["C1X", "1.2"])
)
_JSON = st.recursive(
    _JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=12,
)
_ENTRIES = st.one_of(
    _JSON,
    st.builds(
        raw_message,
        message_ts=st.one_of(st.sampled_from(["1.1", "1.2", "12.5"]), _JSON_LEAVES),
        channel_id=st.sampled_from(["C0A", "G0B", "D0C", "C0D"]),
        content=st.text(max_size=300),
        is_author_bot=st.one_of(st.booleans(), st.none()),
    ),
)


@settings(deadline=None)
@given(st.lists(_ENTRIES, max_size=12), st.integers(0, 10))
def test_sanitizing_any_results_never_fails_and_keeps_only_bounded_public_messages(
    raw: list[object], limit: int
) -> None:
    kept = sanitize_messages(raw, limit=limit, own_bot_user_id="U0BOT")

    assert len(kept) <= limit
    for message in kept:
        assert message.channel_id.startswith("C")
        assert 0 < len(message.content) <= MAX_CONTENT_CHARS
        assert len(message.tickets) <= MAX_TICKETS
        assert message.permalink is None or message.permalink.startswith("https://")


# --------------------------------------------------------------------------- search plan


def test_the_plan_drops_markup_greetings_question_words_and_stopwords() -> None:
    question = "<@U0BOT> hi! is :eyes: *report export* still on for Starter (LC-101)?"

    assert search_query(question) == "report export Starter LC-101"


def test_the_plan_keeps_plan_names_values_numbers_and_identifiers_in_order() -> None:
    question = "What's the rate limit on Team? Is it 50 requests/min, or disabled for eu-central?"

    assert search_query(question) == "rate limit Team 50 requests/min disabled eu-central"


def test_the_plan_keeps_link_labels_and_drops_urls_mentions_channels_and_commands() -> None:
    question = "<!here> <#C0SALES|sales> <@U0ANA|ana> see <https://x.example/p|export docs> <https://x.example/q>"

    assert search_query(question) == "see export docs"


def test_the_plan_keeps_each_term_once_as_first_written() -> None:
    assert search_query("Starter starter STARTER export Export") == "Starter export"


def test_the_plan_reads_possessives_and_contractions_as_the_word() -> None:
    assert search_query("Isn't Starter\u2019s export what's off?") == "Starter export off"


def test_the_plan_cannot_pass_search_modifiers_or_quotes_to_slack() -> None:
    query = search_query('-legacy "report export" in:#general from:@ana after:2024-01-01')

    assert query == "legacy report export general ana after 2024-01-01"


def test_the_plan_is_bounded_in_terms_and_characters() -> None:
    many = " ".join(f"term{n}" for n in range(40))
    long = " ".join(f"{'w' * 35}{n}" for n in range(10))

    assert len(search_query(many).split()) == MAX_TERMS
    assert len(search_query(long)) <= MAX_QUERY_CHARS
    assert search_query("x" * 41 + " export") == "export"


def test_the_plan_of_a_question_without_subject_is_empty() -> None:
    assert search_query("hey, what is it? :thinking_face: <@U0BOT>") == ""


_MARKUP = st.sampled_from(
    [
        "<@U0ANA>",
        "<@U0ANA|ana>",
        "<#C0SALES|sales>",
        "<!here>",
        "<!subteam^S0ENG|@eng>",
        "<https://x.example/a|label>",
        "<https://x.example/a>",
        ":tada:",
        ":+1::skin-tone-2:",
        "*bold*",
        "_it_",
        "~old~",
        "`code`",
        "&lt;@U1&gt;",
        "&amp;",
        "> ",
        "\n",
        "-",
        '"',
        "in:#x",
    ]
)
_WORDS = st.sampled_from(["report", "export", "Starter", "50", "eu-central", "the", "is", "R-102"])
_QUESTIONS = st.lists(st.one_of(_MARKUP, _WORDS, st.text(max_size=20)), max_size=40).map(" ".join)
_QUERY = re.compile(r"[\w%][\w.%/-]*( [\w%][\w.%/-]*)*")


@settings(deadline=None)
@given(_QUESTIONS)
def test_any_plan_is_bounded_and_free_of_markup(question: str) -> None:
    query = search_query(question)

    assert len(query) <= MAX_QUERY_CHARS
    assert len(query.split()) <= MAX_TERMS
    assert query == "" or _QUERY.fullmatch(query)
    assert not set(query) & set("<>|@#:*~`&\"'\n")
    assert search_query(query) == query
