"""The Slack search adapter: the real `WebClient` against a local Web API, the sanitizer and
the search plan.

The local Web API is a stdlib `http.server` on 127.0.0.1 that records each request and answers
what the test scripted, so the SDK's real request path (JSON body, headers, error handling) runs.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import socket
import threading
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from slack_sdk import WebClient

from adapters.slack_rts import SlackMessageSearch
from adapters.slack_rts.plan import MAX_QUERY_CHARS, MAX_TERMS, search_query
from adapters.slack_rts.sanitizer import (
    MAX_CONTENT_CHARS,
    MAX_NAME_CHARS,
    MAX_TICKETS,
    extract_tickets,
    safe_permalink,
    sanitize_messages,
)
from truthexpiry.models.errors import SearchUnavailableError
from truthexpiry.models.messages import SearchMessage

BOT_TOKEN = "xoxb-bottokencanary"
ACTION_TOKEN = "98765.43210.actiontokencanary"
QUESTION = "<@U0BOT> hey, is Zanzibarexport still on for Quokkaplan?"
PLANNED = "Zanzibarexport Quokkaplan"
CONTENT_CANARY = "slackcontentcanary"
SECRETS = ("Zanzibarexport", "Quokkaplan", ACTION_TOKEN, "actiontokencanary", BOT_TOKEN)


# --------------------------------------------------------------------------- local Web API


@dataclass
class Reply:
    status: int = 200
    body: str = json.dumps({"ok": True, "results": {"messages": []}})
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass(frozen=True)
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


class LocalWebApi:
    """A Web API that answers every method with `reply` and records what it was sent."""

    def __init__(self) -> None:
        self.reply = Reply()
        self.requests: list[Recorded] = []
        self.release = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/api/"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self.release.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def _handler_for(api: LocalWebApi) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            api.requests.append(Recorded(self.path, dict(self.headers), json.loads(raw or b"{}")))
            reply = api.reply
            if reply.delay:
                api.release.wait(reply.delay)
            payload = reply.body.encode()
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(payload)))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(payload)  # unless the client gave up (the timeout test)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep test output quiet

    return Handler


@pytest.fixture
def web_api() -> Iterator[LocalWebApi]:
    api = LocalWebApi()
    api.start()
    try:
        yield api
    finally:
        api.stop()


def client_for(api: LocalWebApi, *, timeout: int = 5) -> WebClient:
    return WebClient(token=BOT_TOKEN, base_url=api.base_url, timeout=timeout)


def ok(*messages: dict[str, Any]) -> str:
    return json.dumps({"ok": True, "results": {"messages": list(messages)}})


def failed(error: str, **extra: Any) -> str:
    return json.dumps({"ok": False, "error": error, **extra})


def raw_message(**fields: Any) -> dict[str, Any]:
    message: dict[str, Any] = {
        "author_user_id": "U0ANA",
        "author_name": "Ana",
        "team_id": "T0TEAM",
        "channel_id": "C0PRODUCT",
        "channel_name": "product",
        "message_ts": "1747100000.000200",
        "content": "Report export is off for Starter (PROD-482).",
        "is_author_bot": False,
        "permalink": "https://example.slack.com/archives/C0PRODUCT/p1747100000000200",
    }
    message.update(fields)
    return message


def search_failure(search: SlackMessageSearch) -> SearchUnavailableError:
    with pytest.raises(SearchUnavailableError) as caught:
        search.search(QUESTION, limit=5, action_token=ACTION_TOKEN)
    return caught.value


def assert_leaks_nothing(error: BaseException) -> None:
    shown = " ".join((str(error), repr(error), "".join(traceback.format_exception(error))))
    for secret in (*SECRETS, CONTENT_CANARY):
        assert secret not in shown
    assert error.__cause__ is None
    assert error.__context__ is None


# --------------------------------------------------------------------------- the search call


def test_one_question_makes_one_search_call_for_public_messages_with_semantic_search_on(
    web_api: LocalWebApi,
) -> None:
    SlackMessageSearch(client_for(web_api)).search(QUESTION, limit=5, action_token=ACTION_TOKEN)

    [request] = web_api.requests
    assert request.path == "/api/assistant.search.context"
    assert request.headers["Authorization"] == f"Bearer {BOT_TOKEN}"
    assert request.headers["Content-Type"].startswith("application/json")
    assert request.body == {
        "query": PLANNED,
        "action_token": ACTION_TOKEN,
        "channel_types": ["public_channel"],
        "content_types": ["messages"],
        "include_bots": False,
        "disable_semantic_search": False,
        "limit": 5,
    }


@pytest.mark.parametrize(
    ("limit", "max_results", "sent"), [(50, 20, 20), (50, 80, 20), (5, 3, 3), (2, 20, 2)]
)
def test_the_limit_sent_is_the_smallest_of_the_request_the_adapter_and_slacks_page_of_20(
    web_api: LocalWebApi, limit: int, max_results: int, sent: int
) -> None:
    search = SlackMessageSearch(client_for(web_api), max_results=max_results)

    search.search(QUESTION, limit=limit, action_token=ACTION_TOKEN)

    assert web_api.requests[0].body["limit"] == sent


@pytest.mark.parametrize("token", [None, ""])
def test_a_missing_action_token_fails_without_calling_slack(
    web_api: LocalWebApi, token: str | None
) -> None:
    with pytest.raises(SearchUnavailableError) as caught:
        SlackMessageSearch(client_for(web_api)).search(QUESTION, limit=5, action_token=token)

    assert caught.value.category == "missing_action_token"
    assert web_api.requests == []
    assert_leaks_nothing(caught.value)


@pytest.mark.parametrize("question", ["hi there?", "<@U0BOT> :wave:", "", "   "])
def test_a_question_with_nothing_to_search_finds_nothing_without_calling_slack(
    web_api: LocalWebApi, question: str
) -> None:
    found = SlackMessageSearch(client_for(web_api)).search(
        question, limit=5, action_token=ACTION_TOKEN
    )

    assert found == ()
    assert web_api.requests == []


def test_results_become_sanitized_search_messages(web_api: LocalWebApi) -> None:
    web_api.reply = Reply(
        body=ok(
            raw_message(content="*Report export* is off for Starter :x: (PROD-482)"),
            raw_message(message_ts="1.2", channel_id="G0SECRET"),
            raw_message(message_ts="1.3", is_author_bot=True),
            raw_message(message_ts="1.4", author_user_id="U0BOT"),
        )
    )
    search = SlackMessageSearch(client_for(web_api), bot_user_id="U0BOT")

    found = search.search(QUESTION, limit=5, action_token=ACTION_TOKEN)

    assert found == (
        SearchMessage(
            message_ts="1747100000.000200",
            channel_id="C0PRODUCT",
            channel_name="product",
            author_user_id="U0ANA",
            author_name="Ana",
            content="Report export is off for Starter (PROD-482)",
            permalink="https://example.slack.com/archives/C0PRODUCT/p1747100000000200",
            tickets=("PROD-482",),
        ),
    )


def test_results_without_messages_are_an_empty_search(web_api: LocalWebApi) -> None:
    web_api.reply = Reply(body=json.dumps({"ok": True, "results": {}}))

    found = SlackMessageSearch(client_for(web_api)).search(
        QUESTION, limit=5, action_token=ACTION_TOKEN
    )

    assert found == ()


def test_the_sdk_logs_nothing_from_the_question_or_the_tokens_at_info_level(
    web_api: LocalWebApi, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    search = SlackMessageSearch(client_for(web_api))
    web_api.reply = Reply(body=ok(raw_message(content=f"{CONTENT_CANARY} is on")))
    search.search(QUESTION, limit=5, action_token=ACTION_TOKEN)
    web_api.reply = Reply(body=failed("invalid_action_token"))
    search_failure(search)

    for secret in (*SECRETS, CONTENT_CANARY):
        assert secret not in caplog.text


# --------------------------------------------------------------------------- failures

SLACK_ERRORS = [
    (Reply(body=failed("invalid_action_token")), "invalid_action_token"),
    (Reply(body=failed("feature_not_enabled")), "feature_not_enabled"),
    (Reply(body=failed("missing_scope", needed="search:read.public")), "missing_scope"),
    (Reply(body=failed("not_allowed_token_type")), "not_allowed"),
    (Reply(body=failed("access_denied")), "not_allowed"),
    (Reply(body=failed("invalid_auth", detail=CONTENT_CANARY)), "slack_error"),
    (Reply(body=failed("internal_error")), "slack_error"),
    (Reply(status=503, body=failed("service_unavailable")), "slack_error"),
    (Reply(status=500, body=f"<html>{CONTENT_CANARY}</html>"), "slack_error"),
    (Reply(body=f"<html>{CONTENT_CANARY}</html>"), "invalid_response"),
    (Reply(body='{"ok": true, "results": [' + CONTENT_CANARY), "invalid_response"),
    (Reply(body=json.dumps([{"content": CONTENT_CANARY}])), "invalid_response"),
    (Reply(body=json.dumps({"ok": True})), "invalid_response"),
    (Reply(body=json.dumps({"ok": True, "results": [CONTENT_CANARY]})), "invalid_response"),
    (Reply(body=json.dumps({"ok": True, "results": {"messages": {}}})), "invalid_response"),
    (Reply(body=json.dumps({"ok": False})), "invalid_response"),
]


@pytest.mark.parametrize(("reply", "category"), SLACK_ERRORS)
def test_each_slack_failure_maps_to_its_category_and_leaks_nothing(
    web_api: LocalWebApi, reply: Reply, category: str
) -> None:
    web_api.reply = reply

    error = search_failure(SlackMessageSearch(client_for(web_api)))

    assert error.category == category
    assert error.retry_after is None
    assert len(web_api.requests) == 1
    assert_leaks_nothing(error)


def test_an_unknown_slack_error_is_named_by_its_code(web_api: LocalWebApi) -> None:
    web_api.reply = Reply(body=failed("invalid_auth"))

    error = search_failure(SlackMessageSearch(client_for(web_api)))

    assert "invalid_auth" in str(error)


@pytest.mark.parametrize(
    ("reply", "retry_after"),
    [
        (Reply(429, failed("ratelimited"), {"Retry-After": "7"}), 7),
        (Reply(429, "", {"Retry-After": "30"}), 30),
        (Reply(429, failed("ratelimited"), {"Retry-After": "999999"}), 3600),
        (Reply(429, failed("ratelimited"), {"Retry-After": "soon"}), None),
        (Reply(429, failed("ratelimited")), None),
        (Reply(200, failed("rate_limited")), None),
        (Reply(200, failed("ratelimited")), None),
    ],
)
def test_rate_limiting_carries_the_retry_after_seconds_when_slack_gives_them(
    web_api: LocalWebApi, reply: Reply, retry_after: int | None
) -> None:
    web_api.reply = reply

    error = search_failure(SlackMessageSearch(client_for(web_api)))

    assert error.category == "ratelimited"
    assert error.retry_after == retry_after
    assert len(web_api.requests) == 1
    assert_leaks_nothing(error)


def test_a_refused_connection_is_a_transport_failure() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = WebClient(token=BOT_TOKEN, base_url=f"http://127.0.0.1:{port}/api/", timeout=2)

    error = search_failure(SlackMessageSearch(client))

    assert error.category == "transport"
    assert_leaks_nothing(error)


def test_a_slow_answer_is_a_transport_failure_after_the_client_timeout(
    web_api: LocalWebApi,
) -> None:
    web_api.reply = Reply(body=ok(raw_message()), delay=5.0)

    error = search_failure(SlackMessageSearch(client_for(web_api, timeout=1)))

    assert error.category == "transport"
    assert_leaks_nothing(error)


def test_max_results_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="max_results"):
        SlackMessageSearch(WebClient(token=BOT_TOKEN), max_results=0)


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


@settings(max_examples=200, deadline=None)
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


@settings(max_examples=300, deadline=None)
@given(_QUESTIONS)
def test_any_plan_is_bounded_and_free_of_markup(question: str) -> None:
    query = search_query(question)

    assert len(query) <= MAX_QUERY_CHARS
    assert len(query.split()) <= MAX_TERMS
    assert query == "" or _QUERY.fullmatch(query)
    assert not set(query) & set("<>|@#:*~`&\"'\n")
    assert search_query(query) == query
