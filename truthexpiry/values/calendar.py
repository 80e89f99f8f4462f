"""Calendar arithmetic for windows: days, weeks (Monday to Sunday), months, quarters and years,
counted from an as-of date that the caller passes in. Nothing here reads the clock.

Windows counted in days stop at the calendar's ends (1 January 1 and 31 December 9999): the
last 30 days of 1 January 1 are that one day, and what is still to come after 31 December 9999
is that last day alone. A day or period that would lie past an end (`shifted` to year 10000,
`nearest_month` after December 9999) raises ValueError or OverflowError: the phrase readers
read no window from such a phrase."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from truthexpiry.models.time.periods import DateWindow

DEFAULT_CHANGE_DAYS = 30  # a change question without a window looks this many days back
_MONTHS_IN = {"month": 1, "quarter": 3, "year": 12}
PERIOD_UNITS = frozenset({"day", "week", *_MONTHS_IN})
_LEAP_GAP = 8  # the most years between two 29ths of February (2096 to 2104)


def days_later(day: date, days: int) -> date:
    """`day` moved by `days` days (negative: back), held at the calendar's first or last day."""
    ordinal = day.toordinal() + days
    return date.fromordinal(min(max(ordinal, date.min.toordinal()), date.max.toordinal()))


def on_day(day: date) -> DateWindow:
    return DateWindow(day, day)


def month_of(year: int, month: int) -> DateWindow:
    return DateWindow(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))


def quarter_of(year: int, quarter: int) -> DateWindow:
    first = 3 * (quarter - 1) + 1
    return DateWindow(month_of(year, first).start, month_of(year, first + 2).end)


def year_of(year: int) -> DateWindow:
    return DateWindow(date(year, 1, 1), date(year, 12, 31))


def period_containing(unit: str, day: date) -> DateWindow:
    """The calendar `unit` (day, week, month, quarter or year) that `day` falls in."""
    if unit == "day":
        return on_day(day)
    if unit == "week":
        monday = days_later(day, -day.weekday())
        return DateWindow(monday, days_later(monday, 6))
    if unit == "month":
        return month_of(day.year, day.month)
    if unit == "quarter":
        return quarter_of(day.year, (day.month - 1) // 3 + 1)
    return year_of(day.year)


def shifted(day: date, unit: str, count: int) -> date:
    """`day` moved by `count` units (negative: back); the 31st becomes a shorter month's last."""
    if unit == "day":
        return day + timedelta(days=count)
    if unit == "week":
        return day + timedelta(weeks=count)
    months = day.year * 12 + day.month - 1 + count * _MONTHS_IN[unit]
    year, month = divmod(months, 12)
    if not date.min.year <= year <= date.max.year:
        raise ValueError(f"{unit}s shifted past the calendar's end")
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def last_days(as_of: date, days: int = DEFAULT_CHANGE_DAYS) -> DateWindow:
    """The `days` days that end on `as_of`, `as_of` included."""
    return DateWindow(days_later(as_of, 1 - days), as_of)


def next_days(as_of: date, days: int = DEFAULT_CHANGE_DAYS) -> DateWindow:
    """The `days` days after `as_of`."""
    return DateWindow(days_later(as_of, 1), days_later(as_of, days))


def still_to_come(as_of: date) -> DateWindow:
    """Every day after `as_of`."""
    return DateWindow(days_later(as_of, 1), date.max)


def judgement_date(period: DateWindow, as_of: date) -> date:
    """The day a claim about `period` is judged on: its last day, or `as_of` when the period
    has begun but not ended by then ("this month" is judged today)."""
    return as_of if period.start <= as_of < period.end else period.end


def nearest_month(month: int, as_of: date, *, ahead: bool) -> DateWindow:
    """The month named without a year: the latest one that has begun by `as_of`, or with
    `ahead` the first one that has not ended by then."""
    year = as_of.year
    if ahead:
        return month_of(year if month >= as_of.month else year + 1, month)
    return month_of(year if month <= as_of.month else year - 1, month)


def nearest_day(month: int, day: int, as_of: date, *, ahead: bool) -> date | None:
    """A day named without a year (`15 March`): the latest on or before `as_of`, or with
    `ahead` the first after it (29 February may be years away); None for no such day."""
    step = 1 if ahead else -1
    for offset in range(_LEAP_GAP + 1):
        try:
            candidate = date(as_of.year + step * offset, month, day)
        except ValueError:
            continue
        if (candidate > as_of) if ahead else (candidate <= as_of):
            return candidate
    return None
