"""The records a question about changes needs, fetched through the ports.

A window's listing (`LifecycleHistory`) names the keys with a record taking effect in it; the
value each key had before the window depends on its earlier records, so every record of each
key comes from `LifecycleEvidence`, once per key. Both raise `EvidenceUnavailableError`: an
outage is never read as "nothing changed".
"""

from __future__ import annotations

from dataclasses import dataclass

from truthexpiry.models.changes import RecordListing, RecordSelection
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.lifecycle import LifecycleRecord
from truthexpiry.ports import LifecycleEvidence, LifecycleHistory


@dataclass(frozen=True, slots=True)
class WindowEvidence:
    """The window's listing, and every record of each key it names (`histories`, for
    `transitions` and `upcoming`). `listing.truncated`: the source had more to list."""

    listing: RecordListing
    histories: dict[ClaimKey, tuple[LifecycleRecord, ...]]


def window_evidence(
    history: LifecycleHistory, evidence: LifecycleEvidence, selection: RecordSelection
) -> WindowEvidence:
    listing = history.records_between(selection)
    histories = {key: tuple(evidence.lookup(key)) for key in listing.claim_keys()}
    return WindowEvidence(listing, histories)
