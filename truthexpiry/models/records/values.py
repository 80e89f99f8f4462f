"""Typed values: what a record or a claim states, in one canonical form per type.

Each attribute has a value type, inferred from its records and the optional catalog. A value of
a type has one canonical text (what people see and what `stated_value` holds), and parsing that
text again gives the same value.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, StrEnum


class ValueType(StrEnum):
    BOOLEAN = "boolean"  # enabled / disabled and their synonyms
    QUANTITY = "quantity"  # a number, with or without a unit or a counted noun
    DURATION = "duration"  # a number of seconds, days, weeks, months, years
    MONEY = "money"  # an amount in a currency
    PERCENTAGE = "percentage"
    TIME_OF_DAY = "time_of_day"
    DATE = "date"
    ENUMERATION = "enumeration"  # one of a few words or codes: `eu-central`, `paper`
    TEXT = "text"  # anything else, compared as words

    @property
    def is_numeric(self) -> bool:
        return self in _NUMERIC


_NUMERIC = frozenset(
    {ValueType.QUANTITY, ValueType.DURATION, ValueType.MONEY, ValueType.PERCENTAGE}
)


@dataclass(frozen=True, slots=True)
class TypedValue:
    """`amount` is the number (minutes after midnight for a time of day, the day's ordinal for a
    date, the month * 100 + day for a date without a year); `unit` is a unit's canonical name,
    a currency code, or a counted noun (`seat`); words compare by `text`."""

    type: ValueType
    text: str
    amount: Decimal | None = None
    unit: str | None = None

    @property
    def is_numeric(self) -> bool:
        # The amount first: words have none, and the type's test is the dearer one.
        return self.amount is not None and self.type in _NUMERIC


class Comparison(Enum):
    SAME = "same"
    DIFFERENT = "different"
    INCOMPARABLE = "incomparable"  # units that cannot be reconciled: neither same nor different


@dataclass(frozen=True, slots=True)
class Compared:
    outcome: Comparison
    reason: str = ""  # why the values could not be compared
