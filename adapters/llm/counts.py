"""Thread-safe counts by a bounded reason: numbers only, never text, safe to share and export."""

from __future__ import annotations

import threading
from collections import Counter
from enum import StrEnum
from typing import Generic, TypeVar

R = TypeVar("R", bound=StrEnum)


class ReasonCounts(Generic[R]):
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[R] = Counter()

    def add(self, reason: R) -> None:
        with self._lock:
            self._counts[reason] += 1

    def count(self, reason: R | None = None) -> int:
        with self._lock:
            return self._counts.total() if reason is None else self._counts[reason]

    def snapshot(self) -> dict[str, int]:
        with self._lock:
            return {reason.value: n for reason, n in self._counts.items()}
