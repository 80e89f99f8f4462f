"""In-memory event deduplication for a single worker process.

Event IDs are kept for `ttl_seconds` (Slack redelivers within minutes) and at most
`max_entries`, oldest first out, so memory stays bounded whatever the traffic.
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
