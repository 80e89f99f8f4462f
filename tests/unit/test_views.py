"""Rendering for Slack: verdict cards, the App Home and the short replies, as pure functions.

Realistic responses come from the real offline pipeline on the demo data; synthetic ones push
the limits (100 claims, 10,000-character values, hostile strings). Every rendering is checked
against Block Kit's shapes and limits by `block_kit`.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bootstrap import build_pipeline
from listeners.views import messages
from listeners.views.app_home import home_view
from listeners.views.blocks import Reply
from listeners.views.verdict_card import FEEDBACK_BUTTONS, verdict_reply
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock
from tests.unit import block_kit
from tests.unit.builders import KEY, claim, record
from truthexpiry.models.answering.claims import ClaimSource
from truthexpiry.models.answering.messages import MessageRef
from truthexpiry.models.answering.notices import (
    EvidenceUnavailable,
    FallbackReason,
    ModelFallback,
    NothingToCheck,
    Notice,
    SearchUnavailable,
)
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.answering.verdicts import Answer, Verdict
from truthexpiry.models.errors import SearchFailure, SearchUnavailableError
from truthexpiry.models.records.catalog import AttributeInfo, Catalog, EntityInfo
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.records.values import ValueType
from truthexpiry.models.status import Status
from truthexpiry.services.pipeline import TruthExpiryPipeline
from wording.notices import notice_text, notices_text

TODAY = date(2026, 11, 30)
CANARY = "zq-canary-7f3a"
VIEWS = Path(__file__).resolve().parents[2] / "listeners" / "views"
WORDING = Path(__file__).resolve().parents[2] / "wording"
# Rendering a response of 100 verdicts takes longer than hypothesis's per-example deadline on a
# busy machine; the drawn data stays small (see `_responses`), so no health check is waived.
PROPERTY = settings(max_examples=60, deadline=None)
BADGES = {
    ":white_check_mark:": Status.CURRENT,
    ":x:": Status.SUPERSEDED,
    ":warning:": Status.CONFLICTING,
    ":grey_question:": Status.UNVERIFIED,
}
DEMO_QUESTIONS = [
    "Is report export still available on Starter?",
    "What is the API rate limit on Starter?",
    "What is the refund window on Enterprise?",
    "What is the legacy API sunset on Starter?",
    "Is SSO login enabled on Starter?",
    "What is the data residency storage region on Enterprise?",
    "Tell me a joke",
]
HISTORY = (
    record("LC-100", "enabled", "2024-01-15"),
    record("LC-101", "disabled", "2026-05-12", supersedes="LC-100"),
)


@pytest.fixture(scope="module")
def pipeline() -> TruthExpiryPipeline:
    return build_pipeline(clock=FixedClock(TODAY))


def ask(pipeline: TruthExpiryPipeline, question: str) -> Reply:
    return verdict_reply(pipeline.run(TruthExpiryRequest(question)))


def message_verdict(
    status: Status = Status.SUPERSEDED,
    stated: str = "enabled",
    *,
    n: int = 0,
    permalink: str | None = None,
    tickets: tuple[str, ...] = (),
    current: tuple[str, ...] = ("disabled",),
    record_ids: tuple[str, ...] = ("LC-101",),
    explanation: str = "The current value is 'disabled' per LC-101.",
    timeline: tuple[LifecycleRecord, ...] = HISTORY,
    subject: str = "Report export availability",
    key: ClaimKey = KEY,
) -> Verdict:
    link = permalink or f"https://example.slack.com/archives/C0DEMOSALES/p1714000000{n:06d}"
    ref = MessageRef(f"1714000000.{n:06d}", "C0DEMOSALES", link, tickets)
    said = claim(stated, key, source=ClaimSource.MESSAGE, message=ref)
    return Verdict(said, key, status, current, record_ids, explanation, None, timeline, subject)


def question_verdict(status: Status = Status.SUPERSEDED, stated: str = "enabled") -> Verdict:
    said = claim(stated, KEY, source=ClaimSource.QUESTION)
    return Verdict(
        said, KEY, status, ("disabled",), ("LC-101",), "Stated 'enabled'.", None, HISTORY, "RE"
    )


def answer(value: str = "disabled", status: Status = Status.CURRENT) -> Answer:
    return Answer(KEY, status, (value,), ("LC-101",), "The current value is it.", HISTORY, "RE")


def respond(
    *verdicts: Verdict, answers: tuple[Answer, ...] = (), notice: str | None = None
) -> TruthExpiryResponse:
    """A response; `notice` is the reason of an evidence outage, the one notice with free text."""
    notices = () if notice is None else (EvidenceUnavailable(notice),)
    return TruthExpiryResponse(TODAY, verdicts, answers, notices, messages_searched=len(verdicts))


def statuses_shown(blocks: list[dict[str, object]]) -> list[Status]:
    """The status of every claim section, in order: those start with the status badge."""
    shown = []
    for text in block_kit.section_texts(blocks):
        emoji = text.split(" ", 1)[0]
        if emoji in BADGES:
            shown.append(BADGES[emoji])
    return shown


def overflow_count(blocks: list[dict[str, object]]) -> int:
    for text in block_kit.section_texts(blocks):
        if match := re.match(r"\u2026and (\d+) more (?:claim|result)s? not shown", text):
            return int(match.group(1))
    return 0


# --- realistic responses, through the real offline pipeline -------------------------------


@pytest.mark.parametrize("question", DEMO_QUESTIONS)
def test_every_demo_reply_is_valid_block_kit_within_limits(
    pipeline: TruthExpiryPipeline, question: str
) -> None:
    reply = ask(pipeline, question)
    block_kit.check_message(reply.text, reply.blocks)


@pytest.mark.parametrize("question", DEMO_QUESTIONS)
def test_the_question_text_is_never_echoed(pipeline: TruthExpiryPipeline, question: str) -> None:
    asked = f"{question} {CANARY}"
    reply = ask(pipeline, asked)
    rendered = reply.text + json.dumps(reply.blocks, ensure_ascii=False)
    assert CANARY not in rendered
    assert asked not in rendered
    assert question not in rendered


@pytest.mark.parametrize("question", DEMO_QUESTIONS)
def test_links_use_slack_syntax_never_markdown(
    pipeline: TruthExpiryPipeline, question: str
) -> None:
    reply = ask(pipeline, question)
    assert not block_kit.MARKDOWN_LINK.search(block_kit.all_text(reply.blocks) + reply.text)


def test_a_stale_claim_in_the_question_shows_status_stated_and_current_value_with_record(
    pipeline: TruthExpiryPipeline,
) -> None:
    reply = ask(pipeline, "Is report export still available on Starter?")
    first = block_kit.section_texts(reply.blocks)[0]
    assert first.startswith(":x: *SUPERSEDED* · your question assumes")
    assert "Stated: *enabled*" in first
    assert "Current value: *disabled* \u2014 LC-101 · SHIPPED · effective 2026-05-12" in first
    assert "Report export availability" in first
    assert "plan=starter" in first
    assert reply.blocks[0]["type"] == "header"
    assert "SUPERSEDED" in reply.blocks[0]["text"]["text"]


def test_the_lifecycle_timeline_is_one_compact_context_line_with_states(
    pipeline: TruthExpiryPipeline,
) -> None:
    reply = ask(pipeline, "Is report export still available on Starter?")
    history = [
        text
        for block in reply.blocks
        if block["type"] == "context"
        for text in block_kit.mrkdwn_texts([block])
        if text.startswith("History: ")
    ]
    assert history == [
        "History: 2024-01-15 · LC-100 · SHIPPED · enabled"
        " \u2192 *2026-05-12 · LC-101 · SHIPPED · disabled*"
    ]


def test_stale_and_agreeing_messages_link_to_their_permalinks(
    pipeline: TruthExpiryPipeline,
) -> None:
    reply = ask(pipeline, "Is report export still available on Starter?")
    texts = block_kit.section_texts(reply.blocks)
    stale = "<https://example.slack.com/archives/C0DEMOSALES/p1714000000000100|a message>"
    agrees = "<https://example.slack.com/archives/C0DEMOPROD/p1747100000000200|a message>"
    assert any(t.startswith(":x: *SUPERSEDED* · " + stale + " in <#C0DEMOSALES>") for t in texts)
    assert any(t.startswith(":white_check_mark: *CURRENT* · " + agrees) for t in texts)


def test_an_answer_shows_the_current_value_record_and_date_before_the_messages(
    pipeline: TruthExpiryPipeline,
) -> None:
    reply = ask(pipeline, "What is the API rate limit on Starter?")
    texts = block_kit.section_texts(reply.blocks)
    assert texts[0].startswith("*Answer* · *API rate limit")
    assert "Current value: *50* \u2014 LC-111 · SHIPPED · effective 2024-06-01" in texts[0]
    assert statuses_shown(reply.blocks) == [Status.SUPERSEDED, Status.CURRENT]
    assert "Answer: API rate limit" in reply.text
    assert "current 50 per LC-111" in reply.text


def test_conflicting_records_are_all_cited(pipeline: TruthExpiryPipeline) -> None:
    reply = ask(pipeline, "What is the refund window on Enterprise?")
    first = block_kit.section_texts(reply.blocks)[0]
    assert ":warning: *CONFLICTING*" in first
    assert "LC-120 · EFFECTIVE · effective 2024-03-01" in first
    assert "LC-121 · SHIPPED · effective 2024-03-01" in first
    assert reply.blocks[0]["text"]["text"] == "Refund window: the records disagree"


def test_unavailable_evidence_shows_the_notice_in_the_card_and_the_fallback() -> None:
    down = build_pipeline(
        search=FakeMessageSearch(),
        evidence=FakeLifecycleEvidence([], catalog_unavailable=True),
        clock=FixedClock(TODAY),
    )
    reply = verdict_reply(down.run(TruthExpiryRequest("Is report export on Starter?")))
    block_kit.check_message(reply.text, reply.blocks)
    notice = [t for t in block_kit.section_texts(reply.blocks) if t.startswith(":information")]
    assert len(notice) == 1
    assert "Lifecycle evidence is unavailable" in notice[0]
    assert "Note: Lifecycle evidence is unavailable" in reply.text


def test_unavailable_search_is_noticed_and_the_records_still_answer() -> None:
    failing = FakeMessageSearch(
        failure=SearchUnavailableError("busy", category=SearchFailure.RATELIMITED)
    )
    evidence = FakeLifecycleEvidence(list(HISTORY))
    checked = build_pipeline(search=failing, evidence=evidence, clock=FixedClock(TODAY))
    question = TruthExpiryRequest("Is report export still available on Starter?")
    reply = verdict_reply(checked.run(question))
    texts = block_kit.section_texts(reply.blocks)
    assert any("Slack search is busy right now, so this answer uses" in t for t in texts)
    assert not any("ratelimited" in t for t in [*texts, reply.text])
    assert statuses_shown(reply.blocks) == [Status.SUPERSEDED]


# --- synthetic responses: order, escaping, feedback, limits -------------------------------


def test_message_claims_come_superseded_first_after_answers_and_the_questions_claims() -> None:
    found = [
        message_verdict(Status.CURRENT, "disabled", n=1),
        message_verdict(Status.UNVERIFIED, n=2),
        message_verdict(Status.SUPERSEDED, n=3),
        message_verdict(Status.CONFLICTING, n=4),
        message_verdict(Status.SUPERSEDED, n=5),
    ]
    reply = verdict_reply(
        respond(*found, question_verdict(Status.CURRENT, "disabled"), answers=(answer(),))
    )
    texts = block_kit.section_texts(reply.blocks)
    assert texts[0].startswith("*Answer*")
    assert texts[1].startswith(":white_check_mark: *CURRENT* · your question assumes")
    assert statuses_shown(reply.blocks)[1:] == [
        Status.SUPERSEDED,
        Status.SUPERSEDED,
        Status.CONFLICTING,
        Status.CURRENT,
        Status.UNVERIFIED,
    ]
    links = re.findall(r"p1714000000(\d{6})\|", "\n".join(texts))
    assert links == ["000003", "000005", "000004", "000001", "000002"]  # stable within a status


def test_feedback_buttons_carry_fixed_ids_and_values_and_close_the_card() -> None:
    reply = verdict_reply(respond(message_verdict(stated=f"enabled {CANARY}")))
    last = reply.blocks[-1]
    assert last["type"] == "actions"
    buttons = [(b["action_id"], b["value"]) for b in last["elements"]]
    assert buttons == [("truthexpiry_feedback_up", "up"), ("truthexpiry_feedback_down", "down")]
    assert list(FEEDBACK_BUTTONS) == ["up", "down"]
    assert CANARY not in json.dumps(last)


def test_values_from_data_are_escaped_for_mrkdwn() -> None:
    hostile = "<!channel> & <https://evil.example|click> *bold*"
    verdict = message_verdict(
        stated=hostile,
        current=(hostile,),
        record_ids=("<R&1>",),
        explanation=hostile,
        tickets=("<T>",),
        subject=hostile,
        timeline=(record("<R&1>", hostile),),
    )
    reply = verdict_reply(respond(verdict, notice=hostile))
    block_kit.check_message(reply.text, reply.blocks)
    rendered = block_kit.all_text(reply.blocks)
    assert "&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;" in rendered
    assert "<!channel>" not in rendered + reply.text
    assert "&lt;R&amp;1&gt;" in rendered


@pytest.mark.parametrize(
    "permalink",
    [
        "javascript:alert(1)",
        "https://example.slack.com/a b",
        "ftp://example.slack.com/archives/C1/p1",
    ],
)
def test_a_permalink_that_is_not_a_plain_url_is_shown_unlinked(permalink: str) -> None:
    reply = verdict_reply(respond(message_verdict(permalink=permalink)))
    block_kit.check_message(reply.text, reply.blocks)
    assert ":x: *SUPERSEDED* · a message in <#C0DEMOSALES>" in block_kit.all_text(reply.blocks)


def test_a_permalink_with_a_pipe_ampersand_or_angle_bracket_stays_one_link() -> None:
    url = "https://example.slack.com/archives/C1/p1?thread_ts=1&cid=C1|x<!here>"
    reply = verdict_reply(respond(message_verdict(permalink=url)))
    block_kit.check_message(reply.text, reply.blocks)
    expected = (
        "<https://example.slack.com/archives/C1/p1?thread_ts=1&amp;cid=C1%7Cx&lt;!here&gt;"
        "|a message>"
    )
    assert expected in block_kit.all_text(reply.blocks)


def test_ticket_references_are_listed_with_the_message() -> None:
    reply = verdict_reply(respond(message_verdict(tickets=("PROD-482", "OPS-7"))))
    assert "Tickets: PROD-482, OPS-7" in block_kit.all_text(reply.blocks)


def test_twenty_claims_all_fit_within_slack_limits() -> None:
    found = [
        message_verdict(Status.SUPERSEDED if i % 3 else Status.CURRENT, n=i) for i in range(20)
    ]
    reply = verdict_reply(respond(*found))
    block_kit.check_message(reply.text, reply.blocks)
    assert len(statuses_shown(reply.blocks)) == 20
    assert overflow_count(reply.blocks) == 0


def test_a_hundred_claims_are_summarised_by_status_not_dropped() -> None:
    found = [
        message_verdict(Status.SUPERSEDED if i % 4 else Status.CURRENT, n=i) for i in range(100)
    ]
    reply = verdict_reply(respond(question_verdict(), *found, answers=(answer(),)))
    block_kit.check_message(reply.text, reply.blocks)
    shown = statuses_shown(reply.blocks)
    hidden = overflow_count(reply.blocks)
    assert len(shown) + hidden == 101  # the question's claim and 100 message claims
    summary = next(t for t in block_kit.section_texts(reply.blocks) if t.startswith("\u2026and"))
    superseded_hidden = 75 - shown.count(Status.SUPERSEDED) + 1  # +1: the question's own claim
    current_hidden = 25 - shown.count(Status.CURRENT)
    assert summary == (
        f"\u2026and {hidden} more claims not shown: "
        f"{superseded_hidden} SUPERSEDED, {current_hidden} CURRENT."
    ).replace(", 0 CURRENT", "")


def test_ten_thousand_character_values_are_clipped_with_an_ellipsis() -> None:
    huge = "x" * 10_000
    key = ClaimKey("e" * 10_000, "a" * 10_000, (("plan", "p" * 10_000),))
    timeline = tuple(record(f"R{i}{huge}", huge, key=key) for i in range(30))
    verdict = message_verdict(
        stated=huge,
        current=(huge,) * 10,
        record_ids=tuple(r.record_id for r in timeline[:10]),
        explanation=huge,
        tickets=(huge,) * 20,
        subject=huge,
        key=key,
        timeline=timeline,
        permalink="https://example.slack.com/" + huge,
    )
    items = [verdict, question_verdict()]
    reply = verdict_reply(respond(*items * 30, answers=(answer(huge),) * 5, notice=huge))
    block_kit.check_message(reply.text, reply.blocks)
    assert "x" * 149 + "\u2026" in block_kit.all_text(reply.blocks)
    assert len(statuses_shown(reply.blocks)) + overflow_count(reply.blocks) == 60


def test_a_long_permalink_is_left_unlinked_rather_than_cut() -> None:
    url = "https://example.slack.com/archives/C1/p1?" + "q=1&" * 500
    reply = verdict_reply(respond(message_verdict(permalink=url)))
    block_kit.check_message(reply.text, reply.blocks)
    assert "https://example.slack.com" not in block_kit.all_text(reply.blocks)


def test_the_fallback_text_names_each_verdict_and_stays_bounded() -> None:
    reply = verdict_reply(respond(question_verdict(), message_verdict(), answers=(answer(),)))
    assert reply.text.splitlines() == [
        "TruthExpiry, checked against the lifecycle records as of 2026-11-30.",
        "Answer: RE (plan=starter, region=global): current disabled per LC-101 (CURRENT).",
        "SUPERSEDED: RE (plan=starter, region=global): stated enabled; "
        "current disabled per LC-101.",
        "In Slack: 1 claim: 1 SUPERSEDED.",
    ]
    many = [question_verdict(stated="y" * 10_000)] * 100
    assert len(verdict_reply(respond(*many, notice="n" * 10_000)).text) <= 3000


def test_an_empty_response_still_renders_a_valid_card() -> None:
    reply = verdict_reply(TruthExpiryResponse(TODAY, ()))
    block_kit.check_message(reply.text, reply.blocks)
    assert reply.blocks[0]["text"]["text"] == "No claim to check"


# --- property: any response renders within every limit ------------------------------------

_TEXT = st.text(max_size=120) | st.sampled_from(["", "<!here>", "&amp;", "a|b>", "x" * 10_000])
_URL = st.none() | _TEXT | st.builds(lambda t: "https://example.slack.com/" + t, _TEXT)


@st.composite
def _records(draw: st.DrawFn, key: ClaimKey) -> LifecycleRecord:
    return LifecycleRecord(
        record_id=draw(_TEXT),
        key=key,
        value=draw(_TEXT),
        state=draw(st.sampled_from(LifecycleState)),
        effective_date=draw(st.dates()),
    )


@st.composite
def _keys(draw: st.DrawFn) -> ClaimKey:
    scope = draw(st.lists(st.tuples(_TEXT, _TEXT), max_size=3))
    return ClaimKey(draw(_TEXT), draw(_TEXT), tuple(scope))


@st.composite
def _verdicts(draw: st.DrawFn) -> Verdict:
    key = draw(_keys())
    timeline = tuple(draw(st.lists(_records(key), max_size=12)))
    known_ids = st.sampled_from([r.record_id for r in timeline]) if timeline else _TEXT
    record_ids = tuple(draw(st.lists(known_ids | _TEXT, max_size=5)))
    source = draw(st.sampled_from(ClaimSource))
    ref = None
    if source is ClaimSource.MESSAGE:
        tickets = tuple(draw(st.lists(_TEXT, max_size=8)))
        ref = MessageRef(draw(_TEXT), draw(_TEXT | st.just("C0DEMO")), draw(_URL), tickets)
    return Verdict(
        claim(draw(_TEXT), key, source=source, message=ref),
        key,
        draw(st.sampled_from(Status)),
        tuple(draw(st.lists(_TEXT, max_size=5))),
        record_ids,
        draw(_TEXT),
        None,
        timeline,
        draw(_TEXT),
    )


@st.composite
def _responses(draw: st.DrawFn) -> TruthExpiryResponse:
    """Up to 100 verdicts, the count spread over the whole range; they repeat a few distinct
    drawn ones, since what the limits depend on is how many there are and how big each is."""
    count = draw(st.integers(min_value=0, max_value=100))
    distinct = draw(st.lists(_verdicts(), min_size=1, max_size=4))
    verdicts = [distinct[n % len(distinct)] for n in range(count)]
    answers = [
        Answer(
            v.key, v.status, v.current_values, v.record_ids, v.explanation, v.timeline, v.subject
        )
        for v in distinct[: draw(st.integers(0, 3))]
    ]
    notices = draw(st.lists(_TEXT.map(EvidenceUnavailable), max_size=2))
    return TruthExpiryResponse(draw(st.dates()), tuple(verdicts), tuple(answers), tuple(notices), 7)


@PROPERTY
@given(_responses())
def test_any_response_renders_within_all_limits_and_accounts_for_every_item(
    response: TruthExpiryResponse,
) -> None:
    reply = verdict_reply(response)
    block_kit.check_message(reply.text, reply.blocks)
    shown = len(statuses_shown(reply.blocks)) + sum(
        t.startswith("*Answer*") for t in block_kit.section_texts(reply.blocks)
    )
    assert shown + overflow_count(reply.blocks) == len(response.verdicts) + len(response.answers)
    assert reply.blocks[-1]["type"] == "actions"


# --- the App Home ---------------------------------------------------------------------------


def test_app_home_explains_how_to_ask_and_the_four_statuses(catalog: Catalog) -> None:
    view = home_view(catalog, dataset_version="demo-2026-11")
    block_kit.check_view(view)
    text = block_kit.all_text(view["blocks"])
    for way in ("Mention me", "direct message", "assistant panel", "Check this message"):
        assert way in text
    for status in Status:
        assert f"*{status.value}*" in text
    assert "Lifecycle dataset: demo-2026-11" in text


def test_app_home_lists_every_topic_with_its_scope_values(catalog: Catalog) -> None:
    text = block_kit.all_text(home_view(catalog, dataset_version="v")["blocks"])
    assert "\u2022 *Report export* availability \u2014 plan: enterprise, starter, team" in text
    for entity in catalog.entities.values():
        assert f"*{entity.label}*" in text


def test_app_home_of_a_huge_catalog_stays_within_100_blocks_and_counts_the_rest() -> None:
    huge = big_catalog(3000, label="L&<" * 300)
    view = home_view(huge, dataset_version="<v&1>" * 100)
    block_kit.check_view(view)
    assert len(view["blocks"]) == 100
    last_topics = view["blocks"][-2]
    assert last_topics["type"] == "context"
    assert re.search(r"and \d+ more topics not shown", block_kit.all_text([last_topics]))


def test_app_home_of_an_empty_catalog_says_there_is_nothing_yet() -> None:
    view = home_view(big_catalog(0), dataset_version="empty")
    block_kit.check_view(view)
    assert "Nothing yet" in block_kit.all_text(view["blocks"])


def big_catalog(size: int, label: str = "Thing") -> Catalog:
    entities = {f"e{i}": EntityInfo(f"e{i}", f"{label} {i}") for i in range(size)}
    attributes = {
        (f"e{i}", "availability"): AttributeInfo(
            f"e{i}",
            "availability",
            "availability",
            {"plan": ("starter", "pro"), "region": ("global",)},
            ValueType.BOOLEAN,
        )
        for i in range(size)
    }
    return Catalog("big", "fp", entities, attributes)


# --- short replies and suggested prompts ----------------------------------------------------

SHORT_REPLIES: dict[str, Callable[[], Reply]] = {
    "restarting": messages.restarting,
    "too_long": lambda: messages.too_long(4000),
    "not_public": messages.not_public,
    "internal": messages.internal_error,
}


@pytest.mark.parametrize("make", SHORT_REPLIES.values(), ids=SHORT_REPLIES.keys())
def test_each_short_reply_is_one_valid_section_with_a_matching_fallback(
    make: Callable[[], Reply],
) -> None:
    reply = make()
    block_kit.check_message(reply.text, reply.blocks)
    assert len(reply.blocks) == 1
    assert reply.text in reply.blocks[0]["text"]["text"]
    assert len(reply.text) < 300


def test_a_rate_limited_search_says_when_to_ask_again() -> None:
    assert "Ask again in 30 seconds" in notice_text(SearchUnavailable("ratelimited", 30))
    assert "Ask again" not in notice_text(SearchUnavailable("ratelimited"))


@pytest.mark.parametrize(
    "category", ["ratelimited", "invalid_action_token", "feature_not_enabled", "transport"]
)
def test_each_search_failure_is_worded_without_its_category(category: str) -> None:
    said = notice_text(SearchUnavailable(category))
    assert category not in said
    assert "lifecycle records only" in said


@pytest.mark.parametrize(
    "category", ["ratelimited", "missing_action_token", "transport", "weird_internal_label"]
)
def test_a_search_failure_says_the_records_alone_answered_once(category: str) -> None:
    assert notice_text(SearchUnavailable(category)).count("lifecycle records only") == 1


def test_a_message_that_came_without_a_search_is_not_called_an_outage() -> None:
    said = notice_text(SearchUnavailable("missing_action_token"))
    assert "unavailable" not in said
    assert said.startswith("Slack did not offer a search with this message")


def test_an_unknown_search_category_gets_general_words_and_is_not_shown() -> None:
    said = notice_text(SearchUnavailable("weird_internal_label"))
    assert "weird_internal_label" not in said
    assert "Slack search is unavailable" in said


def test_every_notice_kind_is_worded() -> None:
    notices: list[Notice] = [
        EvidenceUnavailable("the lifecycle server did not answer within 2 s"),
        SearchUnavailable("transport"),
        ModelFallback(FallbackReason.TIMEOUT),
        NothingToCheck(found=("Report export",), examples=("Is report export enabled?",)),
        NothingToCheck(topics=("Report export availability",)),
    ]
    for notice in notices:
        assert notice_text(notice).endswith(".")
    assert notices_text([]) is None


def test_the_too_long_reply_names_the_limit() -> None:
    assert "over 4,000 characters" in messages.too_long(4000).text


def test_the_working_status_and_greeting_are_plain_short_text() -> None:
    assert messages.WORKING_STATUS.startswith("is ")
    assert len(messages.GREETING) < 400


def test_suggested_prompts_are_at_most_four_with_a_title_and_a_message(catalog: Catalog) -> None:
    prompts = messages.suggested_prompts(catalog)
    assert 1 <= len(prompts) <= 4
    for prompt in prompts:
        assert set(prompt) == {"title", "message"}
        assert 0 < len(prompt["title"]) <= 75
        assert prompt["message"].endswith("?")
    assert len({p["title"] for p in prompts}) == len(prompts)


def test_suggested_prompts_ask_enabled_for_on_off_topics_and_what_is_for_others(
    catalog: Catalog,
) -> None:
    asked = [p["message"] for p in messages.suggested_prompts(catalog)]
    assert any(re.fullmatch(r"Is [\w ]+ enabled on \w+\?", m) for m in asked)
    assert any(re.fullmatch(r"What is the [\w ]+ on \w+\?", m) for m in asked)


def test_suggested_prompts_are_questions_the_pipeline_answers(
    catalog: Catalog, pipeline: TruthExpiryPipeline
) -> None:
    for prompt in messages.suggested_prompts(catalog):
        response = pipeline.run(TruthExpiryRequest(prompt["message"]))
        assert response.answers or response.question_verdicts, prompt
        assert response.notices == (), prompt


def test_suggested_prompts_of_an_empty_catalog_are_empty() -> None:
    assert messages.suggested_prompts(big_catalog(0)) == []


def test_suggested_prompts_never_carry_angle_brackets() -> None:
    prompts = messages.suggested_prompts(big_catalog(2, label="<!here> Thing"))
    assert prompts
    assert all("<" not in p["title"] + p["message"] for p in prompts)


# --- purity ----------------------------------------------------------------------------------


# Pure functions of the catalog that views may word their text with.
PURE_DOMAIN_SERVICES = frozenset({"truthexpiry.catalog.derive", "truthexpiry.catalog.examples"})


def test_views_import_nothing_from_slack_or_any_io_layer() -> None:
    allowed_roots = {"__future__", "collections", "dataclasses", "itertools", "re", "typing"}
    for path in [*VIEWS.glob("*.py"), *WORDING.glob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                root = name.split(".")[0]
                inside = name.startswith(("listeners.views", "wording", "truthexpiry.models"))
                domain_service = name in PURE_DOMAIN_SERVICES
                assert inside or domain_service or root in allowed_roots, (path.name, name)
