"""Reading and comparing typed values: the one place that decides whether two values are equal.

Normalisation never makes equal values unequal. A number is compared in the record's unit: the
unit written in the record value, else the attribute's (from the catalog, else its name). A
number without a unit matches the same number in any unit. Units of one dimension convert
(weeks and days, hours and minutes, kg and g, GB and MB by 1000 or 1024); units that cannot be
reconciled (kg and percent, euros and dollars, months and days, cents and pounds) are
INCOMPARABLE, never different. An amount in cents whose currency is not said compares with a
record in any currency that has cents. A time said without am or pm (`06:30 or 18:30`) is the
same as a record at either time. Words compare after case and separators; availability words by
their meaning.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from functools import lru_cache

from truthexpiry.models.records.catalog import AttributeInfo
from truthexpiry.models.records.values import Compared, Comparison, TypedValue, ValueType
from truthexpiry.text.tokens import Kind, opened, tokenize
from truthexpiry.text.words import BINARY_DATA_FACTORS, CENT, CENT_CURRENCIES, CURRENCIES, UNITS
from truthexpiry.values.forms import (
    EITHER_HALF_OF_DAY,
    cents,
    money,
    quantity,
    token_key,
    words,
)
from truthexpiry.values.polarity import polarity_of
from truthexpiry.values.spans import value_at

_SAME = Compared(Comparison.SAME)
_DIFFERENT = Compared(Comparison.DIFFERENT)
_WORD_TYPES = frozenset({ValueType.ENUMERATION, ValueType.TEXT})
_DATED = frozenset({ValueType.DATE, ValueType.TIME_OF_DAY})
_CURRENCY_CODES = frozenset(CURRENCIES.values())
_MONEY_UNITS = _CURRENCY_CODES | {CENT}
_HALF_DAY = 720
_CALENDAR_AND_DAYS = frozenset({"calendar", "time"})


def read_value(raw: str, info: AttributeInfo | None = None) -> TypedValue:
    """A record value, or a claim's canonical value, as a typed value of `info`'s attribute."""
    value = _read(raw, whole_words=info is None or info.value_type not in _WORD_TYPES)
    if info is not None and info.unit and value.is_numeric and value.unit is None:
        assert value.amount is not None
        return _in_unit(value.amount, info.unit)
    return value


@lru_cache(maxsize=4096)
def read_record_value(raw: str, info: AttributeInfo | None = None) -> TypedValue:
    """`read_value` for record values, which repeat across questions: remembered. Never for
    claims, whose values come from Slack text and must not outlive the request."""
    return read_value(raw, info)


def _read(raw: str, *, whole_words: bool) -> TypedValue:
    tokens = tokenize(opened(raw).replace("_", " "))
    if tokens and whole_words:
        span = value_at(tokens, 0, whole=True)
        if span is not None and span.end == len(tokens):
            return span.value
    # `not_allowed` and `switched-off` are words apart: read their parts.
    meaning = polarity_of(
        [
            w
            for t in tokens
            for w in (
                t.text.replace("_", " ").replace("-", " ").split()
                if t.kind is Kind.WORD
                else [t.key]
            )
        ]
    )
    if meaning is not None:
        return TypedValue(ValueType.BOOLEAN, meaning)
    return words(raw)


def _in_unit(amount: Decimal, unit: str) -> TypedValue:
    if unit == CENT:  # `fee_cents`: a bare 40 is 40 cents
        return cents(amount / 100)
    return money(amount, unit) if unit in _CURRENCY_CODES else quantity(amount, unit)


def compare(stated: TypedValue, record: TypedValue) -> Compared:
    """How a stated value relates to a record's value (read with the attribute's unit)."""
    stated_number, record_number = stated.is_numeric, record.is_numeric
    if stated_number and record_number:
        return _amounts(stated, record)
    if stated.type in _DATED or record.type in _DATED:
        return _moments(stated, record)
    if stated_number != record_number:
        return _DIFFERENT  # "unlimited" against 50
    if stated.text == record.text:  # the same words have the same comparison form
        return _SAME
    return _SAME if token_key(stated.text) == token_key(record.text) else _DIFFERENT


def same_value(a: str, b: str, info: AttributeInfo | None = None) -> bool:
    return compare(read_value(a, info), read_value(b, info)).outcome is Comparison.SAME


def same_record_value(a: str, b: str) -> bool:
    """`same_value` for two record values, their readings remembered (`read_record_value`)."""
    return compare(read_record_value(a), read_record_value(b)).outcome is Comparison.SAME


def _moments(stated: TypedValue, record: TypedValue) -> Compared:
    if stated.type is not record.type:
        if stated.is_numeric or record.is_numeric:
            return Compared(
                Comparison.INCOMPARABLE,
                f"{_kind(stated)} was stated, but the records hold {_kind(record)}",
            )
        return _DIFFERENT
    assert stated.amount is not None
    assert record.amount is not None
    if stated.unit == "yearless" or record.unit == "yearless":
        return _SAME if _month_day(stated) == _month_day(record) else _DIFFERENT
    if EITHER_HALF_OF_DAY in (stated.unit, record.unit):
        return _same_if(stated.amount % _HALF_DAY == record.amount % _HALF_DAY)
    return _SAME if stated.amount == record.amount else _DIFFERENT


def _month_day(value: TypedValue) -> int:
    assert value.amount is not None
    if value.unit == "yearless":
        return int(value.amount)
    day = date.fromordinal(int(value.amount))
    return day.month * 100 + day.day


def _amounts(stated: TypedValue, record: TypedValue) -> Compared:
    assert stated.amount is not None
    assert record.amount is not None
    a, r = stated.unit, record.unit
    if a is None or r is None or a == r:
        return _in_one_unit(stated, record.amount, record_unit=r)
    if CENT in (a, r) and {a, r} - {CENT} <= CENT_CURRENCIES:
        return _same_if(stated.amount == record.amount)  # 40 cents and 0.40 EUR
    ua, ur = UNITS.get(a), UNITS.get(r)
    if ua is None and ur is None and a not in _MONEY_UNITS and r not in _MONEY_UNITS:
        # Two counted nouns ("50 users" of a limit counted in seats): both count things.
        return _same_if(stated.amount == record.amount)
    if ua is not None and ur is not None and {ua.dimension, ur.dimension} == _CALENDAR_AND_DAYS:
        return _months_and_days(stated, record)
    if ua is None or ur is None or ua.dimension != ur.dimension:
        reason = f"stated in {_unit_label(a)}, but the records are in {_unit_label(r)}"
        return Compared(Comparison.INCOMPARABLE, reason)
    return _converted(stated, record)


def _converted(stated: TypedValue, record: TypedValue) -> Compared:
    """Two amounts in units of one dimension, converted exactly."""
    assert stated.amount is not None
    assert stated.unit is not None
    assert record.amount is not None
    assert record.unit is not None
    if _base_amounts(stated.amount, stated.unit) & _base_amounts(record.amount, record.unit):
        return _SAME
    if UNITS[stated.unit].system != UNITS[record.unit].system:
        reason = f"{_unit_label(stated.unit)} and {_unit_label(record.unit)} do not convert exactly"
        return Compared(Comparison.INCOMPARABLE, reason)
    return _DIFFERENT


def _in_one_unit(stated: TypedValue, record_amount: Decimal, record_unit: str | None) -> Compared:
    """Both in one unit, or one side without any: the numbers decide, unless the record gives
    no unit and the stated amount may be its number in another unit."""
    if stated.amount == record_amount:
        return _SAME
    if (
        record_unit is None
        and stated.unit is not None
        and _could_be_another_unit(stated, record_amount)
    ):
        reason = f"the records give no unit, and {stated.text} may be the same amount in another"
        return Compared(Comparison.INCOMPARABLE, reason)
    return _DIFFERENT


def _same_if(equal: bool) -> Compared:
    return _SAME if equal else _DIFFERENT


def _months_and_days(stated: TypedValue, record: TypedValue) -> Compared:
    """A month is 30 or 31 days and a year 365 or 366 (`6 months` = `180 days`, `1 year` =
    `365 days`); a day count a calendar length could be in some month or year is neither.
    One side is in calendar units, the other in units of time; either may be zero."""
    calendar, time = (stated, record) if _is_calendar(stated) else (record, stated)
    assert calendar.amount is not None
    assert calendar.unit is not None
    assert time.amount is not None
    assert time.unit is not None
    months = calendar.amount * UNITS[calendar.unit].factor
    days = time.amount * UNITS[time.unit].factor / 86400
    years = months / 12
    exact = {30 * months, 31 * months}
    if years == int(years):
        exact |= {365 * years, 366 * years}
    if days in exact:
        return _SAME
    if 28 * months <= days <= 31 * months:
        return Compared(Comparison.INCOMPARABLE, "months and days do not convert exactly")
    return _DIFFERENT


def _is_calendar(value: TypedValue) -> bool:
    return UNITS[value.unit or ""].dimension == "calendar"


def _base_amounts(amount: Decimal, unit: str) -> set[Decimal]:
    """The amount in its dimension's base unit; data sizes both by 1000 and by 1024."""
    amounts = {amount * UNITS[unit].factor}
    if unit in BINARY_DATA_FACTORS:
        amounts.add(amount * BINARY_DATA_FACTORS[unit])
    return amounts


def _could_be_another_unit(stated: TypedValue, record_amount: Decimal) -> bool:
    """True when the stated amount equals the record's number in some other unit: 140 days is
    20 weeks, so a bare record 20 neither confirms nor contradicts it. Any currency could be."""
    assert stated.unit is not None
    assert stated.amount is not None
    if stated.unit in _MONEY_UNITS:
        return True
    unit = UNITS.get(stated.unit)
    if unit is None or record_amount == 0:
        return False
    ratio = stated.amount * unit.factor / record_amount
    return any(
        other.dimension == unit.dimension and other.factor == ratio for other in UNITS.values()
    )


def _unit_label(unit: str) -> str:
    return unit if unit in _CURRENCY_CODES or len(unit) <= 2 else f"{unit}s"  # "cents", "kg"


def _kind(value: TypedValue) -> str:
    return {
        ValueType.DATE: "a date",
        ValueType.TIME_OF_DAY: "a time of day",
    }.get(value.type, "a number" if value.is_numeric else "words")
