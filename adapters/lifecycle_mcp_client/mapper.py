"""Validation of tool results: structured content only, checked against the wire contract.

Anything wrong (a tool error, no structured content, a schema mismatch, records for another key,
a catalog with a label or alias too long to index) raises `EvidenceUnavailableError` with a
short reason: the claim becomes UNVERIFIED, never "no records".
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import ValidationError

from adapters.lifecycle_mcp_client.answers import ToolResult
from lifecycle_mcp.contract import (
    SCHEMA_VERSION,
    CatalogOut,
    CatalogVersionOut,
    EvidenceOut,
    HistoriesOut,
    KeyHistoryOut,
    RecordOut,
    WindowOut,
    catalog_in,
    record_in,
)
from truthexpiry.catalog.derive import name_problems
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidClaimKeyError
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import KeyHistories, RecordListing, RecordSelection

M = TypeVar("M", EvidenceOut, CatalogOut, CatalogVersionOut, WindowOut, HistoriesOut)


def evidence_from_result(result: ToolResult, key: ClaimKey) -> tuple[LifecycleRecord, ...]:
    evidence = _validated(result, EvidenceOut)
    if evidence.claim_key != key.canonical:
        raise EvidenceUnavailableError("the lifecycle server answered for another claim key")
    try:
        records = tuple(record_in(r) for r in evidence.records)
    except InvalidClaimKeyError:
        raise EvidenceUnavailableError("the lifecycle server returned an unusable record") from None
    if any(record.key != key for record in records):
        raise EvidenceUnavailableError("the lifecycle server returned records for another key")
    return records


def listing_from_result(result: ToolResult, selection: RecordSelection) -> RecordListing:
    """The records of a window, each checked to be one the selection asked for."""
    window = _validated(result, WindowOut)
    if (window.from_date, window.to_date) != (selection.window.start, selection.window.end):
        raise EvidenceUnavailableError("the lifecycle server answered for another window")
    keys = _Keys()
    try:
        records = [keys.record(r) for r in window.records]
    except InvalidClaimKeyError:
        raise EvidenceUnavailableError("the lifecycle server returned an unusable record") from None
    if not all(selection.matches(record) for record in records):
        raise EvidenceUnavailableError("the lifecycle server returned records it was not asked for")
    records.sort(key=lambda r: (r.effective_date, r.record_id))
    return RecordListing(selection, tuple(records), window.truncated, window.dataset_version)


def histories_from_result(
    result: ToolResult, selection: RecordSelection, max_keys: int
) -> KeyHistories:
    """Each key's records, checked: the window asked for, at most `max_keys` keys, each key
    once and with a record the selection picks, every record of the key it is listed under."""
    wire = _validated(result, HistoriesOut)
    if (wire.from_date, wire.to_date) != (selection.window.start, selection.window.end):
        raise EvidenceUnavailableError("the lifecycle server answered for another window")
    if len(wire.histories) > max_keys:
        raise EvidenceUnavailableError("the lifecycle server returned more keys than asked for")
    histories: dict[ClaimKey, tuple[LifecycleRecord, ...]] = {}
    keys = _Keys()
    for history in wire.histories:
        records = _history_in(history, selection, keys)
        if records[0].key in histories:
            raise EvidenceUnavailableError("the lifecycle server returned a key twice")
        histories[records[0].key] = records
    return KeyHistories(selection, histories, wire.truncated, max_keys, wire.dataset_version)


def _history_in(
    history: KeyHistoryOut, selection: RecordSelection, keys: _Keys
) -> tuple[LifecycleRecord, ...]:
    try:
        records = tuple(keys.record(r) for r in history.records)
    except InvalidClaimKeyError:
        raise EvidenceUnavailableError("the lifecycle server returned an unusable record") from None
    if {record.key.canonical for record in records} != {history.claim_key}:
        raise EvidenceUnavailableError("the lifecycle server returned records for another key")
    if not any(selection.matches(record) for record in records):
        raise EvidenceUnavailableError("the lifecycle server returned a key it was not asked for")
    return records


class _Keys:
    """Records with their keys canonicalised once per key, not once per record: a window's
    answer lists dozens of records of each key, and canonicalising was most of its mapping."""

    def __init__(self) -> None:
        self._keys: dict[tuple[str, str, tuple[tuple[str, str], ...]], ClaimKey] = {}

    def record(self, wire: RecordOut) -> LifecycleRecord:
        stated = (wire.entity, wire.attribute, tuple(wire.scope.items()))
        key = self._keys.get(stated)
        if key is None:
            key = self._keys[stated] = ClaimKey.of(wire.entity, wire.attribute, wire.scope)
        return record_in(wire, key)


def catalog_from_result(result: ToolResult) -> Catalog:
    """The catalog, refused like a dataset's when a label or alias is too long to index."""
    catalog = catalog_in(_validated(result, CatalogOut))
    problem = next(name_problems(catalog), None)
    if problem is not None:
        raise EvidenceUnavailableError(f"the lifecycle server's catalog was refused: {problem}")
    return catalog


def fingerprint_from_result(result: ToolResult) -> str | None:
    """The fingerprint of the catalog served now; None when the server has no version tool
    (a server older than it answers with a tool error), so only the whole catalog can tell."""
    if result.is_error:
        return None
    return _validated(result, CatalogVersionOut).fingerprint


def _validated(result: ToolResult, model: type[M]) -> M:
    if result.is_error:
        raise EvidenceUnavailableError("the lifecycle server reported a tool error")
    if result.structured_content is None:
        raise EvidenceUnavailableError("the lifecycle server returned no structured content")
    try:
        parsed = model.model_validate(result.structured_content)
    except ValidationError:
        raise EvidenceUnavailableError(
            "the lifecycle server returned content that does not match the contract"
        ) from None
    if parsed.schema_version != SCHEMA_VERSION:
        raise EvidenceUnavailableError(
            f"the lifecycle server speaks schema {parsed.schema_version[:40]!r}, "
            f"not {SCHEMA_VERSION!r}"
        )
    return parsed
