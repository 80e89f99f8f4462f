"""Parsing and validation of the canonical lifecycle dataset (JSON).

`parse_dataset` turns a decoded JSON document into records and catalog notes, or raises
`InvalidDatasetError` listing every problem it found, each naming its record. It rejects
duplicate IDs, links to unknown IDs, self-links and cycles, unknown states and bad dates.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from lifecycle_mcp.catalog_notes import parse_catalog_notes
from truthexpiry.models.catalog import CatalogNotes
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.errors import InvalidClaimKeyError, InvalidDatasetError
from truthexpiry.models.lifecycle import DEFAULT_SOURCE, LifecycleRecord, LifecycleState

T = TypeVar("T")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MAX_REPORTED = 20
_FIELDS = frozenset(
    {
        "record_id",
        "entity",
        "attribute",
        "scope",
        "value",
        "state",
        "effective_date",
        "supersedes_record_id",
        "source",
    }
)


@dataclass(frozen=True, slots=True)
class ParsedDataset:
    version: str
    records: tuple[LifecycleRecord, ...]
    notes: CatalogNotes


def parse_dataset(document: object) -> ParsedDataset:
    if not isinstance(document, Mapping):
        raise InvalidDatasetError("the dataset must be a JSON object with a 'records' list")
    raw_records = document.get("records")
    if not isinstance(raw_records, list):
        raise InvalidDatasetError("the dataset has no 'records' list")
    version = document.get("dataset_version", "unversioned")
    if not isinstance(version, str) or not version.strip():
        raise InvalidDatasetError("'dataset_version' must be a non-empty string")
    problems: list[str] = []
    records = _parse_records(raw_records, problems)
    _check_links(records, problems)
    notes = parse_catalog_notes(document.get("catalog"), records, problems)
    if problems:
        shown = problems[:_MAX_REPORTED]
        more = len(problems) - len(shown)
        raise InvalidDatasetError("; ".join(shown) + (f"; and {more} more" if more else ""))
    return ParsedDataset(version.strip(), tuple(records), notes)


class _Interned:
    """Per-load memo tables: a dataset repeats its keys, states and dates many times over, so
    each distinct spelling is normalised once and equal parts share one object. They live only
    for one `parse_dataset` call; nothing is cached across loads."""

    def __init__(self) -> None:
        self.keys: dict[tuple[str, str, tuple[tuple[str, str], ...]], ClaimKey] = {}
        self.states: dict[str, LifecycleState] = {}
        self.dates: dict[str, date] = {}


def _parse_records(raw_records: list[Any], problems: list[str]) -> list[LifecycleRecord]:
    records: list[LifecycleRecord] = []
    seen: set[str] = set()
    interned = _Interned()
    for index, raw in enumerate(raw_records):
        try:
            record = _parse_record(raw, interned)
        except InvalidDatasetError as error:  # named here, so that valid records cost no name
            problems.append(f"{_name(raw, index)}: {error}")
            continue
        if record.record_id in seen:
            problems.append(f"{_name(raw, index)}: duplicate record_id")
            continue
        seen.add(record.record_id)
        records.append(record)
    return records


def _name(raw: object, index: int) -> str:
    if isinstance(raw, Mapping) and isinstance(raw.get("record_id"), str) and raw["record_id"]:
        return f"record {raw['record_id'][:60]!r}"
    return f"record #{index + 1}"


def _parse_record(raw: object, interned: _Interned) -> LifecycleRecord:
    if not isinstance(raw, dict | Mapping):  # dict first: the common case skips the ABC check
        raise InvalidDatasetError("must be a JSON object")
    if not raw.keys() <= _FIELDS:
        raise InvalidDatasetError(f"unknown field(s) {', '.join(sorted(set(raw) - _FIELDS))}")
    record_id = _text(raw, "record_id")
    key = _key(raw, interned)
    link = raw.get("supersedes_record_id")
    if link is not None and (not isinstance(link, str) or not link):
        raise InvalidDatasetError("'supersedes_record_id' must be a string or null")
    source = raw.get("source", DEFAULT_SOURCE)
    if not isinstance(source, str) or not source.strip():
        raise InvalidDatasetError("'source' must be a non-empty string")
    return LifecycleRecord(
        record_id=record_id,
        key=key,
        value=_text(raw, "value"),
        state=_interned(raw.get("state"), interned.states, _state),
        effective_date=_interned(raw.get("effective_date"), interned.dates, _date),
        supersedes_record_id=link,
        source=source.strip().lower(),
    )


def _key(raw: Mapping[str, Any], interned: _Interned) -> ClaimKey:
    scope = raw.get("scope")
    entity, attribute = raw.get("entity"), raw.get("attribute")
    if isinstance(scope, dict) and isinstance(entity, str) and isinstance(attribute, str):
        spelling = (entity, attribute, tuple(scope.items()))
        try:
            return interned.keys[spelling]  # seen before, so already validated
        except (KeyError, TypeError):  # TypeError: an unhashable scope value, reported below
            pass
    if not isinstance(scope, dict | Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in scope.items()
    ):
        raise InvalidDatasetError("'scope' must be an object of strings")
    text_entity, text_attribute = _text(raw, "entity"), _text(raw, "attribute")
    try:
        key = ClaimKey.of(text_entity, text_attribute, scope)
    except InvalidClaimKeyError as error:
        raise InvalidDatasetError(str(error)) from None
    if isinstance(scope, dict) and isinstance(entity, str) and isinstance(attribute, str):
        interned.keys[(entity, attribute, tuple(scope.items()))] = key
    return key


def _interned(value: object, seen: dict[str, T], parse: Callable[[object], T]) -> T:
    """`parse(value)`, once per distinct string; invalid values are never stored."""
    if isinstance(value, str):
        if value not in seen:
            seen[value] = parse(value)
        return seen[value]
    return parse(value)


def _text(raw: Mapping[str, Any], field: str) -> str:
    value = raw.get(field)
    stripped = value.strip() if isinstance(value, str) else ""
    if not stripped:
        raise InvalidDatasetError(f"'{field}' must be a non-empty string")
    return stripped


def _state(value: object) -> LifecycleState:
    if isinstance(value, str):
        try:
            return LifecycleState(value.strip().upper())
        except ValueError:
            pass
    allowed = ", ".join(s.value for s in LifecycleState)
    raise InvalidDatasetError(f"unknown state {str(value)[:30]!r} (allowed: {allowed})")


def _date(value: object) -> date:
    if isinstance(value, str) and _ISO_DATE.match(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise InvalidDatasetError(f"'effective_date' {str(value)[:30]!r} is not a YYYY-MM-DD date")


def _check_links(records: list[LifecycleRecord], problems: list[str]) -> None:
    links = {r.record_id: r.supersedes_record_id for r in records}
    for record in records:
        link = record.supersedes_record_id
        if link is None:
            continue
        if link == record.record_id:
            problems.append(f"record {record.record_id!r}: supersedes itself")
        elif link not in links:
            problems.append(f"record {record.record_id!r}: supersedes unknown record {link!r}")
    problems.extend(
        f"record {start!r}: supersedes links form a cycle" for start in _cycle_members(links)
    )


def _cycle_members(links: dict[str, str | None]) -> list[str]:
    """Records on a supersedes cycle (self-links are reported separately), each cycle once."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    reported: list[str] = []
    for start in links:
        path: list[str] = []
        node: str | None = start
        while node is not None and node in links and state.get(node) is None:
            state[node] = 1
            path.append(node)
            node = links[node]
        if node is not None and state.get(node) == 1 and links.get(node) != node:
            reported.append(min(path[path.index(node) :]))
        for visited in path:
            state[visited] = 2
    return reported
