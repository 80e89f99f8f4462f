"""Reads a range of dates from its two ends, the way people write one: the year is often said
once, after the second end ("from June to August 2024", "between 3 June and 20 August 2024",
"3-20 June 2024"), and sometimes twice ("Jun 2024 to Aug 2024").

An end named without its year takes it from the other end: the first end is the latest such
month or day begun by the second end's last day ("December to February 2025" starts in December
2024), and a second end without a year is the first one not over by the first end's start
("from March 2025 to May" ends in May 2025). A first end that is a bare day ("3 to 20 June")
is that day of the second end's month. A range whose ends cannot be read, or that would end
before it starts, is no range: the reader falls back to what it reads otherwise.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from truthexpiry.models.time.periods import DateWindow
from truthexpiry.reading.time.points import Found, Reading, point_at, yearless
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import MONTHS
from truthexpiry.values.calendar import days_later

# Looked up once: each `Kind.WORD` is a look-up through the enum's class.
_WORD, _NUMBER = Kind.WORD, Kind.NUMBER

# Words between a range's two ends; "and" only after "between".
RANGE_ENDS = frozenset("to until till through thru".split())
_BETWEEN_ENDS = frozenset(("and", *RANGE_ENDS))
_DAY = re.compile(r"^([1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)?$")
_QUARTER = re.compile(r"^q[1-4]$")
_TO = Token("to", "to", _WORD)


def range_from(
    tokens: list[Token], i: int, reading: Reading, preposition: str, first: Found | None = None
) -> Found | None:
    """The range whose first end starts at `tokens[i]` (`first`, when already read), read after
    `preposition` (`between` also takes `and` between the ends). Without a word between two ends
    after `tokens[i]` there is no range, and neither end is read."""
    ends = _BETWEEN_ENDS if preposition == "between" else RANGE_ENDS
    if ends.isdisjoint([token.key for token in tokens[i + 1 :]]):
        return None  # "60 days for Enterprise": the word that `_is_in` looks for is not there
    return read_range(tokens, i, reading, preposition, first)


def read_range(
    tokens: list[Token], i: int, reading: Reading, preposition: str, first: Found | None = None
) -> Found | None:
    """`range_from` read in full, without its test for a word between the ends."""
    ends = _BETWEEN_ENDS if preposition == "between" else RANGE_ENDS
    i = _past_the(tokens, i)
    first = first or point_at(tokens, i, reading, preposition)
    day = None if first is not None else _bare_day(tokens, i)
    after_first = first[1] if first is not None else i + 1
    if (first is None and day is None) or not _is_in(tokens, after_first, ends):
        return None
    at = _past_the(tokens, after_first + 1)
    last = point_at(tokens, at, reading, preposition)
    if last is None:
        return None
    if first is not None and yearless(tokens, at):
        since = Reading(days_later(first[0].start, -1), True, reading.dates_are_values)
        last = point_at(tokens, at, since, preposition) or last
    if first is None:
        start = _day_start(day, last[0])
    else:
        start = _anchored_start(tokens, i, reading, preposition, last[0])
    if start is None or last[0].end < start:
        return None
    return DateWindow(start, last[0].end), last[1]


def split_ranges(tokens: list[Token]) -> list[Token]:
    """The tokens with a range written in one token ("june-august", "3-20", "q1-q2") or with
    a dash the tokenizer dropped ("June\u2013August") read as two ends with `to` between them."""
    texts = [token.text for token in tokens]
    if MONTHS.keys().isdisjoint(texts):  # no month: only a range in one token is split
        if "-" not in "".join(texts):
            return tokens  # most questions: no month and no hyphen, nothing to split
        if not any(_two_ends(token) for token in tokens if "-" in token.text):
            return tokens  # "eu-central": a hyphen between words that end no range
    return split_every_token(tokens)


def split_every_token(tokens: list[Token]) -> list[Token]:
    """`split_ranges` without its shortcuts: every token read."""
    split: list[Token] = []
    for index, token in enumerate(tokens):
        parts = _two_ends(token)
        if parts:
            split += [_word(parts[0]), _TO, _word(parts[1])]
            continue
        split.append(token)
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if token.text in MONTHS and following is not None and following.text in MONTHS:
            split.append(_TO)
    return split


def _two_ends(token: Token) -> list[str] | None:
    """The two ends of a range written in one word ("june-august", "3-20", "q1-q2"), if any."""
    if token.kind is not _WORD:
        return None
    parts = token.text.split("-")
    return parts if len(parts) == 2 and all(_an_end(part) for part in parts) else None


def _day_start(day: int | None, last: DateWindow) -> date | None:
    """A bare first day ("3" in "3 to 20 June") is that day of the last end's month."""
    if day is None or last.start != last.end or day > last.start.day:
        return None
    return last.start.replace(day=day)


def _anchored_start(
    tokens: list[Token], i: int, reading: Reading, preposition: str, last: DateWindow
) -> date | None:
    """The first end's first day, its year taken from the last end's when it names none."""
    anchored = reading
    if yearless(tokens, i):
        anchored = replace(reading, as_of=last.end, ahead=False)
    found = point_at(tokens, i, anchored, preposition)
    return found[0].start if found is not None else None


def _past_the(tokens: list[Token], i: int) -> int:
    """Past a `the` before an end ("from the 3rd to the 20th of June")."""
    return i + 1 if i + 1 < len(tokens) and tokens[i].key == "the" else i


def _bare_day(tokens: list[Token], i: int) -> int | None:
    match = _DAY.match(tokens[i].text) if i < len(tokens) else None
    return int(match[1]) if match else None


def _is_in(tokens: list[Token], i: int, words: frozenset[str]) -> bool:
    return i < len(tokens) and tokens[i].key in words


def _an_end(part: str) -> bool:
    return part in MONTHS or bool(_DAY.match(part)) or bool(_QUARTER.match(part))


def _word(part: str) -> Token:
    return Token(part, part, _NUMBER if part.isdigit() else _WORD)
