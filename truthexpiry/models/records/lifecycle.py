"""Lifecycle records: the authoritative history of a claim key's value."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from truthexpiry.models.records.claim_key import ClaimKey

DEFAULT_SOURCE = "unspecified"


class LifecycleState(StrEnum):
    PROPOSED = "PROPOSED"
    PLANNED = "PLANNED"
    SHIPPED = "SHIPPED"
    EFFECTIVE = "EFFECTIVE"
    CANCELLED = "CANCELLED"
    REJECTED = "REJECTED"
    DRAFT = "DRAFT"

    @property
    def is_authoritative(self) -> bool:
        """Only shipped or effective records can say what is true."""
        # By identity: a set's look-up hashes the member through `Enum.__hash__`, a call.
        return self is _SHIPPED or self is _EFFECTIVE


_SHIPPED, _EFFECTIVE = LifecycleState.SHIPPED, LifecycleState.EFFECTIVE


@dataclass(frozen=True, slots=True)
class LifecycleRecord:
    record_id: str
    key: ClaimKey
    value: str
    state: LifecycleState
    effective_date: date
    supersedes_record_id: str | None = None
    source: str = DEFAULT_SOURCE

    def is_authoritative_on(self, as_of: date) -> bool:
        """Authoritative now: shipped or effective, and in effect on or before `as_of`."""
        return self.state.is_authoritative and self.effective_date <= as_of

    def cite(self) -> str:
        """`R-102 (SHIPPED, effective 2026-05-12)` for explanations."""
        # `state` formats as its value (a `StrEnum`), without the slower `.value` lookup.
        return f"{self.record_id} ({self.state}, effective {self.effective_date.isoformat()})"
