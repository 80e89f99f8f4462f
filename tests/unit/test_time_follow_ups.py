"""Follow-ups about time in a thread take the time or the subject they do not state from the
questions before them; and the pipeline answers them for the new scope or period."""

from __future__ import annotations

from datetime import date

import pytest

from bootstrap import build_pipeline, dataset_evidence
from tests.fakes import FakeMessageSearch, FixedClock
from truthexpiry.models.answering.questions import TimeAsked
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.status import Status
from truthexpiry.models.time.changes import ChangeSubject
from truthexpiry.models.time.periods import DateWindow, TimeQuestion, TimeReading
from truthexpiry.reading.follow_ups import MAX_EARLIER_QUESTIONS
from truthexpiry.reading.question import read_question
from truthexpiry.reading.time.phrases import read_time
from truthexpiry.text.tokens import sentences

CATALOG = dataset_evidence(None).catalog()  # the demo dataset: plans starter, team, enterprise
TODAY = date(2026, 11, 30)
SINCE_2025 = "What changed for Starter since 2025?"
COMING = "What's coming for Starter?"
IN_MARCH = "Was report export available on Starter in March 2026?"
STARTER = (ChangeSubject(None, None, (("plan", "starter"),)),)
EXPORT_ON_STARTER = (ChangeSubject("report_export", None, (("plan", "starter"),)),)


def asked(question: str, *earlier: str) -> TimeAsked:
    return read_question(question, earlier, TODAY, CATALOG).time


def changes(start: str, end: str, *, stated: bool = True) -> TimeReading:
    window = DateWindow(date.fromisoformat(start), date.fromisoformat(end))
    return TimeReading(TimeQuestion.CHANGES, window, stated, TODAY)


def test_a_new_scope_asks_the_earlier_change_question_for_it() -> None:
    assert asked("and for Enterprise?", SINCE_2025) == TimeAsked(
        changes("2025-01-01", "2026-11-30"), (ChangeSubject(None, None, (("plan", "enterprise"),)),)
    )


def test_a_period_alone_asks_what_changed_in_it_for_the_earlier_subject() -> None:
    assert asked("and in 2024?", SINCE_2025) == TimeAsked(
        changes("2024-01-01", "2024-12-31"), STARTER
    )


def test_a_period_ahead_after_a_change_question_asks_what_is_coming_in_it() -> None:
    found = asked("and next month?", SINCE_2025)

    assert found.reading is not None
    assert found.reading.kind is TimeQuestion.UPCOMING
    assert found.reading.window == DateWindow(date(2026, 12, 1), date(2026, 12, 31))
    assert found.subjects == STARTER


def test_a_month_after_a_question_about_what_is_coming_is_the_next_one() -> None:
    found = asked("and in March?", COMING)

    assert found.reading is not None
    assert found.reading.kind is TimeQuestion.UPCOMING
    assert found.reading.window == DateWindow(date(2027, 3, 1), date(2027, 3, 31))


def test_a_period_wholly_past_after_a_question_about_what_is_coming_asks_what_changed() -> None:
    assert asked("and in 2024?", COMING).reading == changes("2024-01-01", "2024-12-31")


def test_a_follow_up_with_its_own_topic_keeps_the_scope_it_does_not_replace() -> None:
    found = asked("and dark mode?", "What changed for report export on Starter since 2024?")

    assert found.reading == changes("2024-01-01", "2026-11-30")
    assert found.subjects == (ChangeSubject("dark_mode", None, (("plan", "starter"),)),)


def test_a_scope_value_the_new_topic_has_no_record_with_is_not_carried_into_it() -> None:
    residency = "What changed for data residency for Enterprise in the EU since 2024?"

    found = asked("and the refund window?", residency)

    assert found.subjects == (ChangeSubject("billing_refund", "window", (("plan", "enterprise"),)),)


def test_a_change_question_in_a_thread_about_a_claim_is_about_that_claims_subject() -> None:
    found = asked("what changed since 2025?", "Is report export available on Starter?")

    assert found == TimeAsked(changes("2025-01-01", "2026-11-30"), EXPORT_ON_STARTER)


def test_a_claim_about_a_period_follows_to_another_period_and_another_scope() -> None:
    may = asked("and in May 2026?", IN_MARCH)
    on_team = asked("and on Team?", IN_MARCH)

    assert may.reading == read_time(sentences("in May 2026"), TODAY)
    assert on_team.reading == read_time(sentences(IN_MARCH), TODAY)


def test_a_chain_is_read_in_order_and_a_message_that_says_nothing_changes_nothing() -> None:
    thread = (SINCE_2025, "thanks!", "and for Enterprise?", "ok")

    found = asked("and in 2024?", *thread)

    assert found == TimeAsked(
        changes("2024-01-01", "2024-12-31"), (ChangeSubject(None, None, (("plan", "enterprise"),)),)
    )
    assert asked("thanks!", *thread) == TimeAsked(None)


@pytest.mark.parametrize(
    "question",
    ["What's coming for Team?", "What changed for Enterprise in 2024?", "Is SSO on Starter?"],
)
def test_a_question_without_earlier_questions_is_read_alone(question: str) -> None:
    alone = asked(question)

    assert alone.reading == read_time(sentences(question), TODAY, CATALOG)
    assert asked(question, "thanks!", "ok") == alone


def test_only_the_last_questions_of_a_long_thread_are_read() -> None:
    padding = ("thanks!",) * MAX_EARLIER_QUESTIONS

    assert asked("and for Team?", SINCE_2025, *padding).reading is None
    assert asked("and for Team?", SINCE_2025, *padding[1:]).reading is not None


def test_the_pipeline_answers_a_follow_up_for_the_new_scope_and_period() -> None:
    pipeline = build_pipeline(search=FakeMessageSearch(), clock=FixedClock(TODAY))

    def run(question: str, *earlier: str) -> list[str]:
        response = pipeline.run(TruthExpiryRequest(question, earlier_questions=earlier))
        assert response.time is not None
        return [t.record_id or "" for t in response.time.changes]

    assert run("and in 2024?", SINCE_2025) == [
        "LC-122",
        "LC-190",
        "LC-195",
        "LC-100",
        "LC-141",
        "LC-111",
    ]
    assert run("and for Enterprise?", SINCE_2025) == ["LC-132"]


def test_the_pipeline_judges_the_earlier_claim_as_of_the_period_a_follow_up_names() -> None:
    pipeline = build_pipeline(search=FakeMessageSearch(), clock=FixedClock(TODAY))

    response = pipeline.run(TruthExpiryRequest("and in May 2026?", earlier_questions=(IN_MARCH,)))

    [verdict] = response.question_verdicts
    assert verdict.status is Status.SUPERSEDED
    assert response.as_of == date(2026, 5, 31)
    assert response.time is not None
    assert [t.record_id for t in response.time.changes] == ["LC-101"]


def test_a_value_alone_is_asked_at_the_threads_time_and_thanks_at_none() -> None:
    assert asked("is it disabled?", IN_MARCH).reading == read_time(sentences(IN_MARCH), TODAY)
    assert asked("thanks!", IN_MARCH) == TimeAsked(None)

    pipeline = build_pipeline(search=FakeMessageSearch(), clock=FixedClock(TODAY))
    response = pipeline.run(TruthExpiryRequest("is it disabled?", earlier_questions=(IN_MARCH,)))

    [verdict] = response.question_verdicts
    assert response.as_of == date(2026, 3, 31)
    assert verdict.status is Status.SUPERSEDED  # enabled until 2026-05-12
