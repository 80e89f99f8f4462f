"""Transitions, changes still to come, and the changes inside a period a claim was judged for,
all read through the labeler's resolution.

A key's current value can change only on a day an authoritative (SHIPPED or EFFECTIVE) record
takes effect. For each such day in the window, the labeler (`settle`, the decision `resolve`
explains) is asked for the key's value the day before and on that day; where they differ
(another value, or another status: a conflict begins or ends), that is a transition. So a
re-enable shows as two transitions, a same-day conflict as a transition to CONFLICTING with every
value, and a key's first authoritative value as a change from nothing. Records that are not
authoritative (PLANNED, DRAFT, ...) take part only as the labeler lets them: never as a
transition.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from functools import lru_cache

from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import AttributeInfo, Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.records.values import Comparison
from truthexpiry.models.time.changes import Histories, Transition, UpcomingChange
from truthexpiry.models.time.periods import DateWindow
from truthexpiry.rules.resolution import Settled, settle, timeline_of
from truthexpiry.values.compare import compare, read_record_value


def transitions(
    histories: Histories,
    window: DateWindow,
    *,
    catalog: Catalog | None = None,
    policy: AuthorityPolicy | None = None,
) -> tuple[Transition, ...]:
    """Every change of a current value inside `window`, oldest first (then by entity,
    attribute and scope).
    `histories` holds every record of each key (any date, any state): the value before the
    window depends on records before it. `catalog` gives attributes' value types, so that `on`
    replaced by `enabled` is no change."""
    found: list[Transition] = []
    for key, records in histories.items():
        found += key_transitions(key, records, window, info=_info(catalog, key), policy=policy)
    return tuple(sorted(found, key=lambda t: (t.effective_date, _order(t.key))))


def key_transitions(
    key: ClaimKey,
    records: Sequence[LifecycleRecord],
    window: DateWindow,
    *,
    info: AttributeInfo | None = None,
    policy: AuthorityPolicy | None = None,
) -> list[Transition]:
    """The transitions of one key inside `window`, oldest first."""
    days = sorted({r.effective_date for r in records if _takes_effect(r, window)})
    if not days:
        return []
    timeline = timeline_of(records)
    before = _day_before(key, timeline, days[0], policy)
    found = []
    for day in days:
        now = settle(key, timeline, day, policy)
        if _changed(before, now, info):
            found.append(
                Transition(
                    key, day, before.values, now.values, now.current, now.status, before.status
                )
            )
        before = now
    return found


def upcoming(
    histories: Histories,
    window: DateWindow,
    as_of: date,
    *,
    policy: AuthorityPolicy | None = None,
) -> tuple[UpcomingChange, ...]:
    """Records that take effect inside `window` and after `as_of`: SHIPPED or EFFECTIVE ones
    that are not in effect yet, and PLANNED ones. None of them is authoritative on `as_of`;
    each comes with the value current then and its status. Soonest first."""
    found: list[UpcomingChange] = []
    for key, records in histories.items():
        coming = [r for r in records if _is_coming(r, window, as_of)]
        if coming:
            now = settle(key, timeline_of(records), as_of, policy)
            found += (UpcomingChange(key, r, now.values, now.status) for r in coming)
    return tuple(
        sorted(found, key=lambda c: (c.record.effective_date, _order(c.key), c.record.record_id))
    )


def changes_in_period(
    histories: Histories,
    period: DateWindow,
    judged_on: date,
    *,
    catalog: Catalog | None = None,
    policy: AuthorityPolicy | None = None,
) -> tuple[Transition, ...]:
    """The transitions of each key from the period's first day to `judged_on`, as `transitions`
    orders them: for claims or answers already made on `judged_on` (their `timeline`s hold every
    record of their keys)."""
    if judged_on < period.start:
        return ()
    inside = DateWindow(period.start, min(judged_on, period.end))
    return transitions(histories, inside, catalog=catalog, policy=policy)


def _takes_effect(record: LifecycleRecord, window: DateWindow) -> bool:
    return record.state.is_authoritative and record.effective_date in window


def _is_coming(record: LifecycleRecord, window: DateWindow, as_of: date) -> bool:
    pending = record.state.is_authoritative or record.state is LifecycleState.PLANNED
    return pending and record.effective_date > as_of and record.effective_date in window


def _day_before(
    key: ClaimKey, timeline: Sequence[LifecycleRecord], day: date, policy: AuthorityPolicy | None
) -> Settled:
    if day == date.min:  # nothing can be in effect before the first day there is
        return settle(key, (), day, policy)
    return settle(key, timeline, day - timedelta(days=1), policy)


def _changed(before: Settled, now: Settled, info: AttributeInfo | None) -> bool:
    if before.status is not now.status:
        return True
    old, new = before.values, now.values
    return len(old) != len(new) or not all(any(_same(a, b, info) for b in new) for a in old)


@lru_cache(maxsize=4096)
def _same(a: str, b: str, info: AttributeInfo | None) -> bool:
    """Whether two record values are one value. Remembered: record values repeat across keys
    and questions (never Slack text, which must not outlive a request)."""
    if a == b:
        return True
    compared = compare(read_record_value(a, info), read_record_value(b, info))
    return compared.outcome is Comparison.SAME


def _order(key: ClaimKey) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    return key.entity, key.attribute, key.scope


def _info(catalog: Catalog | None, key: ClaimKey) -> AttributeInfo | None:
    return catalog.attributes.get((key.entity, key.attribute)) if catalog else None
