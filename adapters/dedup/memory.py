"""In-memory stores for a single worker process: event deduplication and the change-notice
ledger.

Event IDs are kept for `ttl_seconds` (Slack redelivers within minutes) and at most
`max_entries`, oldest first out, so memory stays bounded whatever the traffic. The ledger keeps
record IDs of the notices posted (lifecycle identifiers, nothing from Slack).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable


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
    """Change notices claimed by this process (the `NoticeLedger` port), for one notifier
    replica without Redis. It forgets on restart: pair it with a quiet start."""

    def __init__(self) -> None:
        self._claimed: set[str] = set()
        self._lock = threading.Lock()

    def claim(self, record_id: str) -> bool:
        with self._lock:
            if record_id in self._claimed:
                return False
            self._claimed.add(record_id)
            return True

    def release(self, record_id: str) -> None:
        with self._lock:
            self._claimed.discard(record_id)
