"""A length of zero compared with a calendar length: months against days when either side is
zero (hypothesis found `same_value("0second", "1month")` raising instead of answering)."""

from __future__ import annotations

import pytest

from truthexpiry.values.compare import same_value


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("0 seconds", "1 month", False),
        ("0second", "1month", False),
        ("0 days", "0 months", True),
        ("0 months", "30 days", False),
        ("0 years", "0 hours", True),
    ],
)
def test_zero_lengths_compare_both_ways(a: str, b: str, same: bool) -> None:
    assert same_value(a, b) is same
    assert same_value(b, a) is same
