"""Quantities said with a part of a whole: `an hour and a half`, `one and a half days`, `two and
a half percent`, `1 1/2 hours`, `1½ hours`, `half an hour`, `a half hour`, `a half-hour`, `a
quarter of an hour`, `three quarters of an hour`, `one and a quarter`.

Each is read whole or not at all: "an hour and a half" is never `1 hour` followed by stray
words, since a misread amount gives a wrong verdict where no amount gives none.
"""

from __future__ import annotations

from decimal import Decimal

from truthexpiry.text.tokens import Token
from truthexpiry.text.words import (
    ARTICLES_AS_ONE,
    FRACTION_FIGURES,
    FRACTION_WORDS,
    NUMBER_WORDS,
    UNITS,
)
from truthexpiry.values.forms import quantity
from truthexpiry.values.numbers_in_text import ValueSpan

_QUARTERS = frozenset({"quarter", "quarters"})


def fraction_after(tokens: list[Token], at: int) -> tuple[Decimal, int] | None:
    """The part added after a whole: `and a half`, `and a quarter`, `and three quarters`, or a
    figure (`1/2`, `½`); and where it ends."""
    text = _text(tokens, at)
    if text in FRACTION_FIGURES:
        return FRACTION_FIGURES[text], at + 1
    if text != "and":
        return None
    part = _part_at(tokens, at + 1)
    return None if part is None or part[0] >= 1 else part


def part_of_a_unit_at(tokens: list[Token], i: int) -> ValueSpan | None:
    """`half an hour`, `half a percent`, `a half hour`, `a quarter of an hour`, `three quarters
    of a day`, `1/2 hour`: a part of one unit."""
    part = _part_at(tokens, i)
    if part is None:
        return _hyphenated_at(tokens, i)
    size, at = part
    if _text(tokens, at) == "of":  # "a quarter of an hour"
        at += 1
    elif _text(tokens, i) in ARTICLES_AS_ONE and _text(tokens, at) in UNITS:
        return _unit_span(tokens, i, at, size)  # "a half hour"
    if _text(tokens, at) not in ARTICLES_AS_ONE:
        return None if _text(tokens, i) not in FRACTION_FIGURES else _unit_span(tokens, i, at, size)
    return _unit_span(tokens, i, at + 1, size, percent=size < 1)


def _hyphenated_at(tokens: list[Token], i: int) -> ValueSpan | None:
    """`half-hour`, `a quarter-hour`, `half-day`: a part and a unit in one word."""
    start = i
    if _text(tokens, i) in ARTICLES_AS_ONE:
        i += 1
    part, _, unit = _text(tokens, i).partition("-")
    if part not in FRACTION_WORDS or unit not in UNITS or UNITS[unit].dimension == "percent":
        return None
    return ValueSpan(start, i + 1, quantity(FRACTION_WORDS[part], unit))


def whole_and_part(tokens: list[Token], span: ValueSpan) -> ValueSpan:
    """`an hour and a half`, `two weeks and a half`: a whole number of a unit and a part."""
    value = span.value
    if value.amount is None or value.unit not in UNITS or value.amount != int(value.amount):
        return span
    if value.unit == "percent":
        return span
    found = fraction_after(tokens, span.end)
    if found is None or _text(tokens, span.end) != "and":
        return span
    return ValueSpan(span.start, found[1], quantity(value.amount + found[0], value.unit))


def _part_at(tokens: list[Token], i: int) -> tuple[Decimal, int] | None:
    """`a half`, `half`, `a quarter`, `one quarter`, `three quarters`, `1/2`, `½`."""
    text = _text(tokens, i)
    if text in FRACTION_FIGURES:
        return FRACTION_FIGURES[text], i + 1
    count, at = Decimal(1), i
    if text in ARTICLES_AS_ONE:
        at = i + 1
    elif text in NUMBER_WORDS and _text(tokens, i + 1) in _QUARTERS:
        count, at = Decimal(NUMBER_WORDS[text]), i + 1
    word = _text(tokens, at)
    if word == "quarters" and count in (2, 3):
        return count * FRACTION_WORDS["quarter"], at + 1
    if word in FRACTION_WORDS and count == 1:
        return FRACTION_WORDS[word], at + 1
    return None


def _unit_span(
    tokens: list[Token], start: int, at: int, size: Decimal, *, percent: bool = False
) -> ValueSpan | None:
    word = _text(tokens, at)
    unit = UNITS.get(word)
    if unit is None or (unit.dimension == "percent" and not percent):
        return None
    if unit.name == "quarter":  # "a quarter of a quarter": not something people say
        return None
    return ValueSpan(start, at + 1, quantity(size, word))


def _text(tokens: list[Token], at: int) -> str:
    return tokens[at].text if at < len(tokens) else ""
