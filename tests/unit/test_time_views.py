"""The reply card for questions about time: the transitions (a first value as new, a conflict as
such), what is coming (never as in effect), the date judged on and why, and the report's flags,
within Block Kit's limits, with the plain-text fallback and the command line in the same words."""

from __future__ import annotations

from datetime import date

import pytest

from bootstrap import build_pipeline
from cli.output import to_text
from listeners.views.blocks import Reply
from listeners.views.time_card import MAX_TIME_LINES
from listeners.views.verdict_card import verdict_reply
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock
from tests.unit import block_kit
from tests.unit.builders import record
from tests.unit.test_pipeline_time import RECORDS, TODAY, ask, pipeline
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.notices import EvidenceUnavailable
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleState
from truthexpiry.models.status import Status
from truthexpiry.models.time.changes import ChangeSubject, TimeReport, Transition, UpcomingChange
from truthexpiry.models.time.periods import DateWindow, TimeQuestion, TimeReading

HOSTILE = "<!channel> & <https://evil.example|click> *bold* " + "x" * 5000


def reply_to(question: str, as_of: date | None = None) -> tuple[Reply, str]:
    """The card for `question`, checked against Block Kit, and its blocks' text."""
    reply = verdict_reply(ask(question, as_of))
    block_kit.check_message(reply.text, reply.blocks)
    return reply, block_kit.all_text(reply.blocks)


def test_a_change_question_lists_each_transition_with_its_record_and_date() -> None:
    reply, text = reply_to("What changed for Starter since March 2026?")

    assert reply.blocks[0]["text"]["text"] == "3 changes in the records"
    assert "*Changes from 2026-03-01 to 2026-11-30 for plan=starter*:" in text
    assert (
        "• *2026-03-10* · *Report export availability · plan=starter · region=global*: "
        "enabled \u2192 disabled · R-2"
    ) in text
    assert "*2026-10-05* · *Report export availability" in text
    assert "disabled \u2192 enabled · R-3" in text  # on, off, on again: two transitions
    assert "nothing in effect \u2192 enabled (new) · R-20" in text  # a first value, as new
    assert "No claim to check" not in text


def test_a_same_day_conflict_is_shown_as_conflicting_with_every_record() -> None:
    _, text = reply_to("What changed for Pro this month?")

    assert "*2026-11-15* · *API rate limit · plan=pro · region=global*" in text
    assert "nothing in effect \u2192 100 or 200 (new; CONFLICTING: the records disagree)" in text
    assert "R-30, R-31" in text


def test_what_is_coming_is_marked_not_yet_authoritative_and_a_plan_only_if_it_ships() -> None:
    reply, text = reply_to("What's coming?")

    assert reply.blocks[0]["text"]["text"] == "2 coming up, none authoritative yet"
    assert "*Coming up after 2026-11-30 (none of it authoritative yet)*:" in text
    assert "300 from 2026-12-20 (now: 100 or 200 (CONFLICTING" in text
    assert "R-32, SHIPPED, not yet in effect" in text
    assert "disabled planned (now: enabled) · R-11, PLANNED: takes effect only if it ships" in text
    assert "R-21" not in text  # a proposal is not coming


def test_a_claim_about_a_period_shows_the_date_judged_on_why_and_the_changes_inside() -> None:
    reply, text = reply_to("Was report export available on Starter in March 2026?")

    assert reply.blocks[0]["text"]["text"].startswith(":x: SUPERSEDED")
    assert (
        "as of 2026-03-31 (the last day of the period the question asks about, "
        "2026-03-01 to 2026-03-31)"
    ) in text
    assert "*Changes from 2026-03-01 to 2026-03-31*:" in text
    assert "enabled \u2192 disabled · R-2" in text
    assert text.index("your question assumes") < text.index("*Changes from")


def test_a_period_still_ahead_is_judged_on_today_and_lists_what_may_change_in_it() -> None:
    _, text = reply_to("Will report export be enabled on Pro in February 2027?")

    assert "as of 2026-11-30 (the question asks about 2027-02-01 to 2027-02-28, still ahead" in text
    assert "R-11, PLANNED: takes effect only if it ships" in text


def test_records_that_cannot_be_read_are_never_shown_as_nothing_changed() -> None:
    down = FakeLifecycleEvidence(RECORDS, unavailable=True)
    response = pipeline(down).run(TruthExpiryRequest("What changed for Starter since March?"))
    reply = verdict_reply(response)
    block_kit.check_message(reply.text, reply.blocks)
    text = block_kit.all_text(reply.blocks)

    assert reply.blocks[0]["text"]["text"] == "Changes could not be listed"
    assert "could not be listed: the lifecycle records could not be read" in text
    assert "not a sign that nothing changed" in reply.text
    assert "No change" not in text + reply.text
    assert any(isinstance(n, EvidenceUnavailable) for n in response.notices)


def test_a_scope_value_no_record_has_is_named() -> None:
    _, text = reply_to("Is anything planned for Basic?")

    assert "Nothing shipped or planned takes effect after 2026-11-30 for plan=basic" in text
    assert "No record has plan=basic." in text


def test_the_fallback_and_the_command_line_say_the_same_as_the_card() -> None:
    question = "What changed for Starter since March 2026?"
    response = ask(question)
    reply = verdict_reply(response)
    terminal = to_text(question, response)

    for words in [
        "Changes from 2026-03-01 to 2026-11-30 for plan=starter:",
        "Report export availability · plan=starter · region=global: enabled \u2192 disabled",
        "nothing in effect \u2192 enabled (new)",
    ]:
        assert words in reply.text
        assert words in terminal
        assert words in block_kit.all_text(reply.blocks).replace("*", "")


# --- limits ------------------------------------------------------------------------------------


def _transition(n: int, value: str = "on", record_id: str = "") -> Transition:
    key = ClaimKey.of(f"feature_{n}", "availability", {"plan": f"plan_{n}"})
    rec = record(record_id or f"R-{n}", value, "2026-11-01", key=key)
    return Transition(
        key, rec.effective_date, ("off",), (value,), (rec,), Status.CURRENT, Status.CURRENT
    )


def _response(report: TimeReport) -> TruthExpiryResponse:
    return TruthExpiryResponse(TODAY, (), time=report)


WINDOW = DateWindow(date(2026, 11, 1), TODAY)


@pytest.mark.parametrize("count", [MAX_TIME_LINES + 1, 400])
def test_a_long_list_stays_within_the_limits_and_counts_what_is_left_out(count: int) -> None:
    reading = TimeReading(TimeQuestion.CHANGES, WINDOW, True, TODAY)
    report = TimeReport(
        reading, changes=tuple(_transition(n) for n in range(count)), truncated=True
    )

    reply = verdict_reply(_response(report))
    block_kit.check_message(reply.text, reply.blocks)
    text = block_kit.all_text(reply.blocks)

    shown = text.count("\u2022 *2026-11-01*")
    assert shown == MAX_TIME_LINES
    left = count - shown
    assert f"\u2026and {left} more change{'s' if left > 1 else ''} not shown" in text
    assert "This window is too wide for one answer" in text  # more keys than one fetch
    assert "\u2026and" in reply.text


def test_hostile_values_are_escaped_and_clipped() -> None:
    reading = TimeReading(TimeQuestion.CHANGES, WINDOW, True, TODAY)
    changes = tuple(_transition(n, HOSTILE, record_id=HOSTILE + str(n)) for n in range(30))
    key = ClaimKey.of("feature_x", "availability", {"plan": "a &amp; b " * 60})
    plan = record("P-1", HOSTILE, "2027-01-01", key=key, state=LifecycleState.PLANNED)
    coming = (UpcomingChange(key, plan, (HOSTILE,) * 9, Status.CONFLICTING),)
    ahead = TimeReading(
        TimeQuestion.UPCOMING, DateWindow(date(2026, 12, 1), date.max), False, TODAY
    )
    for report in (TimeReport(reading, changes=changes), TimeReport(ahead, upcoming=coming)):
        reply = verdict_reply(_response(report))
        block_kit.check_message(reply.text, reply.blocks)
        assert "<!channel>" not in block_kit.all_text(reply.blocks) + reply.text


def test_the_changes_come_before_the_claims_found_in_slack_and_leave_them_room() -> None:
    said = SearchMessage(
        "1.000100", "C0PUBLIC", "general", "U1", "someone", "Dark mode is disabled on Starter."
    )
    search = FakeMessageSearch([said] * 40)
    question = "what changed for dark mode since 2026?"
    response = build_pipeline(
        search=search, evidence=FakeLifecycleEvidence(RECORDS), clock=FixedClock(TODAY)
    ).run(TruthExpiryRequest(question))
    reply = verdict_reply(response)
    block_kit.check_message(reply.text, reply.blocks)
    text = block_kit.all_text(reply.blocks)

    assert "nothing in effect \u2192 enabled (new) · R-20" in text
    assert text.index("*Changes from") < text.index("*In Slack*")
    assert ":x: *SUPERSEDED*" in text


def test_many_subjects_scope_keys_and_unknown_values_stay_within_the_limits() -> None:
    wide = {f"k{n}": "v" * 70 for n in range(12)}
    key = ClaimKey.of("feature_wide", "availability", wide)
    records = tuple(record(f"W-{n}", f"value {n}", "2026-11-01", key=key) for n in range(6))
    conflict = Transition(
        key,
        date(2026, 11, 1),
        ("a",) * 9,
        tuple(f"v{n}" for n in range(9)),
        records,
        Status.CONFLICTING,
        Status.CONFLICTING,
    )
    subjects = tuple(
        ChangeSubject(f"entity_{n}" * 5, f"attribute_{n}" * 5, tuple(sorted(wide.items())))
        for n in range(8)
    )
    unknown = tuple((f"k{n}", "u" * 70) for n in range(40))
    reading = TimeReading(TimeQuestion.CHANGES, WINDOW, True, TODAY)
    report = TimeReport(reading, subjects, (conflict,) * 30, unknown_scope=unknown, truncated=True)

    reply = verdict_reply(_response(report))

    block_kit.check_message(reply.text, reply.blocks)
    assert "and 6 more" in block_kit.all_text(reply.blocks)  # nine values, three shown
