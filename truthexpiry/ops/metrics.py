"""What the worker measures, as a port: the listeners and the instrumented adapters record,
an adapter at the edge (Prometheus) exports. Every label value comes from a small fixed set
(entry points, outcomes, statuses, port names, failure categories), never from content.

The runtime starts and stops the export through the same port (`serve`, `close`); metrics
that record nothing do nothing there either, so no caller asks which kind it holds.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Protocol

from truthexpiry.models.errors import SearchFailure


class Outcome(StrEnum):
    """How a question ended."""

    ANSWERED = "answered"
    NO_CLAIM = "no_claim"
    REFUSED = "refused"
    FAILED = "failed"


class Port(StrEnum):
    """The port calls that are timed."""

    SEARCH = "search"
    EVIDENCE = "evidence"
    HISTORY = "history"  # records listed by date, for change questions
    CATALOG = "catalog"
    EXTRACTION = "extraction"


class EvidenceFailure(StrEnum):
    UNAVAILABLE = "unavailable"
    TIMEOUT = "timeout"


OTHER_FAILURE = "error"  # anything no port promises to raise
# Every failure category a port call can be counted under.
FAILURES = frozenset({*SearchFailure, *EvidenceFailure, OTHER_FAILURE})


class Metrics(Protocol):
    def request_finished(self, entry_point: str, outcome: str, seconds: float) -> None: ...

    def verdict(self, status: str) -> None: ...

    def port_call(self, port: str, seconds: float, failure: str | None) -> None: ...

    def reconnected(self) -> None: ...

    def set_ready(self, ready: bool) -> None: ...

    def feedback(self, vote: str) -> None: ...

    def export_counts(
        self, name: str, help_text: str, snapshot: Callable[[], dict[str, int]]
    ) -> None:
        """Export counts kept elsewhere, by a bounded reason, read when scraped."""

    def serve(self, port: int, host: str) -> None:
        """Start exporting (for Prometheus: `/metrics` on `port`)."""

    def close(self) -> None:
        """Stop exporting."""


class NullMetrics:
    """Records nothing: for tests and for a worker with metrics disabled."""

    def request_finished(self, entry_point: str, outcome: str, seconds: float) -> None:
        del entry_point, outcome, seconds

    def verdict(self, status: str) -> None:
        del status

    def port_call(self, port: str, seconds: float, failure: str | None) -> None:
        del port, seconds, failure

    def reconnected(self) -> None:
        return None

    def set_ready(self, ready: bool) -> None:
        del ready

    def feedback(self, vote: str) -> None:
        del vote

    def export_counts(
        self, name: str, help_text: str, snapshot: Callable[[], dict[str, int]]
    ) -> None:
        del name, help_text, snapshot

    def serve(self, port: int, host: str) -> None:
        del port, host

    def close(self) -> None:
        return None
