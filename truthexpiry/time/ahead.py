"""A claim about a period still ahead ("will Northside close at 7pm next year?") is judged on
today's records, since no future record is authoritative yet. Stating the value a record plans
or ships for that period is not stale: such a claim is UNVERIFIED, naming the record that would
make it true and today's value, never headlined SUPERSEDED against today's value."""

from __future__ import annotations

from dataclasses import replace

from truthexpiry.models.answering.verdicts import UnverifiedReason, Verdict
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.records.values import Comparison
from truthexpiry.models.status import Status
from truthexpiry.models.time.periods import DateWindow
from truthexpiry.values.compare import compare, read_record_value, read_value

_WITHDRAWN = frozenset({LifecycleState.CANCELLED, LifecycleState.REJECTED})


def for_period_ahead(verdict: Verdict, period: DateWindow, catalog: Catalog) -> Verdict:
    """`verdict` on a claim about `period` (still ahead), UNVERIFIED when it was SUPERSEDED
    by today's value but states the value a record takes effect with inside the period."""
    if verdict.status is not Status.SUPERSEDED or verdict.claim.source != "question":
        return verdict
    planned = _planned(verdict, period, catalog)
    if planned is None:
        return verdict
    today = ", ".join(repr(v) for v in verdict.current_values)
    standing = "takes effect" if planned.state.is_authoritative else "would take effect"
    explanation = (
        f"Stated {verdict.claim.stated_value!r} for {period.start.isoformat()} to "
        f"{period.end.isoformat()}: {planned.record_id} ({planned.state.value}) {standing} with "
        f"that value on {planned.effective_date.isoformat()}, not authoritative yet; the value "
        f"today is {today} per {', '.join(verdict.record_ids)}."
    )
    return replace(
        verdict,
        status=Status.UNVERIFIED,
        explanation=explanation,
        reason=UnverifiedReason.NOT_AUTHORITATIVE,
    )


def _planned(verdict: Verdict, period: DateWindow, catalog: Catalog) -> LifecycleRecord | None:
    info = catalog.attributes.get((verdict.key.entity, verdict.key.attribute))
    stated = verdict.claim.typed or read_value(verdict.claim.stated_value, info)
    for record in verdict.timeline:
        if record.effective_date not in period or record.state in _WITHDRAWN:
            continue
        if compare(stated, read_record_value(record.value, info)).outcome is Comparison.SAME:
            return record
    return None
