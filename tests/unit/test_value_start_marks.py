"""`may_start_a_value` says no at a punctuation mark other than a currency symbol or a fraction
figure: no parser reads a value starting at one, whatever follows it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from truthexpiry.text.tokens import Kind, Token, tokenize
from truthexpiry.values.dates_in_text import date_at, time_at
from truthexpiry.values.fractions_in_text import part_of_a_unit_at
from truthexpiry.values.money_in_text import money_at
from truthexpiry.values.spans import _measure_at, may_start_a_value
from truthexpiry.values.spoken_times import spoken_time_at

# Every mark the tokenizer makes a token of ("/" only inside a rate: "45/day").
_MARKS = [*",:()$\u20ac\u00a3\u00a5\u20b9\u00a2\u00bd\u00bc\u00be", "/"]
_WORDS = (
    "5 30 15:00 pm am in the morning evening a an half quarter quarters past to of hour hours "
    "minute eur euro $ \u00bd , and twenty five o clock noon march 31 2026 per cent %"
)
_FOLLOWING = st.lists(st.sampled_from(_WORDS.split()), max_size=5).map(" ".join)


def _read_at_start(tokens: list[Token]) -> list[object]:
    return [
        date_at(tokens, 0),
        time_at(tokens, 0),
        spoken_time_at(tokens, 0),
        money_at(tokens, 0),
        part_of_a_unit_at(tokens, 0),
        _measure_at(tokens, 0, frozenset(), False),
        _measure_at(tokens, 0, frozenset(), True),
    ]


@given(st.sampled_from(_MARKS), _FOLLOWING)
def test_a_mark_that_may_start_no_value_starts_none(mark: str, following: str) -> None:
    start = Token(mark, mark, Kind.PUNCT)
    tokens = [start, *tokenize(following)]
    if not may_start_a_value(start):
        assert _read_at_start(tokens) == [None] * 7


def test_currency_symbols_and_fraction_figures_may_start_a_value() -> None:
    starting = [m for m in _MARKS if may_start_a_value(Token(m, m, Kind.PUNCT))]
    assert starting == [*"$\u20ac\u00a3\u00a5\u20b9\u00bd\u00bc\u00be"]
