"""The deterministic labeler: the only place that decides a claim's status, CURRENT, SUPERSEDED,
CONFLICTING or UNVERIFIED, from what the records say of its key (`resolution.py`).

Rules (PRODUCT.md):
- A claim about a key the records leave CONFLICTING or UNVERIFIED has that status.
- A claim equal to the current value is CURRENT, otherwise SUPERSEDED, naming the current record;
  a value that cannot be compared with the current one (another unit) is UNVERIFIED.
- A missing scope key, or unavailable evidence: UNVERIFIED, with the reason.
- Owner evidence (`OwnerWord`, found under a configured policy) is an input, never a rewrite:
  where no authoritative record decides the key, owners who all agree make a claim stating their
  value CURRENT (and answer a value question); it never makes a claim SUPERSEDED, and never
  counts against an authoritative record.
"""

from __future__ import annotations

from collections.abc import Callable

from truthexpiry.models.answering.claims import Claim
from truthexpiry.models.answering.verdicts import Answer, Resolution, UnverifiedReason, Verdict
from truthexpiry.models.records.catalog import AttributeInfo
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.values import Compared, Comparison, TypedValue
from truthexpiry.models.status import Status
from truthexpiry.rules.owners import NEVER_OVERRIDES, NO_OWNER_WORD, OwnerWord
from truthexpiry.rules.resolution import Settled, cite_all, pending_note
from truthexpiry.values.compare import compare, read_record_value, read_value, same_value

_NO_AUTHORITY = (UnverifiedReason.NO_RECORDS, UnverifiedReason.NOT_AUTHORITATIVE)
# Read once: an enum's member read through its class is a lookup each time (every claim).
_CURRENT, _SUPERSEDED, _UNVERIFIED = Status.CURRENT, Status.SUPERSEDED, Status.UNVERIFIED
_UNDECIDED = (Status.UNVERIFIED, Status.CONFLICTING)  # the records leave the claim's status
_SAME, _INCOMPARABLE = Comparison.SAME, Comparison.INCOMPARABLE

# A claim's status by the records, its explanation, and why it is UNVERIFIED (if it is).
Judged = tuple[Status, str, UnverifiedReason | None]
# Words a verdict's explanation last, from its status and reason (`label`).
Wording = Callable[[Status, UnverifiedReason | None, str], str]


def label(
    claim: Claim,
    resolution: Resolution,
    info: AttributeInfo | None = None,
    owners: OwnerWord = NO_OWNER_WORD,
    subject: str = "",
    *,
    wording: Wording | None = None,
) -> Verdict:
    """Compare one claim with the resolution of its key; `info` gives the attribute's value
    type and unit, so that values compare as what they are; `owners` is the owner evidence for
    the key; `subject` the verdict's subject (`Verdict.subject`). `wording`, given the status,
    reason and explanation, words the explanation last (for the day judged on, say), so that
    the verdict is made once."""
    judged = _by_records(claim, resolution, info)
    status, values, explanation, reason = _with_owner_word(claim, resolution, owners, judged)
    if wording is not None:
        explanation = wording(status, reason, explanation)
    return Verdict(
        claim=claim,
        key=resolution.key,
        status=status,
        current_values=values,
        record_ids=tuple([r.record_id for r in resolution.current]),
        explanation=explanation,
        reason=reason,
        timeline=resolution.timeline,
        subject=subject,
    )


def states_current(claim: Claim, settled: Settled, info: AttributeInfo | None = None) -> bool:
    """Whether `label` would find `claim` CURRENT by the records alone, settled as `settled`:
    the question a dated verdict asks of today's records, without wording a verdict."""
    if settled.status is not _CURRENT:
        return False
    return _compared(claim, settled.values[0], info)[1].outcome is _SAME


def _compared(
    claim: Claim, record_value: str, info: AttributeInfo | None
) -> tuple[TypedValue, Compared]:
    """The claim's value as read, and how it compares with a record's value."""
    stated = claim.typed or read_value(claim.stated_value, info)
    return stated, compare(stated, read_record_value(record_value, info))


def answer(resolution: Resolution, subject: str, owners: OwnerWord = NO_OWNER_WORD) -> Answer:
    """The answer to a value question about the resolution's key."""
    confirmed = owners.agreed if resolution.reason in _NO_AUTHORITY else None
    if confirmed is None:
        return Answer(
            resolution.key,
            resolution.status,
            resolution.current_values,
            tuple(r.record_id for r in resolution.current),
            resolution.explanation,
            resolution.timeline,
            subject,
        )
    explanation = owners.confirmed_explanation(confirmed, resolution.explanation)
    return Answer(
        resolution.key,
        _CURRENT,
        (confirmed.value,),
        (),
        explanation,
        resolution.timeline,
        subject,
    )


def unverified_answer(key: ClaimKey, explanation: str, subject: str) -> Answer:
    """The answer when the key's records could not be had at all."""
    return Answer(key, _UNVERIFIED, (), (), explanation, subject=subject)


def _with_owner_word(
    claim: Claim,
    resolution: Resolution,
    owners: OwnerWord,
    judged: Judged,
) -> tuple[Status, tuple[str, ...], str, UnverifiedReason | None]:
    """The status, current values, explanation and reason `judged` by the records, with what
    owners said."""
    status, explanation, reason = judged
    values = resolution.current_values
    if status is _SUPERSEDED and owners.claim_is_evidence:
        return status, values, f"{explanation} {NEVER_OVERRIDES}", reason
    if not owners.confirmations or resolution.reason not in _NO_AUTHORITY:
        return status, values, explanation, reason
    confirmed = owners.agreed
    if confirmed is None:
        return status, values, f"{explanation} {owners.disagreement()}", reason
    if not same_value(claim.stated_value, confirmed.value):
        return status, values, f"{explanation} {owners.differs(confirmed)}", reason
    confirmation = owners.confirmed_explanation(confirmed, resolution.explanation)
    return _CURRENT, (confirmed.value,), confirmation, None


def _by_records(claim: Claim, resolution: Resolution, info: AttributeInfo | None) -> Judged:
    """The claim's status by the records, its explanation and the reason it is UNVERIFIED."""
    if resolution.status in _UNDECIDED:
        return resolution.status, resolution.explanation, resolution.reason
    current = resolution.current_values[0]
    stated, compared = _compared(claim, current, info)
    if compared.outcome is _SAME:
        return _CURRENT, resolution.explanation, resolution.reason
    if compared.outcome is _INCOMPARABLE:
        explanation = (
            f"Stated {claim.stated_value!r}, which cannot be compared with the current value "
            f"{current!r} per {cite_all(resolution.current)}: {compared.reason}."
        )
        return _UNVERIFIED, explanation, UnverifiedReason.INCOMPARABLE_UNITS
    explanation = (
        f"Stated {claim.stated_value!r}, but the current value is "
        f"{resolution.current_values[0]!r} per {cite_all(resolution.current)}."
        + (f" {resolution.note}" if resolution.note else "")
        + _history_note(claim.stated_value, stated, resolution, info)
        + pending_note(resolution.pending)
    )
    return _SUPERSEDED, explanation, resolution.reason


def unverified(
    claim: Claim, key: ClaimKey, reason: UnverifiedReason, explanation: str, subject: str = ""
) -> Verdict:
    """A verdict for a claim that could not be checked at all (missing scope, no evidence)."""
    return Verdict(claim, key, _UNVERIFIED, (), (), explanation, reason, subject=subject)


def _history_note(
    stated: str, value: TypedValue, resolution: Resolution, info: AttributeInfo | None
) -> str:
    """Which record last had the stated value, if one did: the timeline read newest first,
    stopping at the first such record."""
    for r in reversed(resolution.timeline):
        if (
            r.is_authoritative_on(resolution.as_of)
            and r not in resolution.outranked
            and compare(value, read_record_value(r.value, info)).outcome is _SAME
        ):
            return f" {stated!r} was the value per {r.cite()}, since superseded."
    return ""
