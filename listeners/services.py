"""What the listeners are given: the pipeline and the few services around it.

Built once by the composition root and passed to every `register(app, services)`; listeners
hold no state of their own.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from listeners.channels import ChannelDirectory
from listeners.draining import Drain
from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.catalog import Catalog
from truthexpiry.ops.metrics import Metrics, NullMetrics
from truthexpiry.ports import EventDedup
from truthexpiry.services.pipeline import TruthExpiryPipeline


class FeedbackTally:
    """Counts feedback votes ("up"/"down"); keeps no text, user or message."""

    VOTES = frozenset({"up", "down"})

    def __init__(self) -> None:
        self._counts: Counter[str] = Counter()
        self._lock = threading.Lock()

    def record(self, vote: str) -> None:
        with self._lock:
            self._counts[vote if vote in self.VOTES else "other"] += 1

    def counts(self) -> dict[str, int]:
        with self._lock:
            return dict(self._counts)


@dataclass(frozen=True)
class ListenerServices:
    pipeline: TruthExpiryPipeline
    catalog: Callable[[], Catalog]
    dedup: EventDedup
    feedback: FeedbackTally = field(default_factory=FeedbackTally)
    max_question_chars: int = 3000
    authority: AuthorityPolicy | None = None  # shown in the App Home
    metrics: Metrics = field(default_factory=NullMetrics)
    drain: Drain = field(default_factory=Drain)
    channels: ChannelDirectory = field(default_factory=ChannelDirectory)  # where to answer
