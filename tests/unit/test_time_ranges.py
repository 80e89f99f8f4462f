"""Ranges of dates as people write them: the year said once or twice, a dash inside one word,
a bare day before a dated end; a range that cannot be read is no window, never a wrong one."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.builders import day
from truthexpiry.models.time.periods import TimeQuestion
from truthexpiry.reading.time.phrases import read_time
from truthexpiry.text.tokens import sentences

AS_OF = day("2026-04-10")
SUMMER_2024 = ("2024-06-01", "2024-08-31")
EARLY_SUMMER_2024 = ("2024-06-03", "2024-08-20")
MONTHS = "January February March April May June July August September October November December"


def window(question: str, as_of: date = AS_OF) -> tuple[str, str]:
    reading = read_time(sentences(question), as_of)
    assert reading is not None, question
    assert reading.stated, question
    return reading.window.start.isoformat(), reading.window.end.isoformat()


@pytest.mark.parametrize(
    "question",
    [
        "What changed from June to August 2024?",
        "What changed between June and August 2024?",
        "What changed between June and August of 2024?",
        "What changed June-August 2024?",
        "What changed June\u2013August 2024?",
        "What changed from Jun 2024 to Aug 2024?",
        "What changed Jun 2024 to Aug 2024?",
        "What changed in June through August 2024?",
        "Any changes from June until August, 2024?",
    ],
)
def test_a_range_of_months_takes_its_year_from_either_end(question: str) -> None:
    assert window(question) == SUMMER_2024


@pytest.mark.parametrize(
    "question",
    [
        "What changed between 3 June and 20 August 2024?",
        "What changed from 3 June to 20 August 2024?",
        "What changed from June 3 to August 20, 2024?",
        "What changed from 3rd June 2024 to 20th August 2024?",
        "What changed from 2024-06-03 to 2024-08-20?",
    ],
)
def test_a_range_of_days_takes_its_year_from_either_end(question: str) -> None:
    assert window(question) == EARLY_SUMMER_2024


@pytest.mark.parametrize(
    "question",
    [
        "What changed 3-20 June 2024?",
        "What changed between 3 and 20 June 2024?",
        "What changed from the 3rd to the 20th of June 2024?",
    ],
)
def test_a_bare_first_day_is_in_the_month_of_the_last(question: str) -> None:
    assert window(question) == ("2024-06-03", "2024-06-20")


def test_a_range_over_new_year_starts_in_the_year_before() -> None:
    assert window("What changed from December to February 2025?") == ("2024-12-01", "2025-02-28")


def test_a_last_end_without_its_year_is_the_first_after_the_start() -> None:
    assert window("What changed from March 2025 to May?") == ("2025-03-01", "2025-05-31")


def test_quarters_and_years_make_ranges_too() -> None:
    assert window("What changed in Q1-Q2 2025?") == ("2025-01-01", "2025-06-30")
    assert window("What changed between 2020 and 2022?") == ("2020-01-01", "2022-12-31")


def test_a_range_still_ahead_is_about_what_is_coming() -> None:
    reading = read_time(sentences("What's planned from October to February?"), AS_OF)

    assert reading is not None
    assert reading.kind is TimeQuestion.UPCOMING
    assert (reading.window.start, reading.window.end) == (day("2026-10-01"), day("2027-02-28"))


def test_a_range_asked_about_a_claim_judges_it_for_the_period() -> None:
    reading = read_time(sentences("Was it on from June to August 2024?"), AS_OF)

    assert reading is not None
    assert reading.kind is TimeQuestion.AS_OF
    assert reading.judge_on == day("2024-08-31")


def test_a_range_that_ends_before_it_starts_is_no_range() -> None:
    reading = read_time(sentences("What changed from August 2024 to June 2024?"), AS_OF)

    assert reading is not None
    assert reading.window.start >= day("2024-06-01")  # never a window ending before it starts


@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.integers(1901, 2198),
    st.dates(date.min, date.max),
)
def test_any_month_range_with_one_year_ends_in_that_year(
    first: int, last: int, year: int, as_of: date
) -> None:
    names = MONTHS.split()
    question = f"What changed from {names[first - 1]} to {names[last - 1]} {year}?"

    reading = read_time(sentences(question), as_of)

    assert reading is not None
    if reading.kind is TimeQuestion.CHANGES and reading.window.end < as_of:
        assert reading.window.end.year == year
        assert reading.window.start.year == (year if first <= last else year - 1)
