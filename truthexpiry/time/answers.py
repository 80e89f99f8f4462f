"""The part of an answer that is about time, for one request: what changed in a window, what is
coming, and what changed inside a period a claim was judged for.

Records come through the `LifecycleHistory` port (`window_histories`): every record of each key
changed in the window, in a bounded number of calls (the value before the window depends on
records before it). A window with more keys than an answer shows is reported `truncated`, and
the answer asks to narrow it. The port raises `EvidenceUnavailableError`, which the pipeline
turns into a notice and an `unavailable` report: an outage never reads as "nothing changed".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.time.changes import (
    ChangeSubject,
    Histories,
    TimeReport,
    Transition,
    UpcomingChange,
)
from truthexpiry.models.time.periods import DateWindow, TimeReading
from truthexpiry.ports import LifecycleHistory
from truthexpiry.time.evidence import window_histories
from truthexpiry.time.transitions import changes_in_period, transitions, upcoming


class TimeAnswers:
    """Reports about time over the ports, for one catalog and authority policy."""

    def __init__(
        self,
        history: LifecycleHistory | None,
        catalog: Catalog,
        policy: AuthorityPolicy | None,
    ) -> None:
        self._history = history
        self._catalog = catalog
        self._policy = policy

    def changes(self, reading: TimeReading, subjects: Sequence[ChangeSubject]) -> TimeReport:
        """Every transition inside the reading's window, of the keys the subjects select
        (every key with a record in the window when there is no subject)."""
        histories, truncated = self._histories(reading.window, subjects)
        found = transitions(histories, reading.window, catalog=self._catalog, policy=self._policy)
        return self._report(reading, subjects, truncated, changes=found)

    def coming(
        self, reading: TimeReading, subjects: Sequence[ChangeSubject], as_of: date
    ) -> TimeReport:
        """The records of the subjects' keys that take effect inside the window and after
        `as_of`: shipped but not yet in effect, or planned."""
        histories, truncated = self._histories(reading.window, subjects)
        found = upcoming(histories, reading.window, as_of, policy=self._policy)
        return self._report(reading, subjects, truncated, coming=found)

    def in_period(
        self, reading: TimeReading, timelines: Histories, judged_on: date, as_of: date
    ) -> TimeReport:
        """For claims judged for a period: the changes of their keys from the period's first
        day to the day they were judged on; for a period still ahead of `as_of` (they were
        judged on `as_of`), the records that may change them inside it."""
        period = reading.window
        if period.start > as_of:
            ahead = upcoming(timelines, period, as_of, policy=self._policy)
            return self._report(reading, (), False, keys=timelines, coming=ahead)
        found = changes_in_period(
            timelines, period, judged_on, catalog=self._catalog, policy=self._policy
        )
        return self._report(reading, (), False, keys=timelines, changes=found)

    def _histories(
        self, window: DateWindow, subjects: Sequence[ChangeSubject]
    ) -> tuple[Histories, bool]:
        if self._history is None:
            raise EvidenceUnavailableError("the evidence source cannot list records by date")
        selections = [subject.selection(window) for subject in subjects or (ChangeSubject(),)]
        return window_histories(self._history, selections)

    def _report(
        self,
        reading: TimeReading,
        subjects: Sequence[ChangeSubject],
        truncated: bool,
        *,
        keys: Iterable[ClaimKey] = (),
        changes: tuple[Transition, ...] = (),
        coming: tuple[UpcomingChange, ...] = (),
    ) -> TimeReport:
        named = {*keys, *(t.key for t in changes), *(c.key for c in coming)}
        labels = tuple(
            (key, self._catalog.describe(key.entity, key.attribute))
            for key in sorted(named, key=lambda k: k.canonical)
        )
        return TimeReport(
            reading,
            tuple(subjects),
            changes,
            coming,
            labels,
            truncated=truncated,
            unknown_scope=self._unknown_scope(subjects),
        )

    def _unknown_scope(self, subjects: Sequence[ChangeSubject]) -> tuple[tuple[str, str], ...]:
        """The scope values the subjects name that no record has."""
        named = {pair for subject in subjects for pair in subject.scope}
        for info in self._catalog.attributes.values() if named else ():
            named -= {(key, v) for key, values in info.scope_values.items() for v in values}
        return tuple(sorted(named))
