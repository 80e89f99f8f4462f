"""Parsing and validation of the canonical lifecycle dataset (JSON).

`parse_dataset` turns a decoded JSON document into records and catalog notes, or raises
`InvalidDatasetError` listing every problem of every record (the first `MAX_REPORTED`, then how
many more), each naming its record. It rejects a dataset without records, duplicate IDs
(look-alike spellings that normalise equal included), links to unknown IDs, self-links and
cycles, unknown states, bad dates, and malformed or unknown fields (`record_fields`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lifecycle_data.catalog_notes import parse_catalog_notes
from lifecycle_data.record_links import check_links
from lifecycle_data.record_reading import Interned, parse_record, plain_record, record_problems
from truthexpiry.models.errors import InvalidDatasetError
from truthexpiry.models.records.catalog import CatalogNotes
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.records.unicode_text import shown

MAX_REPORTED = 50


@dataclass(frozen=True, slots=True)
class ParsedDataset:
    version: str
    records: tuple[LifecycleRecord, ...]
    notes: CatalogNotes


def parse_dataset(document: object, *, consume: bool = False) -> ParsedDataset:
    """The dataset in `document`. With `consume`, each raw record is dropped from the document
    once read, so a large file's decoded records are freed while the records are built (the
    caller must not use the document afterwards)."""
    if not isinstance(document, Mapping):
        raise InvalidDatasetError("the dataset must be a JSON object with a 'records' list")
    raw_records = document.get("records")
    if not isinstance(raw_records, list):
        raise InvalidDatasetError("the dataset has no 'records' list")
    version = document.get("dataset_version", "unversioned")
    if not isinstance(version, str) or not version.strip():
        raise InvalidDatasetError("'dataset_version' must be a non-empty string")
    if not raw_records:
        raise InvalidDatasetError("the dataset has no records: there is nothing to check against")
    problems: list[str] = []
    records, known = _parse_records(raw_records, problems, consume)
    check_links(records, known, problems)
    notes = parse_catalog_notes(document.get("catalog"), records, problems)
    if problems:
        shown_problems = problems[:MAX_REPORTED]
        more = len(problems) - len(shown_problems)
        summary = "; ".join(shown_problems) + (f"; and {more} more" if more else "")
        raise InvalidDatasetError(summary)
    return ParsedDataset(version.strip(), tuple(records), notes)


def _parse_records(
    raw_records: list[Any], problems: list[str], consume: bool
) -> tuple[list[LifecycleRecord], set[str]]:
    """The valid records, and their IDs."""
    records: list[LifecycleRecord] = []
    seen: set[str] = set()
    interned = Interned()
    for index, raw in enumerate(raw_records):
        if consume:
            raw_records[index] = None  # `raw` holds it until the next record
        record = plain_record(raw, interned)
        if record is None:
            try:
                record = parse_record(raw, interned)
            except InvalidDatasetError:  # named and listed here: valid records cost nothing more
                name = _name(raw, index)
                problems.extend(f"{name}: {problem}" for problem in record_problems(raw))
                continue
        if record.record_id in seen:
            problems.append(f"{_name(raw, index)}: duplicate record_id{_as_read(raw, record)}")
            continue
        seen.add(record.record_id)
        records.append(record)
    return records, seen


def _name(raw: object, index: int) -> str:
    if isinstance(raw, Mapping) and isinstance(raw.get("record_id"), str) and raw["record_id"]:
        return f"record {shown(raw['record_id'], 60)}"
    return f"record #{index + 1}"


def _as_read(raw: Mapping[str, Any], record: LifecycleRecord) -> str:
    """How a look-alike ID was read, when normalising changed it (full-width as ASCII)."""
    if raw.get("record_id") == record.record_id:
        return ""
    return f" (read as {shown(record.record_id)})"
