"""In-memory stores for a single worker process: event deduplication and the change-notice
ledger.

Event IDs are kept for `ttl_seconds` (Slack redelivers within minutes) and at most
`max_entries`, oldest first out, so memory stays bounded whatever the traffic. The ledger keeps
record IDs of the notices posted and their fingerprints (lifecycle data, nothing from Slack).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence

from truthexpiry.models.time.change_notices import Claimed, NoticeClaim


class InMemoryEventDedup:
    def __init__(
        self,
        *,
        ttl_seconds: float = 600.0,
        max_entries: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._ttl = ttl_seconds
        self._max = max_entries
        self._clock = clock
        self._seen: OrderedDict[str, float] = OrderedDict()
        self._lock = threading.Lock()

    def first_time(self, event_id: str, *, redelivery: bool = False) -> bool:
        del redelivery  # one replica: what this store has not seen has not been answered
        now = self._clock()
        with self._lock:
            self._expire(now)
            if event_id in self._seen:
                return False
            self._seen[event_id] = now + self._ttl
            if len(self._seen) > self._max:
                self._seen.popitem(last=False)
            return True

    def _expire(self, now: float) -> None:
        while self._seen:
            oldest, expires = next(iter(self._seen.items()))
            if expires > now:
                return
            del self._seen[oldest]


class InMemoryNoticeLedger:
    """Change notices posted by this process (the `NoticeLedger` port), for the one notifier
    replica without Redis: record IDs and fingerprints only. It starts with no baseline, so
    after a restart the notifier takes what is in the window as announced."""

    def __init__(self) -> None:
        self._posted: dict[str, str] = {}
        self._kept = False
        self._lock = threading.Lock()

    def remembers(self) -> bool:
        with self._lock:
            return self._kept

    def claim(self, record_id: str, fingerprint: str) -> Claimed:
        with self._lock:
            if not self._kept:
                return Claimed(NoticeClaim.LOST)
            previous = self._posted.get(record_id)
            if previous == fingerprint:
                return Claimed(NoticeClaim.ANNOUNCED)
            self._posted[record_id] = fingerprint
            if previous is None:
                return Claimed(NoticeClaim.NEW)
            return Claimed(NoticeClaim.CORRECTED, previous)

    def release(self, record_id: str, fingerprint: str, claimed: Claimed) -> None:
        with self._lock:
            if self._posted.get(record_id) != fingerprint:
                return  # claimed again since: that claim stands
            if claimed.previous is None:
                del self._posted[record_id]
            else:
                self._posted[record_id] = claimed.previous

    def rebaseline(self, announced: Sequence[tuple[str, str]]) -> bool:
        with self._lock:
            if self._kept:
                return False  # another look took one first: its claims stand
            self._posted.update(announced)
            self._kept = True
        return True
