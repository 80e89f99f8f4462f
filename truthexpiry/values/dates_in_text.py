"""Dates and times of day in tokens: `31 March 2026`, `March 31st, 2026`, `2026-03-31`,
`31/03/2026`, `31 March` (a day of the year), `15:00`, `4:30 pm`, `3pm`, `noon`, and `06:30 or
18:30`, the canonical text of a time said without am or pm (`spoken_times.py`).
"""

from __future__ import annotations

import re
from datetime import date

from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import MERIDIEM, MONTHS, TIME_WORDS
from truthexpiry.values.forms import clock, clock_either_half, day_of_year, on_date
from truthexpiry.values.numbers_in_text import ValueSpan

_ISO_DATE = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$")
_DMY_DATE = re.compile(r"^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$")
_ORDINAL = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)?$")
_YEAR = re.compile(r"^(19|20)\d\d$")
# Read through their class, a lookup each time: the readers run at every word a value may start at.
_CLOCK, _NUMBER, _PUNCT, _WORD = Kind.CLOCK, Kind.NUMBER, Kind.PUNCT, Kind.WORD


def time_at(tokens: list[Token], i: int) -> ValueSpan | None:
    token = tokens[i]
    after = tokens[i + 1].text if i + 1 < len(tokens) else ""
    if token.text in TIME_WORDS:
        return ValueSpan(i, i + 1, clock(TIME_WORDS[token.text]))
    if token.kind is _CLOCK:
        hours, minutes = (int(part) for part in token.text.split(":"))
        if after in MERIDIEM and 1 <= hours <= 12:
            return _clock_span(i, i + 2, hours % 12 + MERIDIEM[after], minutes)
        if after == "or" and _is_clock(tokens, i + 2, f"{hours + 12:02d}:{minutes:02d}"):
            return ValueSpan(i, i + 3, clock_either_half(hours * 60 + minutes))
        return _clock_span(i, i + 1, hours, minutes)
    if token.kind is _NUMBER and after in MERIDIEM and token.key.isdigit():
        hours = int(token.key)
        if 1 <= hours <= 12:
            return _clock_span(i, i + 2, hours % 12 + MERIDIEM[after], 0)
    return None


def _is_clock(tokens: list[Token], i: int, text: str) -> bool:
    return i < len(tokens) and tokens[i].kind is _CLOCK and tokens[i].text == text


def _clock_span(start: int, end: int, hours: int, minutes: int) -> ValueSpan | None:
    if hours > 24 or minutes > 59 or (hours == 24 and minutes):
        return None
    return ValueSpan(start, end, clock(hours % 24 * 60 + minutes))


def date_at(tokens: list[Token], i: int) -> ValueSpan | None:
    token = tokens[i]
    if token.kind is _WORD and token.text[:1].isdigit():
        written = _numeric_date(token.text)
        if written is not None:
            return _day_span(i, i + 1, *written)
    if token.text in MONTHS:  # "March 31", "March 31st, 2026"
        day = _ordinal(tokens, i + 1)
        return None if day is None else _with_year(tokens, i, i + 2, MONTHS[token.text], day)
    day = _ordinal(tokens, i)
    if day is None:
        return None
    at = i + 2 if i + 2 < len(tokens) and tokens[i + 1].text == "of" else i + 1
    if at < len(tokens) and tokens[at].text in MONTHS:  # "31 March", "31st of March 2026"
        return _with_year(tokens, i, at + 1, MONTHS[tokens[at].text], day)
    return None


def _numeric_date(text: str) -> tuple[int, int, int] | None:
    """`2026-03-31` and `31/03/2026` as (year, month, day); `03/04/2026` is not read, since it
    is March or April depending on who wrote it."""
    if iso := _ISO_DATE.match(text):
        return int(iso[1]), int(iso[2]), int(iso[3])
    if dmy := _DMY_DATE.match(text):
        day, month = int(dmy[1]), int(dmy[2])
        if day <= 12 and month <= 12 and day != month:
            return None
        return int(dmy[3]), month, day
    return None


def _ordinal(tokens: list[Token], i: int) -> int | None:
    if i >= len(tokens) or tokens[i].kind is _PUNCT:
        return None
    match = _ORDINAL.match(tokens[i].text)
    return int(match[1]) if match and 1 <= int(match[1]) <= 31 else None


def _with_year(tokens: list[Token], start: int, end: int, month: int, day: int) -> ValueSpan | None:
    at = end + 1 if end < len(tokens) and tokens[end].text == "," else end
    if at < len(tokens) and _YEAR.match(tokens[at].text):
        return _day_span(start, at + 1, int(tokens[at].text), month, day)
    if day > 29 and month == 2:
        return None
    return ValueSpan(start, end, day_of_year(month, day))


def _day_span(start: int, end: int, year: int, month: int, day: int) -> ValueSpan | None:
    try:
        return ValueSpan(start, end, on_date(date(year, month, day)))
    except ValueError:
        return None
