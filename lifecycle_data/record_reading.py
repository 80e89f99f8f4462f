"""One lifecycle record read from the dataset's JSON: every field checked (`parse_record`, and
`record_problems` listing each problem of a record that fails), or, for a record written the
way exporters write it whose parts were already read and checked in this load, built without
checking them again (`plain_record`). `Interned` holds what one load has read; it lives only for
one `parse_dataset` call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields as dataclass_fields
from datetime import date
from typing import Any, TypeVar

from lifecycle_data import record_fields as fields
from truthexpiry.models.errors import InvalidClaimKeyError, InvalidDatasetError
from truthexpiry.models.records.claim_key import (
    ClaimKey,
    Scope,
    normalise_identifier,
    normalise_scope,
)
from truthexpiry.models.records.lifecycle import DEFAULT_SOURCE, LifecycleRecord, LifecycleState

T = TypeVar("T")


class Interned:
    """Per-load memo tables: a dataset repeats its keys, states and dates many times over, so
    each distinct spelling is normalised once and equal parts share one object. They live only
    for one `parse_dataset` call; nothing is cached across loads."""

    def __init__(self) -> None:
        self.keys: dict[tuple[str, str, tuple[tuple[str, str], ...]], ClaimKey] = {}
        # The parts of keys repeat across keys too (an entity has many attributes and scopes).
        self.identifiers: dict[str, str] = {}
        self.scopes: dict[tuple[tuple[str, str], ...], Scope] = {}
        self.states: dict[str, LifecycleState] = {}
        self.dates: dict[str, date] = {}
        self.values: dict[str, str] = {}
        self.sources: dict[str, str] = {}


def plain_record(raw: object, interned: Interned) -> LifecycleRecord | None:
    """The record when it is written the way exporters write it (a plain dict of known fields,
    record IDs printable ASCII without outer spaces) and its key, value, state, date and source
    are spelled as in a record already read in this load, so already checked; else None, and
    `parse_record` checks every field. Most records of a large dataset take this path."""
    if type(raw) is not dict or not raw.keys() <= fields.FIELDS:
        return None
    record_id, link = raw.get("record_id"), raw.get("supersedes_record_id")
    if not _plain_id(record_id) or (link is not None and not _plain_id(link)):
        return None
    try:
        spelling = (raw["entity"], raw["attribute"], tuple(raw["scope"].items()))
        key = interned.keys.get(spelling)
        if key is None:  # a key's first record: read, checked and remembered
            key = _remembered(spelling, interned)
            if key is None:
                return None  # a part with a problem: `parse_record` names it
        return _new_record(
            record_id,
            key,
            interned.values[raw["value"]],
            interned.states[raw["state"]],
            interned.dates[raw["effective_date"]],
            link=link,
            source=interned.sources[raw["source"]] if "source" in raw else DEFAULT_SOURCE,
        )
    except (KeyError, TypeError, AttributeError, InvalidDatasetError):
        return None  # not seen yet, unhashable, not an object, or a key with a problem


def _plain_id(value: object) -> bool:
    """`value` is a record ID that `fields.record_id` would return unchanged."""
    return (
        type(value) is str
        and value != ""
        and value.isascii()
        and value.isprintable()  # for ASCII: every character in \x20-\x7e
        and value[0] != " "
        and value[-1] != " "
    )


def parse_record(raw: object, interned: Interned) -> LifecycleRecord:
    """The record, or `InvalidDatasetError` at its first problem (`record_problems` then lists
    every problem); every field is checked, and what it reads is remembered for `plain_record`."""
    if not isinstance(raw, dict | Mapping):  # dict first: the common case skips the ABC check
        raise InvalidDatasetError("must be a JSON object")
    fields.unknown_fields(raw)
    return _new_record(  # the fields in the order they are checked, as before
        fields.record_id(raw.get("record_id")),
        _key(raw, interned),
        _interned(raw.get("value"), interned.values, _value),
        _interned(raw.get("state"), interned.states, fields.state),
        _interned(raw.get("effective_date"), interned.dates, fields.effective_date),
        link=fields.link(raw),
        source=_source(raw, interned),
    )


def _value(value: object) -> str:
    return fields.text({"value": value}, "value")


def _source(raw: Mapping[str, Any], interned: Interned) -> str:
    if "source" not in raw:  # absent is the default; null is a problem
        return DEFAULT_SOURCE
    return _interned(raw["source"], interned.sources, lambda name: fields.source({"source": name}))


def _record_maker() -> Callable[..., LifecycleRecord]:
    """`LifecycleRecord(...)` in about 60% of the time: a frozen dataclass's `__init__` sets each
    field through `object.__setattr__`; the slots' own setters, called one by one, do the same
    work directly (a loop over them would cost more than it saves)."""
    assert not hasattr(LifecycleRecord, "__post_init__")  # nothing to run after the fields
    names = tuple(f.name for f in dataclass_fields(LifecycleRecord))
    assert names == (  # the order of the setters below
        "record_id", "key", "value", "state", "effective_date", "supersedes_record_id", "source"
    )  # fmt: skip
    set_id, set_key, set_value, set_state, set_date, set_link, set_source = (
        getattr(LifecycleRecord, name).__set__ for name in names
    )
    new = object.__new__

    def make(
        record_id: str,
        key: ClaimKey,
        value: str,
        state: LifecycleState,
        effective_date: date,
        *,
        link: str | None,
        source: str,
    ) -> LifecycleRecord:
        record = new(LifecycleRecord)
        set_id(record, record_id)
        set_key(record, key)
        set_value(record, value)
        set_state(record, state)
        set_date(record, effective_date)
        set_link(record, link)
        set_source(record, source)
        return record

    return make


_new_record = _record_maker()


def record_problems(raw: object) -> list[str]:
    """Every problem of a record already known to be invalid, one per field."""
    if not isinstance(raw, Mapping):
        return ["must be a JSON object"]
    checks: list[Callable[[], object]] = [
        lambda: fields.unknown_fields(raw),
        lambda: fields.record_id(raw.get("record_id")),
        lambda: fields.identifier(raw, "entity"),
        lambda: fields.identifier(raw, "attribute"),
        lambda: fields.scope_problem(raw),
        lambda: fields.text(raw, "value"),
        lambda: fields.state(raw.get("state")),
        lambda: fields.effective_date(raw.get("effective_date")),
        lambda: fields.link(raw),
        lambda: fields.source(raw),
    ]
    problems: list[str] = []
    for check in checks:
        try:
            check()
        except InvalidDatasetError as error:
            problems.append(str(error))
    return problems or ["is not a valid record"]


def _key(raw: Mapping[str, Any], interned: Interned) -> ClaimKey:
    scope = raw.get("scope")
    entity, attribute = raw.get("entity"), raw.get("attribute")
    if isinstance(scope, dict) and isinstance(entity, str) and isinstance(attribute, str):
        try:
            key = _remembered((entity, attribute, tuple(scope.items())), interned)
        except TypeError:  # an unhashable scope value, reported below
            key = None
        if key is not None:
            return key
    return fields.key(raw)  # a key with a problem: this names it


def _remembered(
    spelling: tuple[str, str, tuple[tuple[Any, Any], ...]], interned: Interned
) -> ClaimKey | None:
    """The key of `spelling`, read once per load (seen before, so already validated); None when
    a part has a problem. `TypeError` when a scope value is unhashable."""
    key = interned.keys.get(spelling)
    if key is None:
        key = _assembled(spelling, interned)
        if key is not None:
            interned.keys[spelling] = key
    return key


def _assembled(
    spelling: tuple[str, str, tuple[tuple[Any, Any], ...]], interned: Interned
) -> ClaimKey | None:
    """The key `fields.key` reads, from the canonical forms of its parts, each found once per
    load; None when any part has a problem (then `fields.key` says which)."""
    entity, attribute, pairs = spelling
    try:
        scope = interned.scopes.get(pairs)
        if scope is None:
            if not all(isinstance(k, str) and isinstance(v, str) for k, v in pairs):
                return None
            scope = interned.scopes[pairs] = normalise_scope(dict(pairs))
        return ClaimKey(_identifier(entity, interned), _identifier(attribute, interned), scope)
    except (InvalidDatasetError, InvalidClaimKeyError, TypeError):  # TypeError: unhashable
        return None


def _identifier(value: str, interned: Interned) -> str:
    """`entity` or `attribute` as `fields.key` reads it: a non-empty text, then canonical."""
    known = interned.identifiers.get(value)
    if known is None:
        known = interned.identifiers[value] = normalise_identifier(fields.text({"": value}, ""))
    return known


def _interned(value: object, seen: dict[str, T], parse: Callable[[object], T]) -> T:
    """`parse(value)`, once per distinct string; invalid values are never stored."""
    if isinstance(value, str):
        if value not in seen:
            seen[value] = parse(value)
        return seen[value]
    return parse(value)
