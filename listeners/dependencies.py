"""What the listeners are given: the pipeline and the few objects around it, as ports.

Built once by the composition root (`bootstrap.build_worker`) and passed to every
`register(app, deps)`; listeners hold no state of their own and compose nothing. What Slack
says beyond the event (a channel's kind, a person's team, a thread's earlier messages, a
permalink) comes through these ports, implemented in `adapters/slack/`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from listeners.draining import Drain
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.ops.metrics import Metrics
from truthexpiry.ports import EventDedup
from truthexpiry.services.pipeline import TruthExpiryPipeline
from truthexpiry.time.feed import ChangeFeed


class Audience(Protocol):
    """Who is answered where (`adapters.slack.audience.Audience`)."""

    def answers_event(self, event: Mapping[str, Any]) -> bool: ...

    def answers_channel(self, channel: str) -> bool: ...

    def is_own(self, user: str, *, team_hint: object = None) -> bool: ...


class ThreadReading(Protocol):
    """A thread's earlier questions, oldest first; `too_long`: none found in what was read."""

    @property
    def questions(self) -> tuple[str, ...]: ...

    @property
    def too_long(self) -> bool: ...


class Threads(Protocol):
    """The questions asked before a follow-up in its thread (`adapters.slack.threads`)."""

    def earlier_questions(
        self, event: Mapping[str, Any], *, bot_user_id: str | None, max_chars: int
    ) -> ThreadReading: ...


class Answering(Protocol):
    """Who runs first when questions are answered side by side (`adapters.turns`): each request
    is answered inside `answering()`, in its own thread."""

    def answering(self) -> AbstractContextManager[None]: ...


class Permalinks(Protocol):
    def permalink(self, channel: str, message_ts: str) -> str | None: ...


@dataclass(frozen=True)
class ListenerDependencies:
    pipeline: TruthExpiryPipeline
    catalog: Callable[[], Catalog]
    dedup: EventDedup
    audience: Audience
    threads: Threads
    permalinks: Permalinks
    max_question_chars: int
    authority: AuthorityPolicy | None  # shown in the App Home
    metrics: Metrics
    drain: Drain
    changes: ChangeFeed | None  # the App Home's recent and coming changes
    turns: Answering
