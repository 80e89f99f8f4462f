"""Changes read from the records at the moment they are asked for: an overview of what changed
lately and what is coming (the App Home), and notices of changes as they take effect.

Both read the records through the ports (`LifecycleHistory` gives the whole history of each key
changed in a window, a bounded number of keys in one call; `LifecycleEvidence` the catalog) and
decide nothing themselves: the overview is what `TimeAnswers` answers to a change question and
a question about what is coming, and transitions are the labeler's (`transitions`). An
unavailable source raises `EvidenceUnavailableError`: an outage is never shown as "nothing
changed".

`ChangeNotifier.tick` posts one notice for each change that took effect within the notice window
(the last `window_days` days, today included): a record whose effective date has arrived, or one
a reload brought in already in effect. The ledger makes it one notice per record across every
replica, and one correction when the record's value is corrected in place; a record that took
effect before the window is never announced. A ledger that lost what it knew gets a new
baseline instead of a second round of notices. Nothing from Slack is read here.
"""

from __future__ import annotations

from dataclasses import dataclass

from truthexpiry.models.errors import NoticeNotPostedError
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.time.change_notices import ChangeNotice, NoticeClaim, fingerprint
from truthexpiry.models.time.change_overview import ChangeOverview
from truthexpiry.models.time.changes import RecordSelection, Transition
from truthexpiry.models.time.periods import TimeQuestion, TimeReading
from truthexpiry.ports import (
    ChangeNotices,
    Clock,
    LifecycleEvidence,
    LifecycleHistory,
    NoticeLedger,
)
from truthexpiry.time.answers import TimeAnswers
from truthexpiry.time.evidence import MAX_KEYS_PER_NOTICE_TICK
from truthexpiry.time.transitions import transitions
from truthexpiry.values.calendar import DEFAULT_CHANGE_DAYS, last_days, next_days

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
        `days` days: the answers to "what changed lately?" and "what is coming?"."""
        as_of = self._clock.today()
        catalog = self._evidence.catalog()
        answers = TimeAnswers(self._history, catalog, self._policy)
        behind = TimeReading(TimeQuestion.CHANGES, last_days(as_of, days), True, as_of)
        ahead = TimeReading(TimeQuestion.UPCOMING, next_days(as_of, days), True, as_of)
        recent, coming = answers.changes(behind, ()), answers.coming(ahead, (), as_of)
        return ChangeOverview(
            as_of,
            recent.window,
            coming.window,
            recent.changes,
            coming.upcoming,
            catalog,
            recent.truncated or coming.truncated,
        )

    def took_effect(self, days: int) -> TookEffect:
        """The transitions of the last `days` days (today included), the catalog, and the
        dataset version the records were listed from (the catalog's when the source does not
        say: a catalog may be cached from before a reload)."""
        window = last_days(self._clock.today(), days)
        catalog = self._evidence.catalog()
        selection = RecordSelection.of(window)
        found = self._history.histories_between(selection, MAX_KEYS_PER_NOTICE_TICK)
        changes = transitions(found.histories, window, catalog=catalog, policy=self._policy)
        # one call lists every history from one dataset: the version it names is theirs
        return TookEffect(changes, catalog, found.dataset_version or catalog.version)


@dataclass(frozen=True, slots=True)
class TookEffect:
    changes: tuple[Transition, ...]
    catalog: Catalog
    dataset_version: str


class ChangeNotifier:
    """Posts each change that took effect in the notice window once, and once more as a
    correction when its record's value is corrected in place. A ledger that has lost what it
    knew (first start, a Redis that came back empty, memory after a restart) is given a new
    baseline: what is in the window then is taken as announced, so nothing is announced twice
    and only what takes effect (or a reload brings in) afterwards is announced."""

    def __init__(
        self,
        feed: ChangeFeed,
        ledger: NoticeLedger,
        notices: ChangeNotices,
        *,
        window_days: int = DEFAULT_NOTICE_DAYS,
    ) -> None:
        if window_days < 1:
            raise ValueError("window_days must be at least 1")
        self._feed = feed
        self._ledger = ledger
        self._notices = notices
        self._window_days = window_days

    def tick(self) -> int:
        """Post the notices not posted yet; how many were posted. A notice that cannot be
        posted is given back to the ledger for the next tick, and the error raised."""
        remembers = self._ledger.remembers()
        if remembers is None:
            return 0  # the ledger cannot answer: a notice may come late, never twice
        found = self._feed.took_effect(self._window_days)
        pending = [(c, c.record_id, fingerprint(c)) for c in found.changes]
        announced = [(record_id, mark) for _, record_id, mark in pending if record_id is not None]
        if not remembers:
            # Nothing tells what was posted before: announce nothing already in the window.
            self._ledger.rebaseline(announced)
            return 0
        return self._announce(found, pending, announced)

    def _announce(
        self,
        found: TookEffect,
        pending: list[tuple[Transition, str | None, str]],
        announced: list[tuple[str, str]],
    ) -> int:
        posted = 0
        for change, record_id, mark in pending:
            if record_id is None:
                continue
            claimed = self._ledger.claim(record_id, mark)
            if claimed.outcome is NoticeClaim.LOST:  # emptied since `remembers`
                self._ledger.rebaseline(announced)
                return posted
            if not claimed.posts:
                continue
            notice = ChangeNotice(
                change, found.dataset_version, claimed.outcome is NoticeClaim.CORRECTED
            )
            try:
                self._notices.post(notice, found.catalog)
            except NoticeNotPostedError:
                self._ledger.release(record_id, mark, claimed)
                raise
            posted += 1
        return posted
