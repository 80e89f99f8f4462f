"""Change notices as data: one notice to post, and what the notice ledger knows of a record.

The ledger keeps, for each record announced, a fingerprint of what its notice said: a short hash
of the record's value and effective date. Records are lifecycle data, not Slack content, and
only the hash is kept. A record corrected in place after its notice (same ID, another value)
has another fingerprint, and is announced once more, as a correction.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum

from truthexpiry.models.time.changes import Transition


class NoticeClaim(StrEnum):
    """What the ledger answers when a notifier claims a record's notice."""

    NEW = "new"  # never announced: this caller posts it
    CORRECTED = "corrected"  # announced with another fingerprint: this caller posts a correction
    ANNOUNCED = "announced"  # announced as it is now: nothing to post
    UNKNOWN = "unknown"  # the ledger cannot answer now: try on a later tick
    LOST = "lost"  # the ledger does not remember what it knew (empty): take a new baseline


@dataclass(frozen=True, slots=True)
class Claimed:
    """A claim's outcome; `previous` is the fingerprint a correction replaced."""

    outcome: NoticeClaim
    previous: str | None = None

    @property
    def posts(self) -> bool:
        return self.outcome in (NoticeClaim.NEW, NoticeClaim.CORRECTED)


@dataclass(frozen=True, slots=True)
class ChangeNotice:
    """One notice to post: the change, the dataset version of the records it was read from,
    and whether it corrects an earlier notice of the same record."""

    change: Transition
    dataset_version: str
    correction: bool = False


def fingerprint(change: Transition) -> str:
    """A short hash of the announced record's value and effective date ("" without a record).
    Case and spacing do not count: a respelling is no correction."""
    record = next((r for r in change.records if r.record_id == change.record_id), None)
    if record is None:
        return ""
    value = " ".join(record.value.casefold().split())
    stated = f"{value}\x1f{record.effective_date.isoformat()}".encode()
    return hashlib.sha256(stated).hexdigest()[:16]
