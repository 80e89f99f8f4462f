"""What the listeners are given: the pipeline and the few objects around it.

Built once by the composition root (`bootstrap.build_worker`) and passed to every
`register(app, deps)`; listeners hold no state of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from adapters.slack.audience import Audience
from listeners.draining import Drain
from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.requests import MAX_QUESTION_CHARS
from truthexpiry.ops.metrics import Metrics, NullMetrics
from truthexpiry.ports import EventDedup
from truthexpiry.services.pipeline import TruthExpiryPipeline
from truthexpiry.time.feed import ChangeFeed


@dataclass(frozen=True)
class ListenerDependencies:
    pipeline: TruthExpiryPipeline
    catalog: Callable[[], Catalog]
    dedup: EventDedup
    audience: Audience  # who is answered where
    max_question_chars: int = MAX_QUESTION_CHARS
    authority: AuthorityPolicy | None = None  # shown in the App Home
    metrics: Metrics = field(default_factory=NullMetrics)
    drain: Drain = field(default_factory=Drain)
    changes: ChangeFeed | None = None  # the App Home's recent and coming changes
