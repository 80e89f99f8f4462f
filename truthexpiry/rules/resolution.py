"""What the records say of a key on a date, before any claim is compared with it: the current
records, their values and the status (CURRENT, CONFLICTING or UNVERIFIED), and its wording.

Rules (PRODUCT.md):
- A record is authoritative on a date when it is SHIPPED or EFFECTIVE and in effect by then.
  Other states and future dates never make a value current.
- Supersession is transitive. An authoritative record supersedes every record it reaches through
  `supersedes_record_id` links; among the authoritative records no link reaches, the latest
  effective date wins. A non-authoritative record supersedes nothing.
- Two or more newest records with different values are a conflict: CONFLICTING, citing all,
  unless a configured source precedence prefers one source whose records agree.
- No authoritative record, or records that supersede each other in a cycle: UNVERIFIED, with
  the reason. Message timestamps play no part here.

`settle` is the decision, `resolve` the same decision explained; the labeler (`labeler.py`)
compares claims with it, and transitions (`time/transitions.py`) ask it day by day.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from operator import attrgetter

from truthexpiry.models.answering.verdicts import Resolution, UnverifiedReason
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.status import Status
from truthexpiry.rules.precedence import Preference, distinct_values, listing, prefer

_TIMELINE_ORDER = attrgetter("effective_date", "record_id")  # oldest first, then by ID
# Read once: an enum's member read through its class is a lookup each time (every key).
_CURRENT, _UNVERIFIED = Status.CURRENT, Status.UNVERIFIED
_NO_RECORDS, _NOT_AUTHORITATIVE = UnverifiedReason.NO_RECORDS, UnverifiedReason.NOT_AUTHORITATIVE


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
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
    return _decided(key, authoritative, timeline, policy)


def _decided(
    key: ClaimKey,
    authoritative: list[LifecycleRecord],
    timeline: Sequence[LifecycleRecord],
    policy: AuthorityPolicy | None,
) -> Settled:
    """`settle`'s decision from the timeline's records authoritative on the day."""
    if not authoritative:
        reason = _NOT_AUTHORITATIVE if timeline else _NO_RECORDS
        return Settled(_UNVERIFIED, (), (), reason)
    current = _newest(authoritative, timeline)
    if not current:
        return Settled(_UNVERIFIED, (), (), UnverifiedReason.INVALID_EVIDENCE)
    if len(current) == 1:  # one newest record: its value, nothing to tell apart
        return Settled(_CURRENT, current, (current[0].value,))
    values = distinct_values(current)
    if len(values) == 1:
        return Settled(_CURRENT, current, (current[0].value,))
    order = policy.precedence_for(key.entity) if policy else ()
    preference = prefer(current, order) if order else ""
    if isinstance(preference, Preference):
        winners = preference.winners
        return Settled(_CURRENT, winners, (winners[0].value,), preference=preference)
    return Settled(Status.CONFLICTING, current, values, preference=preference)


def timeline_of(records: Collection[LifecycleRecord]) -> tuple[LifecycleRecord, ...]:
    """Records oldest first: by effective date, then record ID."""
    if len(records) < 2:  # nothing to order (most keys have one record)
        return tuple(records)
    return tuple(sorted(records, key=_TIMELINE_ORDER))


def resolve(
    key: ClaimKey,
    records: Sequence[LifecycleRecord],
    as_of: date,
    policy: AuthorityPolicy | None = None,
) -> Resolution:
    """What the records for `key` say on `as_of`, independent of any claim and of record order.
    A `policy` with a source precedence for the key's entity may settle a conflict."""
    timeline = timeline_of(records)
    authoritative: list[LifecycleRecord] = []  # in effect on `as_of` (one pass for both)
    ahead: list[LifecycleRecord] = []  # shipped or effective, in effect after it
    for record in timeline:
        if record.state.is_authoritative:
            (authoritative if record.effective_date <= as_of else ahead).append(record)
    pending = tuple(ahead)
    settled = _decided(key, authoritative, timeline, policy)
    if settled.status is _CURRENT:
        return _current(key, as_of, settled, pending, timeline)
    if settled.status is _UNVERIFIED:  # made directly, as `_current` is
        if settled.reason is UnverifiedReason.INVALID_EVIDENCE:
            explanation = f"The records for {key.canonical} supersede each other in a cycle."
        else:
            explanation = _no_authority(key, timeline, as_of)
        return Resolution(
            key, as_of, (), (), pending, timeline, _UNVERIFIED, explanation, settled.reason
        )
    base = Resolution(key, as_of, (), (), pending, timeline, _UNVERIFIED, "")
    current, preference = settled.current, settled.preference
    explanation = (  # CONFLICTING
        f"Authoritative records disagree: {listing(current)}, all effective "
        f"{current[0].effective_date.isoformat()} and none supersedes another."
        + (f" {preference}" if preference else "")
    )
    conflict = _settled(base, current, explanation)
    return replace(conflict, current_values=settled.values, status=Status.CONFLICTING)


def _current(
    key: ClaimKey,
    as_of: date,
    settled: Settled,
    pending: tuple[LifecycleRecord, ...],
    timeline: tuple[LifecycleRecord, ...],
) -> Resolution:
    """The resolution of a key the records settle CURRENT: made directly, as it is every
    current key's (`dataclasses.replace` cost as much as the rest of it)."""
    current, preference = settled.current, settled.preference
    explanation = f"The current value is {current[0].value!r} per {cite_all(current)}."
    outranked: tuple[LifecycleRecord, ...] = ()
    note = ""
    if isinstance(preference, Preference):
        explanation = f"{explanation} {preference.note}"
        outranked, note = preference.outranked, preference.note
    return Resolution(
        key=key,
        as_of=as_of,
        current=current,
        current_values=(current[0].value,),
        pending=pending,
        timeline=timeline,
        status=_CURRENT,
        explanation=explanation + pending_note(pending),
        outranked=outranked,
        note=note,
    )


def _settled(
    base: Resolution, current: tuple[LifecycleRecord, ...], explanation: str
) -> Resolution:
    """`base` with these newest records as current, their first value as the current value.
    Made directly, not with `dataclasses.replace`, which cost as much as the rest of it."""
    return Resolution(
        key=base.key,
        as_of=base.as_of,
        current=current,
        current_values=(current[0].value,),
        pending=base.pending,
        timeline=base.timeline,
        status=_CURRENT,
        explanation=explanation + pending_note(base.pending),
        reason=base.reason,
        outranked=base.outranked,
        note=base.note,
    )


def _newest(
    authoritative: list[LifecycleRecord], timeline: Iterable[LifecycleRecord]
) -> tuple[LifecycleRecord, ...]:
    if len(authoritative) == 1 and authoritative[0].supersedes_record_id is None:
        return (authoritative[0],)  # nothing to follow: the one record is the newest
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
    newest = max([r.effective_date for r in candidates])
    return tuple([r for r in candidates if r.effective_date == newest])


def cite_all(records: Iterable[LifecycleRecord]) -> str:
    """Each record's citation, joined with "and"."""
    return " and ".join([r.cite() for r in records])


def pending_note(pending: Iterable[LifecycleRecord]) -> str:
    """A note for each pending record ("R-2 changes it to 'x' on <date> ..."), or ""."""
    if not pending:  # an empty tuple: most keys have nothing pending
        return ""
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
