"""Dates at the calendar's ends (1 January 1, 31 December 9999): every window and period is
clamped to the calendar or not read, and no question on any date ends in an exception."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bootstrap import build_pipeline
from cli.main import main
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock
from tests.unit.builders import record
from tests.unit.test_owner_confirmation import OWNER_SAYS_ON, OWNERS, PLANNED_ONLY
from tests.unit.test_pipeline_time import RECORDS
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.status import Status
from truthexpiry.models.time.periods import TimeQuestion
from truthexpiry.reading.time.phrases import read_time
from truthexpiry.text.tokens import sentences
from truthexpiry.values.calendar import (
    PERIOD_UNITS,
    days_later,
    last_days,
    next_days,
    period_containing,
    still_to_come,
)

TIME_PHRASES = (
    "What's coming next year?",
    "What changed last month?",
    "What changed recently?",
    "What's new?",
    "Any changes to the rate limit this year?",
    "What changed in the last 30 days?",
    "What changes in the next two weeks?",
    "Is anything planned for Pro?",
    "Was report export on Starter yesterday?",
    "Is it on tomorrow?",
    "What changed since the start of the year?",
    "What changed last week?",
    "What changed 3 weeks ago?",
    "What will change in Q1?",
    "What changed between March and May?",
    "Was it available at the end of the quarter?",
    "What's scheduled for next quarter?",
    "What changed over the past year?",
    "Was report export on in March?",
    "Is it enabled on 15 March?",
    "What changed from June to August?",
    "What changed between 3 June and 20 August?",
    "What changed from December to February 2025?",
    "What changed 3-20 June?",
    "What's planned from October to February?",
)
ENDS = (date.min, date.max)
EVERY_DAY = st.dates(date.min, date.max)
OWNER_QUESTION = "Is report export available on Starter?"
EXPORT = ClaimKey.of("report_export", "availability", {"plan": "starter", "region": "global"})


@pytest.mark.parametrize("as_of", ENDS)
@pytest.mark.parametrize("question", TIME_PHRASES)
def test_every_time_phrase_at_either_end_reads_a_window_inside_the_calendar(
    question: str, as_of: date
) -> None:
    reading = read_time(sentences(question), as_of)

    if reading is not None:
        assert date.min <= reading.window.start <= reading.window.end <= date.max


@settings(deadline=None)
@given(st.sampled_from(TIME_PHRASES), EVERY_DAY)
def test_every_time_phrase_on_any_date_is_answered(question: str, as_of: date) -> None:
    evidence = FakeLifecycleEvidence((*RECORDS, record("R-0", "enabled", "0001-01-01", key=EXPORT)))
    pipeline = build_pipeline(
        search=FakeMessageSearch(), evidence=evidence, clock=FixedClock(as_of)
    )

    response = pipeline.run(TruthExpiryRequest(question, as_of=as_of))

    assert response.as_of is not None
    if response.time is not None and response.time.reading.kind is TimeQuestion.CHANGES:
        assert response.time.reading.window.end <= as_of


@settings(deadline=None)
@given(EVERY_DAY, st.integers(1, 1000), st.sampled_from(sorted(PERIOD_UNITS)))
def test_windows_counted_in_days_and_periods_stay_inside_the_calendar(
    as_of: date, days: int, unit: str
) -> None:
    behind, ahead, rest = last_days(as_of, days), next_days(as_of, days), still_to_come(as_of)
    period = period_containing(unit, as_of)

    assert behind.end == as_of
    assert behind.start == max(date.min, date.fromordinal(max(1, as_of.toordinal() - days + 1)))
    assert ahead.start <= ahead.end
    assert rest.end == date.max
    assert as_of in period


@given(EVERY_DAY, st.integers(-(10**7), 10**7))
def test_days_later_holds_at_the_calendars_ends(day: date, days: int) -> None:
    moved = days_later(day, days)

    expected = min(max(day.toordinal() + days, 1), date.max.toordinal())
    assert moved.toordinal() == expected


def test_an_owner_window_on_the_first_day_there_is_starts_with_the_calendar() -> None:
    pipeline = build_pipeline(
        search=FakeMessageSearch([OWNER_SAYS_ON]),
        evidence=FakeLifecycleEvidence(PLANNED_ONLY),
        clock=FixedClock(date.min),
        authority=OWNERS,
    )

    response = pipeline.run(TruthExpiryRequest(OWNER_QUESTION, as_of=date.min))

    assert response.question_verdicts[0].status is Status.UNVERIFIED  # said after that day


@pytest.mark.parametrize(
    ("question", "as_of"),
    [("What's coming next year?", "9999-12-31"), ("What changed last month?", "0001-01-01")],
)
def test_the_command_line_answers_at_the_calendars_ends(
    question: str, as_of: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["ask", question, "--as-of", as_of])

    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "Traceback" not in captured.err
    assert captured.out.strip()
