"""Validation of tool results: structured content only, checked against the wire contract.

Anything wrong (a tool error, no structured content, a schema mismatch, records for another key,
a catalog with a label or alias too long to index) raises `EvidenceUnavailableError` with a
short reason: the claim becomes UNVERIFIED, never "no records".
"""

from __future__ import annotations

from typing import TypeVar

from mcp_types import CallToolResult
from pydantic import ValidationError

from lifecycle_mcp.contract import (
    SCHEMA_VERSION,
    CatalogOut,
    CatalogVersionOut,
    EvidenceOut,
    WindowOut,
    catalog_in,
    record_in,
)
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.changes import RecordListing, RecordSelection
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidClaimKeyError
from truthexpiry.models.lifecycle import LifecycleRecord
from truthexpiry.services.catalog import name_problems

M = TypeVar("M", EvidenceOut, CatalogOut, CatalogVersionOut, WindowOut)


def evidence_from_result(result: CallToolResult, key: ClaimKey) -> tuple[LifecycleRecord, ...]:
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


def listing_from_result(result: CallToolResult, selection: RecordSelection) -> RecordListing:
    """The records of a window, each checked to be one the selection asked for."""
    window = _validated(result, WindowOut)
    if (window.from_date, window.to_date) != (selection.window.start, selection.window.end):
        raise EvidenceUnavailableError("the lifecycle server answered for another window")
    try:
        records = [record_in(r) for r in window.records]
    except InvalidClaimKeyError:
        raise EvidenceUnavailableError("the lifecycle server returned an unusable record") from None
    if not all(selection.matches(record) for record in records):
        raise EvidenceUnavailableError("the lifecycle server returned records it was not asked for")
    records.sort(key=lambda r: (r.effective_date, r.record_id))
    return RecordListing(selection, tuple(records), window.truncated, window.dataset_version)


def catalog_from_result(result: CallToolResult) -> Catalog:
    """The catalog, refused like a dataset's when a label or alias is too long to index."""
    catalog = catalog_in(_validated(result, CatalogOut))
    problem = next(name_problems(catalog), None)
    if problem is not None:
        raise EvidenceUnavailableError(f"the lifecycle server's catalog was refused: {problem}")
    return catalog


def fingerprint_from_result(result: CallToolResult) -> str | None:
    """The fingerprint of the catalog served now; None when the server has no version tool
    (a server older than it answers with a tool error), so only the whole catalog can tell."""
    if result.is_error:
        return None
    return _validated(result, CatalogVersionOut).fingerprint


def _validated(result: CallToolResult, model: type[M]) -> M:
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
