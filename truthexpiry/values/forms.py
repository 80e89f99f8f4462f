"""Builds typed values in canonical form, one constructor per type.

Canonical texts: `enabled`, `20 weeks`, `15 kg`, `50 seats`, `15%`, `35 EUR`, `40 cents` (a
hundredth of a currency not named), `15:00`, `06:30 or 18:30` (an hour said without am or pm),
`2026-03-31`, `31 March` (a date without a year), and words in lower case. Each reads back to
the same value.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.text.tokens import singular
from truthexpiry.text.words import CENT, UNITS

_SEPARATORS = re.compile(r"[\s_\-]+")
_MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
_QUANTITY = ValueType.QUANTITY  # read through its class, a lookup each time
_TYPE_OF_DIMENSION = {
    "time": ValueType.DURATION,
    "calendar": ValueType.DURATION,
    "percent": ValueType.PERCENTAGE,
}


def unit_name(word: str) -> str:
    """The canonical name of a unit word (`wks` -> `week`, `%` -> `percent`), or the singular
    of a counted noun (`seats` -> `seat`)."""
    unit = UNITS.get(word)
    return unit.name if unit else singular(word)


def quantity(number: Decimal, unit_word: str | None) -> TypedValue:
    shown = number_text(number)
    if not unit_word:  # a bare number: no unit to look up
        return TypedValue(_QUANTITY, shown, number)
    unit = unit_name(unit_word)
    known = UNITS.get(unit)
    kind = _TYPE_OF_DIMENSION.get(known.dimension, _QUANTITY) if known else None
    if unit == "percent":
        return TypedValue(ValueType.PERCENTAGE, f"{shown}%", number, unit)
    plural = number != 1 and len(unit) > 2 and not unit.endswith("s")
    text = f"{shown} {unit}{'s' if plural else ''}"
    return TypedValue(kind or _QUANTITY, text, number, unit)


def money(amount: Decimal, code: str) -> TypedValue:
    return TypedValue(ValueType.MONEY, f"{number_text(amount)} {code}", amount, code)


def cents(amount: Decimal) -> TypedValue:
    """An amount said in cents without its currency: `amount` is in whole units (0.40 for 40
    cents), so it compares with a record of any currency that has cents."""
    count = amount * 100
    return TypedValue(
        ValueType.MONEY, f"{number_text(count)} cent{'' if count == 1 else 's'}", amount, CENT
    )


# The unit of a time said without am or pm ("half past six"): either half of the day.
EITHER_HALF_OF_DAY = "12-hour"


def clock_either_half(minutes: int) -> TypedValue:
    """`half past six`: 06:30 or 18:30. `amount` is the morning reading (0 to 719)."""
    morning = minutes % 720
    text = f"{_hhmm(morning)} or {_hhmm(morning + 720)}"
    return TypedValue(ValueType.TIME_OF_DAY, text, Decimal(morning), EITHER_HALF_OF_DAY)


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def clock(minutes: int) -> TypedValue:
    return TypedValue(ValueType.TIME_OF_DAY, _hhmm(minutes), Decimal(minutes))


def on_date(day: date) -> TypedValue:
    return TypedValue(ValueType.DATE, day.isoformat(), Decimal(day.toordinal()))


def day_of_year(month: int, day: int) -> TypedValue:
    """A date said without its year (`31 March`): it matches that day in any year."""
    text = f"{day} {_MONTH_NAMES[month - 1]}"
    return TypedValue(ValueType.DATE, text, Decimal(month * 100 + day), "yearless")


def words(text: str, kind: ValueType = ValueType.ENUMERATION) -> TypedValue:
    return TypedValue(kind, " ".join(text.strip().lower().split()))


def number_text(number: Decimal) -> str:
    return format(number.normalize(), "f")


def token_key(text: str) -> str:
    """Comparison form of words: `EU_Central` = `eu-central` = `eu central`."""
    return _SEPARATORS.sub(" ", text.strip().lower()).strip()
