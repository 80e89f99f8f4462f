"""Draining for a graceful shutdown: count questions in flight, refuse new ones once draining.

`enter` returns False once draining has begun, so the listener replies "restarting, ask again"
instead of starting work it may not finish; `wait_idle` lets shutdown wait for the rest.
"""

from __future__ import annotations

import threading
import time


class Drain:
    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._in_flight = 0
        self._draining = False

    def enter(self) -> bool:
        with self._lock:
            if self._draining:
                return False
            self._in_flight += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self._in_flight -= 1
            self._lock.notify_all()

    def start_draining(self) -> None:
        with self._lock:
            self._draining = True

    @property
    def in_flight(self) -> int:
        with self._lock:
            return self._in_flight

    def wait_idle(self, timeout: float) -> bool:
        """True when nothing is in flight, waiting at most `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._in_flight:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._lock.wait(remaining)
            return True
