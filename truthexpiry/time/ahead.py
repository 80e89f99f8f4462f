"""A claim about a period still ahead ("will Northside close at 7pm next year?") is judged on
today's records, since no future record is authoritative yet: a value other than today's is
SUPERSEDED. When it states the value a record plans or ships for that period, the verdict
names that record (`Verdict.planned`) and says so, so that no view headlines it as stale: it
is what is planned for then, not yet authoritative."""

from __future__ import annotations

from dataclasses import replace

from truthexpiry.models.answering.verdicts import Verdict
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.records.values import Comparison
from truthexpiry.models.status import Status
from truthexpiry.models.time.periods import DateWindow
from truthexpiry.values.compare import compare, read_record_value, read_value

_WITHDRAWN = frozenset({LifecycleState.CANCELLED, LifecycleState.REJECTED})


def for_period_ahead(verdict: Verdict, period: DateWindow, catalog: Catalog) -> Verdict:
    """`verdict` on a claim about `period` (still ahead), with the record that takes effect
    inside the period with the value it states, when it was SUPERSEDED by today's value."""
    if verdict.status is not Status.SUPERSEDED or verdict.claim.source != "question":
        return verdict
    planned = _planned(verdict, period, catalog)
    if planned is None:
        return verdict
    standing = "takes effect" if planned.state.is_authoritative else "would take effect"
    explanation = (
        f"{verdict.explanation} For {period.start.isoformat()} to {period.end.isoformat()}, "
        f"the period asked about, {planned.record_id} ({planned.state.value}) {standing} with "
        f"the value stated on {planned.effective_date.isoformat()}: planned, not authoritative "
        "yet."
    )
    return replace(verdict, explanation=explanation, planned=planned)


def _planned(verdict: Verdict, period: DateWindow, catalog: Catalog) -> LifecycleRecord | None:
    info = catalog.attributes.get((verdict.key.entity, verdict.key.attribute))
    stated = verdict.claim.typed or read_value(verdict.claim.stated_value, info)
    for record in verdict.timeline:
        if record.effective_date not in period or record.state in _WITHDRAWN:
            continue
        if compare(stated, read_record_value(record.value, info)).outcome is Comparison.SAME:
            return record
    return None
