"""Calendar arithmetic for windows: periods, shifts, and the day a period is judged on."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.builders import day
from truthexpiry.models.time.periods import DateWindow
from truthexpiry.values.calendar import (
    judgement_date,
    last_days,
    nearest_day,
    nearest_month,
    next_days,
    period_containing,
    quarter_of,
    shifted,
    still_to_come,
)

AS_OF = day("2025-11-20")  # a Thursday


def span(start: str, end: str) -> DateWindow:
    return DateWindow(day(start), day(end))


def test_a_window_cannot_end_before_it_starts() -> None:
    with pytest.raises(ValueError, match="before it starts"):
        DateWindow(day("2025-02-01"), day("2025-01-31"))


def test_a_window_holds_both_of_its_days_and_nothing_else() -> None:
    window = span("2025-03-01", "2025-03-31")

    assert day("2025-03-01") in window
    assert day("2025-03-31") in window
    assert day("2025-04-01") not in window
    assert "2025-03-15" not in window


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("day", span("2025-11-20", "2025-11-20")),
        ("week", span("2025-11-17", "2025-11-23")),
        ("month", span("2025-11-01", "2025-11-30")),
        ("quarter", span("2025-10-01", "2025-12-31")),
        ("year", span("2025-01-01", "2025-12-31")),
    ],
)
def test_the_calendar_period_containing_a_day(unit: str, expected: DateWindow) -> None:
    assert period_containing(unit, AS_OF) == expected


def test_february_has_its_leap_day_in_a_leap_year_only() -> None:
    assert period_containing("month", day("2024-02-10")).end == day("2024-02-29")
    assert quarter_of(2025, 1) == span("2025-01-01", "2025-03-31")


def test_a_shift_by_months_keeps_the_day_or_takes_the_shorter_months_last() -> None:
    assert shifted(day("2025-03-31"), "month", -1) == day("2025-02-28")
    assert shifted(day("2025-01-15"), "quarter", 1) == day("2025-04-15")
    assert shifted(day("2024-02-29"), "year", 1) == day("2025-02-28")
    assert shifted(day("2025-01-01"), "week", -2) == day("2024-12-18")


def test_rolling_windows_count_whole_days_from_the_as_of_date() -> None:
    assert last_days(AS_OF) == span("2025-10-22", "2025-11-20")
    assert next_days(AS_OF, 10) == span("2025-11-21", "2025-11-30")
    assert still_to_come(AS_OF) == DateWindow(day("2025-11-21"), date.max)
    assert still_to_come(AS_OF).open_ended


def test_a_period_is_judged_on_its_last_day_unless_it_includes_the_as_of_date() -> None:
    assert judgement_date(span("2025-03-01", "2025-03-31"), AS_OF) == day("2025-03-31")
    assert judgement_date(span("2025-11-01", "2025-11-30"), AS_OF) == AS_OF
    assert judgement_date(span("2026-01-01", "2026-01-31"), AS_OF) == day("2026-01-31")


def test_a_month_without_its_year_is_the_latest_begun_or_the_next_not_over() -> None:
    assert nearest_month(10, AS_OF, ahead=False) == span("2025-10-01", "2025-10-31")
    assert nearest_month(12, AS_OF, ahead=False) == span("2024-12-01", "2024-12-31")
    assert nearest_month(11, AS_OF, ahead=True) == span("2025-11-01", "2025-11-30")
    assert nearest_month(3, AS_OF, ahead=True) == span("2026-03-01", "2026-03-31")


def test_a_day_without_its_year_is_the_latest_on_or_before_or_the_first_after() -> None:
    assert nearest_day(11, 20, AS_OF, ahead=False) == AS_OF
    assert nearest_day(12, 1, AS_OF, ahead=False) == day("2024-12-01")
    assert nearest_day(11, 20, AS_OF, ahead=True) == day("2026-11-20")
    assert nearest_day(2, 29, AS_OF, ahead=False) == day("2024-02-29")
    assert nearest_day(2, 29, AS_OF, ahead=True) == day("2028-02-29")
    assert nearest_day(2, 30, AS_OF, ahead=True) is None


@given(
    st.sampled_from(["day", "week", "month", "quarter", "year"]),
    st.dates(date(1950, 1, 1), date(2150, 12, 31)),
)
def test_every_day_lies_in_its_calendar_period(unit: str, any_day: date) -> None:
    period = period_containing(unit, any_day)

    assert any_day in period
    assert period_containing(unit, period.start) == period
    assert period_containing(unit, period.end) == period
