"""Explanations worded for the date a claim was judged on, when that is not today.

The labeler says "the current value" of the date it is given. Judged on another date (`--as-of`,
"was it on in March 2025?", "as of 1 March"), "current" means the value on that date, and a
record that took effect after it is "not yet in effect" there but may be in effect today: each
explanation says which date it speaks of, and what changed after it. A message judged
SUPERSEDED on a past date that states today's value says so, so that a message right today is
never shown as simply stale.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.rules.resolution import cite_all, pending_note

_CURRENT = (
    ("The current value is", "The value on {day} is"),
    ("the current value is", "the value on {day} is"),
    ("with the current value", "with the value on {day}"),
)


def worded_for(
    explanation: str, judged_on: date, today: date, pending: Iterable[LifecycleRecord]
) -> str:
    """`explanation` (of a claim or an answer judged on `judged_on`) worded for that date:
    "the value on <date>" for "the current value", and each record `pending` on that date that
    is in effect by `today` said to have changed it since."""
    if judged_on == today:
        return explanation
    day = judged_on.isoformat()
    if "current value" in explanation:  # each wording of `_CURRENT` says it
        for current, dated in _CURRENT:
            if current in explanation:
                explanation = explanation.replace(current, dated.format(day=day))
    for record in pending:
        if record.effective_date <= today:
            since = (
                f" {record.record_id} changed it to {record.value!r} on "
                f"{record.effective_date.isoformat()}, after {day} (in effect today)."
            )
            explanation = explanation.replace(pending_note((record,)), since)
    return explanation


def today_note(judged_on: date, today_records: tuple[LifecycleRecord, ...]) -> str:
    """Said of a claim SUPERSEDED on `judged_on` that states the value of `today_records`."""
    return (
        f" Judged on {judged_on.isoformat()}; it is the value today, per {cite_all(today_records)}."
    )
