"""The one wording of a single change and of a single record still to come, for every place
that lists them: the reply card and the command line (`time_words.py`) and the App Home
(`changes.py`).

A change reads `enabled → disabled`; a key's first value `nothing in effect → enabled (new)`;
records of one day that disagree `100 or 200 (CONFLICTING: the records disagree)`, citing every
record. A record still to come is never in effect: `enabled from 2026-12-15 (now: disabled)`,
`SHIPPED, not yet in effect`, or `planned`, `PLANNED: takes effect only if it ships`.

Plain words around data: every piece of data goes through the caller's `quote` (as it is on the
command line, escaped and clipped in Slack); `most` bounds the values and record IDs per line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from truthexpiry.models.status import Status
from truthexpiry.models.time.changes import Transition, UpcomingChange

Quote = Callable[[str], str]

ARROW = " \u2192 "
NOTHING = "nothing in effect"
DISAGREE = "the records disagree"  # every place that says so, in Slack and on the command line
CONFLICT = f"CONFLICTING: {DISAGREE}"
PLANNED = "PLANNED: takes effect only if it ships"


def as_is(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class TimeLine:
    """One change, or one record still to come: its day, what it is about, what changes, and
    the records behind it (with their standing, for a record not yet in effect)."""

    day: str
    subject: str
    change: str
    records: str


@dataclass(frozen=True, slots=True)
class ChangeWording:
    """Words lines with one way of quoting data and one bound on what a line lists."""

    quote: Quote = as_is
    most: int | None = None

    def transition(self, change: Transition, subject: str) -> TimeLine:
        """`subject` is already worded (its data quoted)."""
        before = self.values(change.from_values, change.from_status)
        after = self.values(change.to_values, change.status, new=not change.from_values)
        return TimeLine(
            change.effective_date.isoformat(),
            subject,
            f"{before}{ARROW}{after}",
            self.listed(change.record_ids, ", ") or "no record",
        )

    def coming(self, coming: UpcomingChange, subject: str) -> TimeLine:
        record = coming.record
        value = self.quote(record.value)
        now = self.values(coming.current_values, coming.current_status)
        if coming.planned:
            change, standing = f"{value} planned (now: {now})", PLANNED
        else:
            change = f"{value} from {record.effective_date.isoformat()} (now: {now})"
            standing = f"{record.state.value}, not yet in effect"
        records = f"{self.quote(record.record_id)}, {standing}"
        return TimeLine(record.effective_date.isoformat(), subject, change, records)

    def values(self, values: tuple[str, ...], status: Status, *, new: bool = False) -> str:
        """`enabled`; `100 or 200 (CONFLICTING: the records disagree)`; a first value marked
        `(new)`; `nothing in effect`."""
        if not values:
            return NOTHING
        conflict = status is Status.CONFLICTING
        marks = [*(["new"] if new else []), *([CONFLICT] if conflict else [])]
        shown = self.listed(values, " or " if conflict else ", ")
        return shown + (f" ({'; '.join(marks)})" if marks else "")

    def listed(self, items: tuple[str, ...], joiner: str) -> str:
        shown = items if self.most is None else items[: self.most]
        more = len(items) - len(shown)
        return joiner.join(self.quote(i) for i in shown) + (f" and {more} more" if more else "")
