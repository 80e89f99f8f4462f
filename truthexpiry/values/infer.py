"""Infers an attribute's value type and unit from its records, its name and the catalog.

The type is the one every record value reads as (`30_days` and `45_days`: a duration;
`15:00`: a time of day; `enabled`: boolean). A catalog `type` overrides it. The unit a bare
record number is in comes from the record values, else the catalog's `unit`, else the name
(`return_window_weeks`, `weight_kg`, `fee_eur`, `rate_percent`, `max_seats`), else none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from truthexpiry.models.records.catalog import AttributeNote
from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.text.tokens import singular
from truthexpiry.text.words import CENT, CURRENCIES, UNITS
from truthexpiry.values.compare import read_value
from truthexpiry.values.forms import unit_name

_WORDS = frozenset({ValueType.ENUMERATION, ValueType.TEXT})
_MOMENTS = frozenset({ValueType.DATE, ValueType.TIME_OF_DAY})
_DIMENSION_TYPES = {
    "time": ValueType.DURATION,
    "calendar": ValueType.DURATION,
    "percent": ValueType.PERCENTAGE,
}
# Names of things that look like numbers but are labels: `4.10` is not `4.1`.
_LABEL_NAMES = frozenset({"version", "release", "build", "code", "id"})
_MAX_ENUMERATION_WORDS = 4


def infer_value_type(
    pair: tuple[str, str],
    raw_values: Iterable[str],
    note: AttributeNote,
    read: Callable[[str], TypedValue] = read_value,
) -> tuple[ValueType, str | None, tuple[str, ...]]:
    """The attribute's value type, its unit, and the values that are words. `read` reads a
    record value on its own (`read_value`, or a memo of it over one dataset's values)."""
    name_words = pair[1].split("_")
    labelled = entity_names_labels(pair[0]) or not _LABEL_NAMES.isdisjoint(name_words)
    raws = list(raw_values)
    values = [read(raw) for raw in raws]
    # `4.10` is not `4.1` when it is a version: bare numbers of something named a version.
    versions = labelled and all(v.is_numeric and v.unit is None for v in values)
    if note.value_type in _WORDS or versions:
        values = [_read(raw, True) for raw in raws]
    tokens = tuple(sorted({v.text for v in values if v.type in _WORDS}))
    numbers = [v for v in values if v.is_numeric]
    unit = _unit(numbers, note, name_words) if numbers or note.value_type else None
    if note.value_type is not None:
        return note.value_type, unit, tokens
    kinds = {v.type for v in values}
    if numbers:
        return _numeric_type(numbers, unit), unit, tokens
    if len(kinds) == 1 and kinds <= _MOMENTS | {ValueType.BOOLEAN}:
        return kinds.pop(), None, tokens
    longest = max((len(t.split()) for t in tokens), default=0)
    kind = ValueType.ENUMERATION if longest <= _MAX_ENUMERATION_WORDS else ValueType.TEXT
    # Among words, a code that also reads as availability (`ga` beside `beta`) is one of them.
    codes = {
        raw.strip().lower()
        for raw, v in zip(raws, values, strict=True)
        if v.type is ValueType.BOOLEAN
    }
    return kind, None, tuple(sorted({*tokens, *codes})) if tokens else tokens


def entity_names_labels(entity: str) -> bool:
    """Whether `entity`'s name makes bare numbers labels (`app_version`): the one way the entity
    changes what `infer_value_type` infers for an attribute, so a caller may share the answer
    between entities for which this is equal."""
    return not _LABEL_NAMES.isdisjoint(entity.split("_"))


def _read(raw: str, labels: bool) -> TypedValue:
    value = read_value(raw)
    if labels and value.type is not ValueType.BOOLEAN:
        return TypedValue(ValueType.ENUMERATION, " ".join(raw.strip().lower().split()))
    return value


def _unit(numbers: list[TypedValue], note: AttributeNote, name_words: list[str]) -> str | None:
    stated = {v.unit for v in numbers if v.unit}
    if len(stated) == 1:
        return stated.pop()
    if stated:
        return None  # records in several units: each record says its own
    if note.unit:
        return canonical_unit(note.unit)
    return _unit_in_name(name_words)


def canonical_unit(word: str) -> str:
    """`GB` -> `gb`, `EUR` -> `EUR`, `days` -> `day`, `requests` -> `request`."""
    lower = word.strip().lower()
    return CURRENCIES.get(lower) or unit_name(lower)


def _unit_in_name(name_words: list[str]) -> str | None:
    if "per" in name_words:  # `requests_per_minute`: what is counted comes before "per"
        name_words = name_words[: name_words.index("per")]
    for word in reversed(name_words):
        if word in UNITS:
            return UNITS[word].name
        if word in CURRENCIES and len(word) == 3:
            return CURRENCIES[word]
    nouns = [w for w in name_words if len(name_words) > 1 and singular(w) != w]
    return singular(nouns[-1]) if nouns else None


def _numeric_type(numbers: list[TypedValue], unit: str | None) -> ValueType:
    if unit in CURRENCIES.values() or unit == CENT:
        return ValueType.MONEY
    if unit in UNITS:
        return _DIMENSION_TYPES.get(UNITS[unit].dimension, ValueType.QUANTITY)
    kinds = {v.type for v in numbers}
    return kinds.pop() if len(kinds) == 1 else ValueType.QUANTITY
