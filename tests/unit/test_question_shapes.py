"""The kind of value a question's shape asks for, and ranges of days that are a day type."""

from __future__ import annotations

import pytest

from truthexpiry.models.records.values import ValueType
from truthexpiry.reading.day_ranges import day_ranges
from truthexpiry.reading.question_shapes import asked_kind
from truthexpiry.text.tokens import tokenize


@pytest.mark.parametrize(
    ("question", "types", "unit"),
    [
        ("How many books can I take out?", {ValueType.QUANTITY}, "book"),
        ("how many kg can I check?", {ValueType.QUANTITY}, "kg"),
        ("How many kilos can I check?", {ValueType.QUANTITY}, "kg"),
        ("How many can I bring?", {ValueType.QUANTITY}, None),
        ("How long can I keep it?", {ValueType.DURATION}, None),
        ("how far ahead can I book?", {ValueType.DURATION}, None),
        ("How much is a new card?", {ValueType.MONEY, ValueType.PERCENTAGE}, None),
        ("What time does it open?", {ValueType.TIME_OF_DAY}, None),
        ("how late is the desk open?", {ValueType.TIME_OF_DAY}, None),
    ],
)
def test_a_question_shape_asks_for_a_kind_of_value(
    question: str, types: set[ValueType], unit: str | None
) -> None:
    asked = asked_kind(tokenize(question))

    assert asked is not None
    assert (set(asked.types), asked.unit) == (types, unit)


@pytest.mark.parametrize("question", ["Is the pool open at 7?", "What is the loan period?"])
def test_a_question_without_such_a_shape_asks_for_no_kind(question: str) -> None:
    assert asked_kind(tokenize(question)) is None


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("open mon-fri", ["weekday"]),
        ("open Monday to Friday", ["weekday"]),
        ("open Mon - Fri", ["weekday"]),
        ("closed sat-sun", ["weekend"]),
        ("Saturday through Sunday", ["weekend"]),
        ("open mon-wed", []),
        ("open tue to fri", []),
        ("from monday", []),
    ],
)
def test_a_range_of_days_is_a_day_type_only_when_it_is_exactly_one(
    text: str, named: list[str]
) -> None:
    assert [phrase for _, _, phrase in day_ranges(tokenize(text))] == named
