"""Changes read from the records at the moment they are asked for: an overview of what changed
lately and what is coming (the App Home), and notices of changes as they take effect.

Both read the records through the ports (`LifecycleHistory` gives the whole history of each key
changed in a window, a bounded number of keys in one call: `window_histories`; `LifecycleEvidence`
the catalog) and decide nothing themselves: transitions
and changes to come are the labeler's (`transitions`, `upcoming`). An unavailable source raises
`EvidenceUnavailableError`: an outage is never shown as "nothing changed".

`ChangeNotifier.tick` posts one notice for each change that took effect within the notice window
(the last `window_days` days, today included): a record whose effective date has arrived, or one
a reload brought in already in effect. The ledger makes it one notice per record across every
replica; a record that took effect before the window is never announced. Nothing from Slack is
read here.
"""

from __future__ import annotations

from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.change_overview import ChangeOverview
from truthexpiry.models.changes import RecordSelection, Transition
from truthexpiry.models.errors import NoticeNotPostedError
from truthexpiry.ports import (
    ChangeNotices,
    Clock,
    LifecycleEvidence,
    LifecycleHistory,
    NoticeLedger,
)
from truthexpiry.services.change_evidence import MAX_KEYS_PER_NOTICE_TICK, window_histories
from truthexpiry.services.changes import transitions, upcoming
from truthexpiry.services.periods import DEFAULT_CHANGE_DAYS, last_days, next_days

DEFAULT_NOTICE_DAYS = 7


class ChangeFeed:
    """The records' changes as of the clock's today."""

    def __init__(
        self,
        *,
        history: LifecycleHistory,
        evidence: LifecycleEvidence,
        clock: Clock,
        authority: AuthorityPolicy | None = None,
    ) -> None:
        self._history = history
        self._evidence = evidence
        self._clock = clock
        self._policy = authority

    def overview(self, days: int = DEFAULT_CHANGE_DAYS) -> ChangeOverview:
        """The transitions of the last `days` days and the records taking effect in the next
        `days` days."""
        as_of = self._clock.today()
        catalog = self._evidence.catalog()
        behind, ahead = last_days(as_of, days), next_days(as_of, days)
        recent, recent_cut = window_histories(self._history, [RecordSelection.of(behind)])
        coming, coming_cut = window_histories(self._history, [RecordSelection.of(ahead)])
        return ChangeOverview(
            as_of,
            behind,
            ahead,
            transitions(recent, behind, catalog=catalog, policy=self._policy),
            upcoming(coming, ahead, as_of, policy=self._policy),
            catalog,
            recent_cut or coming_cut,
        )

    def took_effect(self, days: int) -> tuple[tuple[Transition, ...], Catalog]:
        """The transitions of the last `days` days (today included), and the catalog."""
        window = last_days(self._clock.today(), days)
        catalog = self._evidence.catalog()
        selection = RecordSelection.of(window)
        found, _ = window_histories(self._history, [selection], MAX_KEYS_PER_NOTICE_TICK)
        return transitions(found, window, catalog=catalog, policy=self._policy), catalog


class ChangeNotifier:
    """Posts each change that took effect in the notice window once. With `quiet_start` (a
    ledger that forgets on restart), the changes already in the window at the first tick are
    claimed without a notice: a restart never repeats one, and only changes that take effect
    while it runs are announced."""

    def __init__(
        self,
        feed: ChangeFeed,
        ledger: NoticeLedger,
        notices: ChangeNotices,
        *,
        window_days: int = DEFAULT_NOTICE_DAYS,
        quiet_start: bool = False,
    ) -> None:
        if window_days < 1:
            raise ValueError("window_days must be at least 1")
        self._feed = feed
        self._ledger = ledger
        self._notices = notices
        self._window_days = window_days
        self._quiet = quiet_start

    def tick(self) -> int:
        """Post the notices not posted yet; how many were posted. A notice that cannot be
        posted is given back to the ledger for the next tick, and the error raised."""
        changes, catalog = self._feed.took_effect(self._window_days)
        posted = 0
        for change in changes:
            record_id = change.record_id
            if record_id is None or not self._ledger.claim(record_id):
                continue
            if self._quiet:
                continue
            try:
                self._notices.post(change, catalog)
            except NoticeNotPostedError:
                self._ledger.release(record_id)
                raise
            posted += 1
        self._quiet = False
        return posted
