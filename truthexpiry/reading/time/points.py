"""Reads one point in time starting at a token: a day or a calendar period, relative to an
as-of date.

`2025-03-15`, `15 March 2025`, `March 2025`, `Q1 2025`, `yesterday`, `last month`, `this year`,
`3 weeks ago`; after a preposition also `March`, `15 March`, `Q1` and `2025`. A month or day
named without its year is the latest one begun by the as-of date or, looking `ahead`, the first
one not yet over. Months, numbers and units come from `value_words` and dates from
`value_spans`: this module keeps only the words that place a point in time. Dates are read by
`date_at` alone, the one reader of `value_at` that reads a date (and every value it reads is one),
so that a number is not also read as money or a measure here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from truthexpiry.models.time.periods import DateWindow
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import ARTICLES_AS_ONE, MONTHS, NUMBER_WORDS, SCALE_WORDS, UNITS
from truthexpiry.values.calendar import (
    PERIOD_UNITS,
    month_of,
    nearest_day,
    nearest_month,
    on_day,
    period_containing,
    quarter_of,
    shifted,
    year_of,
)
from truthexpiry.values.dates_in_text import date_at
from truthexpiry.values.numbers_in_text import number_at

# Looked up once: each `Kind.WORD` is a look-up through the enum's class.
_WORD, _NUMBER = Kind.WORD, Kind.NUMBER

Found = tuple[DateWindow, int]  # the window, and the index of the token after the phrase

_QUARTER = re.compile(r"^q([1-4])$")
_DAYS_FROM_TODAY = {"yesterday": -1, "today": 0, "tomorrow": 1}
_CALENDAR_SHIFT = {"this": 0, "current": 0, "last": -1, "previous": -1, "next": 1}
# A bare year is a year only after these ("in 2025", "since 2024"), never "at 2000 parcels".
_YEAR_PREPOSITIONS = frozenset("in during throughout since from between as_of of".split())
_EDGES = {"start": False, "beginning": False, "end": True}  # True: the period's last day
_BEFORE_ITS_YEAR = frozenset((",", "of"))
_MAX_COUNT = 1000  # "the last 1000 days" is read; larger counts are not windows anyone means


# Words a point may start with (besides numbers, dates and quarters): a cheap test that spares
# the readers most words of a question.
POINT_STARTS = frozenset(
    (*_DAYS_FROM_TODAY, *_CALENDAR_SHIFT, *MONTHS, *NUMBER_WORDS, *ARTICLES_AS_ONE, *_EDGES)
)


def may_start_a_point(token: Token) -> bool:
    """False for a token no point starts at (every reader of a point looks at its text or key
    first: `point_at` gives up on such a token at once)."""
    text = token.text
    return (
        token.kind is not _WORD
        or text[:1].isdigit()
        or text in POINT_STARTS
        or token.key in POINT_STARTS
        or (len(text) == 2 and text[0] == "q" and text[1] in "1234")  # `_QUARTER`, unrun
    )


def may_read_a_point(tokens: list[Token], i: int) -> bool:
    """False where `point_at` reads no point after any word: the tests it opens with."""
    return may_start_a_point(tokens[i]) and _may_place(tokens, i)


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
class Reading:
    """How points are read in one question. `ahead`: a month or day named without its year is
    the next one. `dates_are_values`: the question is about a date (a deadline), so a date in it
    is the value stated, and only `as of` makes a date a point in time."""

    as_of: date
    ahead: bool = False
    dates_are_values: bool = False


def point_at(
    tokens: list[Token], i: int, reading: Reading, preposition: str | None = None
) -> Found | None:
    """The point that starts at `tokens[i]`. `preposition` is the word before it (`in`, `on`,
    `since`, `as_of`...); without one, a date, a year, or a month or quarter without its year is
    not read: it may be a value."""
    if i >= len(tokens) or not may_start_a_point(tokens[i]) or not _may_place(tokens, i):
        return None
    if preposition is None:
        found = _first(_BARE, tokens, i, reading)
        return found if found is None or _with_year(found, tokens, i) else None
    dates = preposition == "as_of" or not reading.dates_are_values
    if not dates and date_end(tokens, i) is not None:
        return None  # the date is the value stated: not its month either ("on Oct 31 2026")
    found = _first(_AFTER_PREPOSITION if dates else _BARE, tokens, i, reading)
    return found or (_year(tokens, i) if preposition in _YEAR_PREPOSITIONS else None)


def _may_place(tokens: list[Token], i: int) -> bool:
    """False for a number no reader reads a point from: a point starts at a number only as a
    year (`2025`), a day before its month (`15 March`, `15 of March`) or a count of a period
    (`3 weeks ago`, `2 thousand days ago`). Any other token is left to the readers."""
    if tokens[i].kind is not _NUMBER or len(tokens[i].key) == 4:
        return True
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    return following is not None and (
        following.text in MONTHS
        or following.text == "of"
        or following.text in UNITS
        or following.key in SCALE_WORDS
    )


def date_end(tokens: list[Token], i: int) -> int | None:
    """Where a date value (`15 March 2025`, `2025-03-15`, `15 March`) that starts at `tokens[i]`
    ends, if one does."""
    span = date_at(tokens, i)
    return span.end if span is not None else None


def yearless(tokens: list[Token], i: int) -> bool:
    """Whether a month, quarter or day named at `tokens[i]` is named without its year
    (`June`, `Q3`, `3 June`), so that its year is the nearest one."""
    if i >= len(tokens):
        return False
    span = date_at(tokens, i)
    if span is not None:
        return span.value.unit == "yearless"
    text = tokens[i].text
    return bool(text in MONTHS or _QUARTER.match(text)) and _year_after(tokens, i + 1) is None


def counted(tokens: list[Token], i: int) -> tuple[int, str, int] | None:
    """`30 days`, `two weeks`: a whole count of a period unit, the unit, and where it ends."""
    if i >= len(tokens):
        return None
    number = number_at(tokens, i)
    if number is None or number[0] != int(number[0]) or not 1 <= number[0] <= _MAX_COUNT:
        return None
    unit = unit_at(tokens, number[1])
    return (int(number[0]), unit[1], unit[2]) if unit else None


def unit_at(tokens: list[Token], i: int) -> tuple[int, str, int] | None:
    """A period unit (`day`, `weeks`, `month`, `quarter`, `yrs`), counted once."""
    known = UNITS.get(tokens[i].text) if i < len(tokens) else None
    return (1, known.name, i + 1) if known and known.name in PERIOD_UNITS else None


def _first(
    readers: tuple[_Reader, ...], tokens: list[Token], i: int, reading: Reading
) -> Found | None:
    for reader in readers:
        found = reader(tokens, i, reading)
        if found is not None:
            return found
    return None


def _with_year(found: Found, tokens: list[Token], i: int) -> bool:
    """Without a preposition, a month or quarter counts only with its year (`March 2025`)."""
    named = tokens[i].text in MONTHS or _QUARTER.match(tokens[i].text)
    return not named or found[1] - i > 1


def _named_day(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    offset = _DAYS_FROM_TODAY.get(tokens[i].key)
    return None if offset is None else (on_day(reading.as_of + timedelta(days=offset)), i + 1)


def _calendar(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    """`this month`, `last year`, `next quarter`: the calendar period, not a rolling span."""
    shift = _CALENDAR_SHIFT.get(tokens[i].key)
    unit = unit_at(tokens, i + 1)
    if shift is None or unit is None or (shift and i > 0 and tokens[i - 1].key == "the"):
        return None
    return period_containing(unit[1], shifted(reading.as_of, unit[1], shift)), unit[2]


def _ago(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    """`3 weeks ago`, `a month ago`: the day that far back. Without `ago` after a count and its
    unit (two tokens at least), nothing is counted."""
    if all(token.key != "ago" for token in tokens[i + 2 :]):
        return None
    return counted_back(tokens, i, reading)


def counted_back(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    """`_ago` read in full, without its test for `ago`."""
    one = tokens[i].text in ARTICLES_AS_ONE
    count = unit_at(tokens, i + 1) if one else counted(tokens, i)
    if count is None or count[2] >= len(tokens) or tokens[count[2]].key != "ago":
        return None
    try:
        return on_day(shifted(reading.as_of, count[1], -count[0])), count[2] + 1
    except (ValueError, OverflowError):
        return None


def _edge(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    """`the start of the year`, `beginning of March`, `end of Q1`: that period's first or
    last day (`the year` is the current one)."""
    edge = _EDGES.get(tokens[i].key)
    if edge is None or i + 2 >= len(tokens) or tokens[i + 1].key != "of":
        return None
    at = i + 3 if tokens[i + 2].key == "the" else i + 2
    unit = unit_at(tokens, at)
    if unit is not None:
        found: Found | None = (period_containing(unit[1], reading.as_of), unit[2])
    else:
        found = point_at(tokens, at, reading, "of")
    if found is None:
        return None
    day = found[0].end if edge else found[0].start
    return on_day(day), found[1]


def _date(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    span = date_at(tokens, i)
    if span is None or span.value.amount is None:
        return None
    amount = int(span.value.amount)
    if span.value.unit != "yearless":
        return on_day(date.fromordinal(amount)), span.end
    day = nearest_day(amount // 100, amount % 100, reading.as_of, ahead=reading.ahead)
    return None if day is None else (on_day(day), span.end)


def _month(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    month = MONTHS.get(tokens[i].text)
    if month is None:
        return None
    year = _year_after(tokens, i + 1)
    if year is None:
        return nearest_month(month, reading.as_of, ahead=reading.ahead), i + 1
    return month_of(year[0], month), year[1]


def _quarter(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    match = _QUARTER.match(tokens[i].text)
    if match is None:
        return None
    quarter, as_of = int(match[1]), reading.as_of
    year = _year_after(tokens, i + 1)
    if year is not None:
        return quarter_of(year[0], quarter), year[1]
    this_year = quarter_of(as_of.year, quarter)
    if reading.ahead:
        return (quarter_of(as_of.year + 1, quarter) if this_year.end <= as_of else this_year), i + 1
    return (this_year if this_year.start <= as_of else quarter_of(as_of.year - 1, quarter)), i + 1


def _year(tokens: list[Token], i: int) -> Found | None:
    """`2025` after a preposition, unless a word follows that it counts (`2000 parcels`)."""
    year = _year_after(tokens, i, comma=False)
    if year is None:
        return None
    following = tokens[year[1]] if year[1] < len(tokens) else None
    if following is not None and following.kind is _WORD and following.key not in STOPWORDS:
        return None
    return year_of(year[0]), year[1]


def _year_after(tokens: list[Token], i: int, *, comma: bool = True) -> tuple[int, int] | None:
    # "June, 2025" and "June of 2025" name the year as "June 2025" does
    at = i + 1 if comma and i < len(tokens) and tokens[i].text in _BEFORE_ITS_YEAR else i
    if at < len(tokens) and tokens[at].kind is _NUMBER and len(tokens[at].key) == 4:
        year = int(tokens[at].key)
        return (year, at + 1) if 1900 <= year <= 2199 else None
    return None


_Reader = Callable[[list[Token], int, Reading], Found | None]
_BARE: tuple[_Reader, ...] = (_named_day, _calendar, _ago, _edge, _month, _quarter)
_AFTER_PREPOSITION: tuple[_Reader, ...] = (_date, *_BARE)
