"""`Metrics` exported in the Prometheus text format, from a registry of the worker's own."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector

from truthexpiry.models.answering.requests import EntryPoint
from truthexpiry.models.answering.verdicts import Vote
from truthexpiry.models.status import Status
from truthexpiry.ops.metrics import FAILURES, Outcome, Port

_SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


def _bounded(value: str, allowed: Iterable[str]) -> str:
    """`value` when it is one of the label set `allowed` (an enum's values), else `other`."""
    return str(value) if value in set(allowed) else "other"


class PrometheusMetrics:
    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        r = self.registry
        self._requests = Counter(
            "truthexpiry_requests",
            "Questions handled, by entry point and outcome.",
            ["entry_point", "outcome"],
            registry=r,
        )
        self._request_seconds = Histogram(
            "truthexpiry_request_seconds",
            "Time to answer a question.",
            ["entry_point"],
            buckets=_SECONDS,
            registry=r,
        )
        self._verdicts = Counter(
            "truthexpiry_verdicts", "Verdicts given, by status.", ["status"], registry=r
        )
        self._port_seconds = Histogram(
            "truthexpiry_port_call_seconds",
            "Time of each port call.",
            ["port"],
            buckets=_SECONDS,
            registry=r,
        )
        self._port_failures = Counter(
            "truthexpiry_port_failures",
            "Failed port calls, by port and category.",
            ["port", "category"],
            registry=r,
        )
        self._reconnects = Counter(
            "truthexpiry_socket_mode_reconnects",
            "Socket Mode connections re-established.",
            registry=r,
        )
        self._ready = Gauge("truthexpiry_ready", "1 when the worker is ready.", registry=r)
        self._feedback = Counter("truthexpiry_feedback", "Feedback votes.", ["vote"], registry=r)

    def request_finished(self, entry_point: str, outcome: str, seconds: float) -> None:
        entry = _bounded(entry_point, EntryPoint)
        self._requests.labels(entry, _bounded(outcome, Outcome)).inc()
        self._request_seconds.labels(entry).observe(seconds)

    def verdict(self, status: str) -> None:
        self._verdicts.labels(_bounded(status, Status)).inc()

    def port_call(self, port: str, seconds: float, failure: str | None) -> None:
        name = _bounded(port, Port)
        self._port_seconds.labels(name).observe(seconds)
        if failure is not None:
            self._port_failures.labels(name, _bounded(failure, FAILURES)).inc()

    def reconnected(self) -> None:
        self._reconnects.inc()

    def set_ready(self, ready: bool) -> None:
        self._ready.set(1 if ready else 0)

    def feedback(self, vote: str) -> None:
        self._feedback.labels(_bounded(vote, Vote)).inc()

    def export_counts(
        self, name: str, help_text: str, snapshot: Callable[[], dict[str, int]]
    ) -> None:
        """Export counts kept elsewhere (by a bounded reason) as a counter read at scrape time."""
        self.registry.register(_SnapshotCounter(name, help_text, snapshot))

    def serve(self, port: int, host: str) -> None:
        """Serve `/metrics` on `port` in a background thread (every path answers metrics)."""
        self._server, _ = start_http_server(port, addr=host, registry=self.registry)

    @property
    def port(self) -> int:
        """The port `/metrics` is served on (useful when 0 asked for a free one)."""
        return int(self._server.server_port)

    def close(self) -> None:
        server = getattr(self, "_server", None)
        if server is not None:
            server.shutdown()
            server.server_close()


class _SnapshotCounter(Collector):
    def __init__(self, name: str, help_text: str, snapshot: Callable[[], dict[str, int]]) -> None:
        self._name = name
        self._help = help_text
        self._snapshot = snapshot

    def collect(self) -> Iterator[CounterMetricFamily]:
        family = CounterMetricFamily(self._name, self._help, labels=["reason"])
        for reason, count in sorted(self._snapshot().items()):
            family.add_metric([reason], count)
        yield family
