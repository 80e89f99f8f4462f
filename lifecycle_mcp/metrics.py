"""Prometheus metrics for the lifecycle MCP server, on their own port when enabled.

HTTP requests to `/mcp` are counted and timed by status code (so refused tokens show as 401
and refused Host headers as 421); the dataset in service and the MCP listener's connections are
read at scrape time. Labels are status codes and a fixed set of reasons only: bounded, and
never a token, a key or a value.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, make_asgi_app
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lifecycle_mcp.holder import DatasetHolder
from lifecycle_mcp.http.connections import ConnectionGate

_SECONDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class ServerMetrics:
    def __init__(self, holder: DatasetHolder) -> None:
        self.registry = CollectorRegistry()
        self._requests = Counter(
            "lifecycle_mcp_http_requests",
            "Requests to /mcp by status.",
            ["status"],
            registry=self.registry,
        )
        self._seconds = Histogram(
            "lifecycle_mcp_http_request_seconds",
            "Time to answer a request to /mcp.",
            buckets=_SECONDS,
            registry=self.registry,
        )
        self._in_flight = Gauge(
            "lifecycle_mcp_http_requests_in_flight",
            "Requests to /mcp being answered now.",
            registry=self.registry,
        )
        self.registry.register(_DatasetCollector(holder))

    def watch_listener(self, gate: ConnectionGate, ready: Callable[[], bool]) -> None:
        """Export the MCP listener's connections and whether it accepts them yet."""
        self.registry.register(_ListenerCollector(gate, ready))

    def instrument(self, app: ASGIApp) -> ASGIApp:
        async def measured(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            started = time.perf_counter()
            status = [500]

            async def capture(message: Message) -> None:
                if message["type"] == "http.response.start":
                    status[0] = int(message["status"])
                await send(message)

            self._in_flight.inc()
            try:
                await app(scope, receive, capture)
            finally:
                self._in_flight.dec()
                self._requests.labels(str(status[0])).inc()
                self._seconds.observe(time.perf_counter() - started)

        return measured

    def asgi_app(self) -> ASGIApp:
        app: ASGIApp = make_asgi_app(registry=self.registry)
        return app


class _DatasetCollector(Collector):
    def __init__(self, holder: DatasetHolder) -> None:
        self._holder = holder

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        loaded = self._holder.current
        yield GaugeMetricFamily(
            "lifecycle_mcp_dataset_records",
            "Records in the dataset in service.",
            value=loaded.repository.record_count,
        )
        yield GaugeMetricFamily(
            "lifecycle_mcp_dataset_loaded_timestamp_seconds",
            "When the dataset in service was loaded.",
            value=loaded.loaded_at.timestamp(),
        )
        yield GaugeMetricFamily(
            "lifecycle_mcp_last_reload_failed",
            "1 when the last reload was rejected and the previous dataset is still served.",
            value=1 if self._holder.last_reload_error else 0,
        )
        yield CounterMetricFamily(
            "lifecycle_mcp_reload_failures",
            "Dataset reloads refused since start; each file version is tried and counted once.",
            value=self._holder.reload_failures,
        )


class _ListenerCollector(Collector):
    def __init__(self, gate: ConnectionGate, ready: Callable[[], bool]) -> None:
        self._gate = gate
        self._ready = ready

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        yield GaugeMetricFamily(
            "lifecycle_mcp_ready",
            "1 when the MCP listener accepts connections (what /readyz reports).",
            value=1 if self._ready() else 0,
        )
        yield GaugeMetricFamily(
            "lifecycle_mcp_connections",
            "Connections open on the MCP port.",
            value=self._gate.open_count,
        )
        yield GaugeMetricFamily(
            "lifecycle_mcp_connections_limit",
            "The most connections the MCP port keeps open at once.",
            value=self._gate.capacity,
        )
        closed = CounterMetricFamily(
            "lifecycle_mcp_connections_closed",
            "Connections the server closed to protect itself: evicted (idle, to make room for a "
            "new one), read_timeout (request head too slow), refused (every connection busy).",
            labels=["reason"],
        )
        for reason, count in sorted(self._gate.closed_by_reason.items()):
            closed.add_metric([reason], count)
        yield closed
