"""`value_at` reads a figure followed by a word that makes no date or time of day (`60 days`,
`75 on`) with `_measure_at` alone: the other parsers read no value starting there, so the value
read is the one the whole chain of parsers reads."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from truthexpiry.text.tokens import Kind, Token, tokenize
from truthexpiry.values.dates_in_text import date_at, time_at
from truthexpiry.values.fractions_in_text import part_of_a_unit_at
from truthexpiry.values.money_in_text import money_at
from truthexpiry.values.numbers_in_text import ValueSpan
from truthexpiry.values.spans import _measure_at, _with_rate, value_at
from truthexpiry.values.spoken_times import spoken_time_at

_FIGURES = "5 6 12 15 30 31 60 75 2026 1,200 1.5 9.30 17.30 1.5k 0".split()
_WORDS = (
    "days day weeks hours minutes seats eur euro usd $ pounds p cents % per cent and a half 1/2 "
    "\u00bd of march may pm am p.m in the morning evening at night past to after o clock noon "
    "min thirty six on for starter , ( requests minute / million k"
)
_FOLLOWING = st.lists(st.sampled_from(_WORDS.split()), max_size=5).map(" ".join)


def _chain(tokens: list[Token], whole: bool) -> ValueSpan | None:
    return (
        date_at(tokens, 0)
        or time_at(tokens, 0)
        or spoken_time_at(tokens, 0)
        or _with_rate(tokens, money_at(tokens, 0))
        or _with_rate(tokens, part_of_a_unit_at(tokens, 0))
        or _measure_at(tokens, 0, frozenset({"starter"}), whole)
    )


@given(st.sampled_from(_FIGURES), _FOLLOWING, st.booleans())
def test_a_figure_reads_as_the_whole_chain_reads_it(
    figure: str, following: str, whole: bool
) -> None:
    tokens = tokenize(f"{figure} {following}")
    assert tokens[0].kind is Kind.NUMBER
    known = frozenset({"starter"})
    assert value_at(tokens, 0, known, whole=whole) == _chain(tokens, whole)


def test_a_figure_before_a_plain_word_is_measured() -> None:
    assert value_at(tokenize("60 days for enterprise"), 0) == _measure_at(
        tokenize("60 days for enterprise"), 0, frozenset(), False
    )
