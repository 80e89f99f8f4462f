"""Reads one window of dates starting at a token: a point after a preposition (`in March
2025`, `on 2025-03-15`, `as of 15 March`), a range (`since October`, `between March and May
2025`, `from 1 March to 15 April`, `Jun 2024 to Aug 2024`: `ranges.py`), a rolling span
counted from the as-of date (`the last 30 days`, `past year`, `the next two weeks`),
`recently`, or a point on its own (`last year`)."""

from __future__ import annotations

from datetime import timedelta

from truthexpiry.models.time.periods import DateWindow
from truthexpiry.reading.time.points import (
    POINT_STARTS,
    Found,
    Reading,
    counted,
    may_read_a_point,
    may_start_a_point,
    point_at,
    unit_at,
)
from truthexpiry.reading.time.ranges import RANGE_ENDS, range_from
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.values.calendar import last_days, shifted

# Looked up once: each `Kind.WORD` is a look-up through the enum's class.
_WORD = Kind.WORD

_ROLLING = {"last": -1, "past": -1, "previous": -1, "next": 1, "coming": 1}
# Words before a point that put a question on it: "in March", "on 2025-03-15", "during Q1".
_PREPOSITIONS = frozenset("in on at during throughout for by around".split())
_RECENT = frozenset("recently lately recent".split())
_STARTS = frozenset(("since", "between", "from", "as", *_RECENT, *_PREPOSITIONS, *_ROLLING))
_WORD_STARTS = _STARTS | POINT_STARTS
# Words that start a window without a point in it ("recently", "the past year").
_WITHOUT_A_POINT = frozenset((*_RECENT, *_ROLLING))


def window_at(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    """The window a phrase starting at `tokens[i]` names, if any."""
    word = tokens[i].key
    if word == "since":
        return _since(tokens, i + 1, reading)
    if word in ("between", "from"):
        return range_from(tokens, i + 1, reading, word)
    if word in _RECENT:
        return last_days(reading.as_of), i + 1
    if word == "as" and i + 1 < len(tokens) and tokens[i + 1].key == "of":
        return point_at(tokens, i + 2, reading, "as_of")
    if word in _PREPOSITIONS and (found := _through(tokens, i + 1, reading, word)):
        return found
    return _on_its_own(tokens, i, reading)


def _on_its_own(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    """A rolling span, a point or a range that starts at `tokens[i]` itself. A word that starts
    neither a rolling span nor a point ("on" in "on Starter") starts none of them."""
    word = tokens[i].key
    if word not in _ROLLING and word != "the" and not may_start_a_point(tokens[i]):
        return None
    return _rolling(tokens, i, reading) or _through(tokens, i, reading, None)


def may_start_a_window(token: Token) -> bool:
    """A cheap test: most words of a question start no window, and need not be read."""
    return token.key in _STARTS or may_start_a_point(token)


def window_starts(tokens: list[Token]) -> list[int]:
    """The positions `may_start_a_window` holds at, in one pass. A word of letters alone starts
    a point only by its text or key (`may_start_a_point`): it is tested by set look-ups alone."""
    return [
        i
        for i, token in enumerate(tokens)
        if token.key in _WORD_STARTS
        or token.text in POINT_STARTS
        or token.kind is not _WORD
        or (not token.text.isalpha() and may_start_a_point(token))
    ]


def may_hold_a_window(tokens: list[Token], starts: list[int]) -> bool:
    """False when no window starts at any of `starts` (`window_starts`). Every window but one
    that starts with a word of `_WITHOUT_A_POINT` holds a point, and a point starts at one of
    them: "on Starter", "100 requests" hold none."""
    return any(tokens[i].key in _WITHOUT_A_POINT or may_read_a_point(tokens, i) for i in starts)


def _since(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    if i < len(tokens) and tokens[i].key == "the":  # "since the start of the year"
        i += 1
    found = point_at(tokens, i, reading, "since")
    if found is None:
        return None
    start = found[0].start
    return DateWindow(start, max(start, reading.as_of)), found[1]


def _through(tokens: list[Token], i: int, reading: Reading, word: str | None) -> Found | None:
    """A point, or a range that starts with it ("in June to August 2024", "Jun 2024 to Aug
    2024"): the point read after `word` (None: on its own)."""
    found = point_at(tokens, i, reading, word)
    if found is None and word is None:  # "June-August 2024": the first end has no year
        return range_from(tokens, i, reading, "from")
    if found is None or found[1] >= len(tokens) or tokens[found[1]].key not in RANGE_ENDS:
        return found
    return range_from(tokens, i, reading, word or "from", found) or found


def _rolling(tokens: list[Token], i: int, reading: Reading) -> Found | None:
    """`the last 30 days`, `past year`, `the next two weeks`: counted from the as-of date.
    `last month` without `the` or a count is the calendar month, read as a point."""
    word = tokens[i].key
    direction = _ROLLING.get(word)
    if direction is None:
        return None
    count = counted(tokens, i + 1)
    if count is None:
        after_the = i > 0 and tokens[i - 1].key == "the"
        count = unit_at(tokens, i + 1) if after_the or word in ("past", "coming") else None
    if count is None:
        return None
    number, unit, end = count
    as_of = reading.as_of
    try:
        far = shifted(as_of, unit, direction * number)
    except (ValueError, OverflowError):
        return None
    if direction < 0:
        return DateWindow(far + timedelta(days=1), as_of), end
    return DateWindow(as_of + timedelta(days=1), far), end
