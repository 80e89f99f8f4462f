"""The deterministic labeler: the only place that decides CURRENT, SUPERSEDED, CONFLICTING or
UNVERIFIED.

Rules (PRODUCT.md):
- A record is authoritative on a date when it is SHIPPED or EFFECTIVE and in effect by then.
  Other states and future dates never make a claim CURRENT or SUPERSEDED.
- Supersession is transitive. An authoritative record supersedes every record it reaches through
  `supersedes_record_id` links; among the authoritative records no link reaches, the latest
  effective date wins. A non-authoritative record supersedes nothing.
- Two or more newest records with different values are a conflict: CONFLICTING, citing all,
  unless a configured source precedence prefers one source whose records agree.
- A claim equal to the current value is CURRENT, otherwise SUPERSEDED, naming the current record.
- No authoritative record, a missing scope key, or unavailable or invalid evidence: UNVERIFIED,
  with the reason. Message timestamps play no part here.
- Owner evidence (`OwnerWord`, found under a configured policy) is an input, never a rewrite:
  where no authoritative record decides the key, owners who all agree make a claim stating their
  value CURRENT (and answer a value question); it never makes a claim SUPERSEDED, and never
  counts against an authoritative record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date

from truthexpiry.models.answering.claims import Claim
from truthexpiry.models.answering.verdicts import (
    Answer,
    Resolution,
    Status,
    UnverifiedReason,
    Verdict,
)
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import AttributeInfo
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.records.values import Comparison, TypedValue
from truthexpiry.rules.owners import NEVER_OVERRIDES, NO_OWNER_WORD, OwnerWord
from truthexpiry.rules.precedence import Preference, distinct_values, listing, prefer
from truthexpiry.values.compare import compare, read_record_value, read_value, same_value

_NO_AUTHORITY = (UnverifiedReason.NO_RECORDS, UnverifiedReason.NOT_AUTHORITATIVE)


@dataclass(frozen=True, slots=True)
class Settled:
    """The labeler's decision for one key on one date, without its wording: the current
    records, their values and the status. `preference` is what a configured source precedence
    made of a disagreement (a `Preference`, or why it did not decide)."""

    status: Status
    current: tuple[LifecycleRecord, ...]
    values: tuple[str, ...]
    reason: UnverifiedReason | None = None
    preference: Preference | str = ""


def settle(
    key: ClaimKey,
    timeline: Sequence[LifecycleRecord],
    as_of: date,
    policy: AuthorityPolicy | None = None,
) -> Settled:
    """What the records for `key` decide on `as_of`. `timeline` is every record of the key,
    oldest first (effective date, then record ID). `resolve` explains the same decision."""
    authoritative = [r for r in timeline if r.is_authoritative_on(as_of)]
    if not authoritative:
        reason = UnverifiedReason.NOT_AUTHORITATIVE if timeline else UnverifiedReason.NO_RECORDS
        return Settled(Status.UNVERIFIED, (), (), reason)
    current = _newest(authoritative, timeline)
    if not current:
        return Settled(Status.UNVERIFIED, (), (), UnverifiedReason.INVALID_EVIDENCE)
    values = distinct_values(current)
    if len(values) == 1:
        return Settled(Status.CURRENT, current, (current[0].value,))
    order = policy.precedence_for(key.entity) if policy else ()
    preference = prefer(current, order) if order else ""
    if isinstance(preference, Preference):
        winners = preference.winners
        return Settled(Status.CURRENT, winners, (winners[0].value,), preference=preference)
    return Settled(Status.CONFLICTING, current, values, preference=preference)


def timeline_of(records: Iterable[LifecycleRecord]) -> tuple[LifecycleRecord, ...]:
    """Records oldest first: by effective date, then record ID."""
    return tuple(sorted(records, key=lambda r: (r.effective_date, r.record_id)))


def resolve(
    key: ClaimKey,
    records: Sequence[LifecycleRecord],
    as_of: date,
    policy: AuthorityPolicy | None = None,
) -> Resolution:
    """What the records for `key` say on `as_of`, independent of any claim and of record order.
    A `policy` with a source precedence for the key's entity may settle a conflict."""
    timeline = timeline_of(records)
    pending = tuple(r for r in timeline if r.state.is_authoritative and r.effective_date > as_of)
    base = Resolution(key, as_of, (), (), pending, timeline, Status.UNVERIFIED, "")
    settled = settle(key, timeline, as_of, policy)
    current, preference = settled.current, settled.preference
    if settled.reason is UnverifiedReason.INVALID_EVIDENCE:
        explanation = f"The records for {key.canonical} supersede each other in a cycle."
        return replace(base, explanation=explanation, reason=settled.reason)
    if settled.status is Status.UNVERIFIED:
        return replace(base, explanation=_no_authority(key, timeline, as_of), reason=settled.reason)
    if settled.status is Status.CONFLICTING:
        explanation = (
            f"Authoritative records disagree: {listing(current)}, all effective "
            f"{current[0].effective_date.isoformat()} and none supersedes another."
            + (f" {preference}" if preference else "")
        )
        conflict = _settled(base, current, explanation)
        return replace(conflict, current_values=settled.values, status=Status.CONFLICTING)
    explanation = f"The current value is {current[0].value!r} per {_cite_all(current)}."
    if isinstance(preference, Preference):
        resolved = _settled(base, current, f"{explanation} {preference.note}")
        return replace(resolved, outranked=preference.outranked, note=preference.note)
    return _settled(base, current, explanation)


def _settled(
    base: Resolution, current: tuple[LifecycleRecord, ...], explanation: str
) -> Resolution:
    """`base` with these newest records as current, their first value as the current value."""
    return replace(
        base,
        current=current,
        current_values=(current[0].value,),
        status=Status.CURRENT,
        explanation=explanation + _pending_note(base.pending),
    )


def label(
    claim: Claim,
    resolution: Resolution,
    info: AttributeInfo | None = None,
    owners: OwnerWord = NO_OWNER_WORD,
) -> Verdict:
    """Compare one claim with the resolution of its key; `info` gives the attribute's value
    type and unit, so that values compare as what they are; `owners` is the owner evidence for
    the key."""
    return _with_owner_word(_by_records(claim, resolution, info), resolution, owners)


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
        Status.CURRENT,
        (confirmed.value,),
        (),
        explanation,
        resolution.timeline,
        subject,
    )


def unverified_answer(key: ClaimKey, explanation: str, subject: str) -> Answer:
    """The answer when the key's records could not be had at all."""
    return Answer(key, Status.UNVERIFIED, (), (), explanation, subject=subject)


def _with_owner_word(verdict: Verdict, resolution: Resolution, owners: OwnerWord) -> Verdict:
    if verdict.status is Status.SUPERSEDED and owners.claim_is_evidence:
        return replace(verdict, explanation=f"{verdict.explanation} {NEVER_OVERRIDES}")
    if not owners.confirmations or resolution.reason not in _NO_AUTHORITY:
        return verdict
    confirmed = owners.agreed
    if confirmed is None:
        return replace(verdict, explanation=f"{verdict.explanation} {owners.disagreement()}")
    if not same_value(verdict.claim.stated_value, confirmed.value):
        return replace(verdict, explanation=f"{verdict.explanation} {owners.differs(confirmed)}")
    explanation = owners.confirmed_explanation(confirmed, resolution.explanation)
    return replace(
        verdict,
        status=Status.CURRENT,
        current_values=(confirmed.value,),
        explanation=explanation,
        reason=None,
    )


def _by_records(claim: Claim, resolution: Resolution, info: AttributeInfo | None) -> Verdict:
    if resolution.status in (Status.UNVERIFIED, Status.CONFLICTING):
        return _verdict(claim, resolution, resolution.status, resolution.explanation)
    current = resolution.current_values[0]
    stated = claim.typed or read_value(claim.stated_value, info)
    compared = compare(stated, read_record_value(current, info))
    if compared.outcome is Comparison.SAME:
        return _verdict(claim, resolution, Status.CURRENT, resolution.explanation)
    if compared.outcome is Comparison.INCOMPARABLE:
        explanation = (
            f"Stated {claim.stated_value!r}, which cannot be compared with the current value "
            f"{current!r} per {_cite_all(resolution.current)}: {compared.reason}."
        )
        return _verdict(
            claim, resolution, Status.UNVERIFIED, explanation, UnverifiedReason.INCOMPARABLE_UNITS
        )
    explanation = (
        f"Stated {claim.stated_value!r}, but the current value is "
        f"{resolution.current_values[0]!r} per {_cite_all(resolution.current)}."
        + (f" {resolution.note}" if resolution.note else "")
        + _history_note(claim.stated_value, stated, resolution, info)
        + _pending_note(resolution.pending)
    )
    return _verdict(claim, resolution, Status.SUPERSEDED, explanation)


def unverified(claim: Claim, key: ClaimKey, reason: UnverifiedReason, explanation: str) -> Verdict:
    """A verdict for a claim that could not be checked at all (missing scope, no evidence)."""
    return Verdict(claim, key, Status.UNVERIFIED, (), (), explanation, reason)


def _verdict(
    claim: Claim,
    resolution: Resolution,
    status: Status,
    explanation: str,
    reason: UnverifiedReason | None = None,
) -> Verdict:
    return Verdict(
        claim=claim,
        key=resolution.key,
        status=status,
        current_values=resolution.current_values,
        record_ids=tuple(r.record_id for r in resolution.current),
        explanation=explanation,
        reason=reason or resolution.reason,
        timeline=resolution.timeline,
    )


def _newest(
    authoritative: list[LifecycleRecord], timeline: Iterable[LifecycleRecord]
) -> tuple[LifecycleRecord, ...]:
    by_id = {r.record_id: r for r in timeline}
    superseded: set[str] = set()
    for record in authoritative:
        link = record.supersedes_record_id
        while link is not None and link in by_id and link not in superseded:
            superseded.add(link)
            link = by_id[link].supersedes_record_id
    candidates = [r for r in authoritative if r.record_id not in superseded]
    if not candidates:
        return ()
    newest = max(r.effective_date for r in candidates)
    return tuple(r for r in candidates if r.effective_date == newest)


def _cite_all(records: Iterable[LifecycleRecord]) -> str:
    return " and ".join(r.cite() for r in records)


def _history_note(
    stated: str, value: TypedValue, resolution: Resolution, info: AttributeInfo | None
) -> str:
    earlier = [
        r
        for r in resolution.timeline
        if r.is_authoritative_on(resolution.as_of)
        and r not in resolution.outranked
        and compare(value, read_record_value(r.value, info)).outcome is Comparison.SAME
    ]
    if not earlier:
        return ""
    last = earlier[-1]
    return f" {stated!r} was the value per {last.cite()}, since superseded."


def _pending_note(pending: Iterable[LifecycleRecord]) -> str:
    notes = [
        f"{r.record_id} changes it to {r.value!r} on {r.effective_date.isoformat()} "
        "(not yet in effect)."
        for r in pending
    ]
    return (" " + " ".join(notes)) if notes else ""


def _no_authority(key: ClaimKey, timeline: Sequence[LifecycleRecord], as_of: date) -> str:
    if not timeline:
        return f"No lifecycle record exists for {key.canonical}."
    reasons = []
    for record in timeline:
        if record.state.is_authoritative:
            reasons.append(
                f"{record.record_id} is {record.state.value} but takes effect "
                f"{record.effective_date.isoformat()}"
            )
        else:
            reasons.append(f"{record.record_id} is {record.state.value}")
    return (
        f"No authoritative record is in effect on {as_of.isoformat()} for "
        f"{key.canonical}: {'; '.join(reasons)}."
    )
