"""Reads one typed value starting at a token: the one parser for every surface form.

`20 weeks`, `20-week`, `20wks`, `twenty weeks`, `an hour and a half`, `15kg`, `€35`, `35 EUR`,
`$1,200`, `5 pounds 20`, `75c`, `1.5k`, `15 %`, `two and a half percent`, `3pm`, `4:30 pm`,
`15:00`, `noon`, `half past six`, `9 in the evening`, `31 March 2026`, `March 31, 2026`,
`2026-03-31`. Record values and canonical texts are read by the same function, so a value and its
canonical text agree. Numbers are read in `numbers_in_text.py`, dates and clock times in
`dates_in_text.py`, times said in words in `spoken_times.py`, money in `money_in_text.py`, parts
of a whole in `fractions_in_text.py`; the quantities and rates here.
Polarity and enumerated words need the catalog's vocabulary and are read by the extractor.
"""

from __future__ import annotations

from decimal import Decimal

from truthexpiry.models.records.values import TypedValue
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import (
    AMOUNT_WORDS,
    ARTICLES_AS_ONE,
    CURRENCIES,
    FRACTION_FIGURES,
    FRACTION_WORDS,
    MERIDIEM,
    MINOR_CURRENCIES,
    MONTHS,
    NOT_NOUNS,
    NOT_ONE_BEFORE,
    NOUN_ALIASES,
    NUMBER_WORDS,
    POLARITY_WORDS,
    RATE_WORDS,
    SCALE_WORDS,
    TIME_WORDS,
    UNITS,
)
from truthexpiry.values.dates_in_text import date_at, time_at
from truthexpiry.values.forms import quantity
from truthexpiry.values.fractions_in_text import fraction_after, part_of_a_unit_at, whole_and_part
from truthexpiry.values.money_in_text import in_currency, money_at, with_subunits
from truthexpiry.values.numbers_in_text import ValueSpan, number_at
from truthexpiry.values.spoken_times import AFTER_A_NUMBER, spoken_time_at

# Words a value may start with: months, times, currencies, number words, "a"/"an", "half".
VALUE_WORD_STARTS = frozenset(
    (
        *MONTHS,
        *TIME_WORDS,
        *CURRENCIES,
        *NUMBER_WORDS,
        *ARTICLES_AS_ONE,
        *AMOUNT_WORDS,
        *FRACTION_WORDS,
    )
)


# First parts of a hyphenated word a value may be: "twenty-five", "half-hour".
_HYPHENATED_STARTS = frozenset((*NUMBER_WORDS, *FRACTION_WORDS))
# The words after a figure that may make it part of a date (`31 March`, `31st of March`) or a
# time of day (`3 pm`, `6 in the evening`, `10 past six`). A figure is never a currency or a part
# of a unit, so before any other word only `_measure_at` can read it.
_DATE_OR_TIME_AFTER_A_FIGURE = frozenset((*MONTHS, "of", *MERIDIEM, *AFTER_A_NUMBER))
# The kinds the readers compare with at every start: an enum's member read through its class is
# a lookup each time.
_NUMBER, _PUNCT, _WORD = Kind.NUMBER, Kind.PUNCT, Kind.WORD


def value_at(
    tokens: list[Token], i: int, known: frozenset[str] = frozenset(), *, whole: bool = False
) -> ValueSpan | None:
    """The value that starts at `tokens[i]`, if any. A word after a number that is not a unit is
    what it counts (`50 seats`, `10 accounts`) unless it is one of the `known` words, which are
    names and scope values here; with `whole` (a record value) any last word counts."""
    token = tokens[i]
    if token.kind is _NUMBER and _text(tokens, i + 1) not in _DATE_OR_TIME_AFTER_A_FIGURE:
        return _measure_at(tokens, i, known, whole)  # "60 days", "75 on": no other reads one
    if not may_start_a_value(token):
        return None  # most words start no value: skip the parsers
    return (
        date_at(tokens, i)
        or time_at(tokens, i)
        or spoken_time_at(tokens, i)
        or _with_rate(tokens, money_at(tokens, i))
        or _with_rate(tokens, part_of_a_unit_at(tokens, i))
        or _measure_at(tokens, i, known, whole)
    )


def may_start_a_value(token: Token) -> bool:
    """The cheap test before the parsers: a value starts only at a number, a clock time, a
    currency symbol or a fraction figure (`$`, `½`; no other punctuation mark), a word that
    begins with a digit, or one of the words values start with."""
    text = token.text
    kind = token.kind
    if kind is _PUNCT:
        return text in VALUE_WORD_STARTS or text in FRACTION_FIGURES
    return (
        kind is not _WORD
        or text in VALUE_WORD_STARTS
        or text[0].isdigit()
        or ("-" in text and text.partition("-")[0] in _HYPHENATED_STARTS)  # "twenty-five"
    )


def _measure_at(
    tokens: list[Token], i: int, known: frozenset[str], whole: bool
) -> ValueSpan | None:
    if tokens[i].text in AMOUNT_WORDS:
        return ValueSpan(i, i + 1, quantity(Decimal(AMOUNT_WORDS[tokens[i].text]), None))
    found = number_at(tokens, i)
    if found is None:
        return _one_unit_at(tokens, i)
    number, end = found
    part = fraction_after(tokens, end)  # "two and a half", "1 1/2"
    if part is not None and number == int(number):
        number, end = number + part[0], part[1]
        if end < len(tokens) and tokens[end].text in SCALE_WORDS:  # "one and a half million"
            number, end = number * SCALE_WORDS[tokens[end].text], end + 1
    marked = _marked_at(tokens, i, end, number)
    if marked is not None:
        return marked
    following = tokens[end] if end < len(tokens) else None
    unit = _unit_after(following, known, whole and end + 1 == len(tokens))
    if unit is None:
        return _bare(tokens, i, end, number)
    span = ValueSpan(i, end + 1, _in_unit(number, unit))
    return _with_rate(tokens, whole_and_part(tokens, with_subunits(tokens, span)))


def _marked_at(tokens: list[Token], i: int, end: int, number: Decimal) -> ValueSpan | None:
    """A number followed by a sign or words of its own: `15 %`, `15 per cent`, `75¢`."""
    following = tokens[end].text if end < len(tokens) else ""
    if following == "%":
        return ValueSpan(i, end + 1, quantity(number, "%"))
    if following == "per" and _next_is(tokens, end + 1, "cent"):
        return ValueSpan(i, end + 2, quantity(number, "%"))
    if following in MINOR_CURRENCIES:
        return _with_rate(tokens, ValueSpan(i, end + 1, _in_unit(number, following)))
    return None


def _next_is(tokens: list[Token], i: int, word: str) -> bool:
    return i < len(tokens) and tokens[i].text == word


def _unit_after(token: Token | None, known: frozenset[str], last: bool) -> str | None:
    """The unit, currency or counted noun a number is written in, if `token` is one."""
    if token is None or token.kind is not _WORD:
        return None
    word = token.text
    if word in CURRENCIES or word in MINOR_CURRENCIES or word in UNITS:
        return word
    if last and word not in NUMBER_WORDS:
        return word
    return NOUN_ALIASES.get(word, word) if _counts(token, known) else None


def _in_unit(number: Decimal, word: str) -> TypedValue:
    return in_currency(number, word) or quantity(number, word)


def _one_unit_at(tokens: list[Token], i: int) -> ValueSpan | None:
    """`a week`, `an hour`, `a week and a half`, `a pound`, `a pound fifty`; not `twice a
    day`."""
    if i > 0 and tokens[i - 1].text in NOT_ONE_BEFORE:
        return None
    if tokens[i].text not in ARTICLES_AS_ONE or i + 1 >= len(tokens):
        return None
    unit = tokens[i + 1].text
    if unit in CURRENCIES and unit.isalpha() and len(unit) > 3:  # "a pound", not "a EUR"
        return _with_rate(
            tokens, with_subunits(tokens, ValueSpan(i, i + 2, _in_unit(Decimal(1), unit)))
        )
    if unit not in UNITS or UNITS[unit].dimension == "percent":
        return None
    span = whole_and_part(tokens, ValueSpan(i, i + 2, quantity(Decimal(1), unit)))
    return _with_rate(tokens, span)


def _counts(token: Token, known: frozenset[str]) -> bool:
    """A word a number may count: `seats`, `accounts`; not a name, scope value or filler."""
    word = token.text
    if word in NOUN_ALIASES:
        return True
    return (
        word.isalpha()
        and len(word) >= 3
        and token.key not in known
        and word not in STOPWORDS
        and word not in NOT_NOUNS
        and word not in NUMBER_WORDS
        and word not in SCALE_WORDS
        and word not in MONTHS
        and word not in TIME_WORDS
        and word not in POLARITY_WORDS
        and word not in RATE_WORDS
    )


def _bare(tokens: list[Token], i: int, end: int, number: Decimal) -> ValueSpan | None:
    if tokens[i].kind is _WORD and tokens[i].text == "one" and end == i + 1:
        return None  # "the new one", "one of them": a pronoun far more often than a value
    return ValueSpan(i, end, quantity(number, None))


def _with_rate(tokens: list[Token], span: ValueSpan | None) -> ValueSpan | None:
    """`50 requests per minute`, `€0.45/km`: the rate's divisor is part of the value's span."""
    if span is None:
        return None
    end = span.end
    if end + 1 < len(tokens) and tokens[end].text in RATE_WORDS:
        return ValueSpan(span.start, end + 2, span.value)
    return span


def _text(tokens: list[Token], at: int) -> str:
    return tokens[at].text if at < len(tokens) else ""
