"""A statement's scopes are every combination of its stated values, one per key, keys sorted,
the first eight: one key's values (most statements) give one scope each, as the product does."""

from __future__ import annotations

from itertools import islice, product

from hypothesis import given
from hypothesis import strategies as st

from truthexpiry.reading.reader import _combinations

_STATED = st.dictionaries(
    st.sampled_from(["plan", "region", "tier", "site"]),
    st.lists(st.sampled_from(["starter", "pro", "eu", "us", "gold", "north"]), max_size=10),
    max_size=3,
)


@given(_STATED)
def test_scopes_are_the_first_eight_combinations_of_the_stated_values(
    stated: dict[str, list[str]],
) -> None:
    keys = sorted(stated)
    combos = islice(product(*(stated[k] for k in keys)), 8)
    expected = tuple(tuple(zip(keys, combo, strict=True)) for combo in combos) if stated else ()
    assert _combinations(stated) == expected
