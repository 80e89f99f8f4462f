"""Verdicts and answers: what the labeler says of a claim and of a value question."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from truthexpiry.models.answering.claims import Claim
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.status import Status


class UnverifiedReason(StrEnum):
    """Why a claim is UNVERIFIED: a bounded set, safe as a metrics label."""

    NO_RECORDS = "no_records"
    NOT_AUTHORITATIVE = "not_authoritative"
    MISSING_SCOPE = "missing_scope"
    EVIDENCE_UNAVAILABLE = "evidence_unavailable"
    INVALID_EVIDENCE = "invalid_evidence"
    INCOMPARABLE_UNITS = "incomparable_units"


# Resolution and Verdict are made by the dozen per question and never changed once made, nor
# hashed: not frozen, as a frozen dataclass sets each field through a call (4% of a question).
@dataclass(slots=True)
class Resolution:
    """What the records say about one key on one date, before any claim is compared.

    `current` are the newest authoritative records (several only when they conflict);
    `pending` are shipped or effective records that take effect after the date; `timeline`
    is every record for the key, oldest first, for display. When a configured source precedence
    decided between disagreeing records, `outranked` holds the losers and `note` says why.
    """

    key: ClaimKey
    as_of: date
    current: tuple[LifecycleRecord, ...]
    current_values: tuple[str, ...]
    pending: tuple[LifecycleRecord, ...]
    timeline: tuple[LifecycleRecord, ...]
    status: Status
    explanation: str
    reason: UnverifiedReason | None = None
    outranked: tuple[LifecycleRecord, ...] = ()
    note: str = ""


@dataclass(slots=True)
class Verdict:
    claim: Claim
    key: ClaimKey
    status: Status
    current_values: tuple[str, ...]
    record_ids: tuple[str, ...]
    explanation: str
    reason: UnverifiedReason | None = None
    timeline: tuple[LifecycleRecord, ...] = ()
    subject: str = ""  # "SSO login availability", from the catalog's labels
    # For a claim about a period still ahead: a record taking effect in it with the value
    # stated (the claim is judged on today's records, but it is what is planned for then).
    planned: LifecycleRecord | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """The current value(s) for a key that a question asked about."""

    key: ClaimKey
    status: Status
    current_values: tuple[str, ...]
    record_ids: tuple[str, ...]
    explanation: str
    timeline: tuple[LifecycleRecord, ...] = ()
    subject: str = ""


class Vote(StrEnum):
    """A reader's feedback on a reply: the card's two buttons."""

    UP = "up"
    DOWN = "down"
