"""A running worker and its side servers, and the graceful way to stop it.

Start: the health server, the metrics server (when enabled), the Socket Mode connection, the
readiness monitor, and the change-notice ticker (when this replica posts notices). Stop
(SIGTERM/SIGINT): readiness drops and new questions get "restarting, ask again"; the ticker stops
after the notice it may be posting; questions in flight finish within the drain deadline; then
Socket Mode closes, the side servers stop and the adapters are released.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from slack_bolt import App

from adapters.ops.health_server import HealthServer
from adapters.ops.monitor import ReadinessMonitor, http_ready
from adapters.ops.ticker import Ticker
from adapters.socket_mode import EarlyAckSocketModeHandler
from truthexpiry.ops.metrics import Metrics
from truthexpiry.ops.readiness import Readiness

log = logging.getLogger(__name__)


class Draining(Protocol):
    """Questions in flight, and the switch that refuses new ones (the listeners' `Drain`)."""

    @property
    def in_flight(self) -> int: ...

    def start_draining(self) -> None: ...

    def wait_idle(self, timeout: float) -> bool: ...


@dataclass
class WorkerRuntime:
    """`lifecycle_reachable` probes the evidence source for readiness (unless
    `lifecycle_health_url` names the server's own /readyz); `release` frees the adapters once
    everything has stopped. `host` is where the health and metrics servers listen.
    `change_notices` (posting the notices due) runs every `notice_interval` seconds."""

    app: App
    app_token: str
    host: str
    health_port: int
    metrics_port: int
    drain_seconds: float
    ping_interval: float
    lifecycle_health_url: str | None
    metrics: Metrics
    readiness: Readiness
    drain: Draining
    lifecycle_reachable: Callable[[], bool]
    release: Callable[[], None]
    change_notices: Callable[[], object] | None = None
    notice_interval: float = 60.0

    def start(self) -> WorkerRuntime:
        self._health = HealthServer(self.readiness, host=self.host, port=self.health_port)
        self._health.start()
        self.metrics.serve(self.metrics_port, self.host)
        self.handler = EarlyAckSocketModeHandler(
            self.app, self.app_token, ping_interval=self.ping_interval
        )
        self._hellos = 0
        self.handler.client.on_message_listeners.append(self._count_hello)
        self.handler.client.connect()
        lifecycle = (
            http_ready(self.lifecycle_health_url)
            if self.lifecycle_health_url
            else self.lifecycle_reachable
        )
        self._monitor = ReadinessMonitor(
            self.readiness,
            self.metrics,
            socket_connected=self.handler.client.is_connected,
            lifecycle_reachable=lifecycle,
        ).start()
        self.notices: Ticker | None = None
        if self.change_notices is not None:
            self.notices = Ticker(
                self.change_notices, interval=self.notice_interval, name="change-notices"
            ).start()
        log.info("worker started")
        return self

    @property
    def health_server_port(self) -> int:
        """The port the probes answer on (useful when 0 asked for a free one)."""
        return self._health.port

    def shutdown(self) -> None:
        drain = self.drain
        self.readiness.draining = True
        drain.start_draining()
        if self.notices is not None:
            self.notices.close(self.drain_seconds)  # a notice being posted is finished
        finished = drain.wait_idle(self.drain_seconds)
        log.info(
            "drained" if finished else "drain deadline passed", extra={"count": drain.in_flight}
        )
        _bounded(self.handler.client.close, SOCKET_CLOSE_SECONDS, "Socket Mode close")
        self._monitor.close()
        self._health.close()
        self.metrics.close()
        self.release()

    def _count_hello(self, _socket: object, message: str) -> None:
        try:
            kind = json.loads(message).get("type")
        except (ValueError, AttributeError):
            return
        if kind == "hello":
            self._hellos += 1
            if self._hellos > 1:
                self.metrics.reconnected()


SOCKET_CLOSE_SECONDS = 10.0  # a transport that does not close in time is left to the exit


def _bounded(close: Callable[[], None], seconds: float, what: str) -> None:
    """Run `close` for at most `seconds`: shutdown finishes even if a library's close hangs
    (its threads are daemons, so the process still exits)."""
    closer = threading.Thread(target=close, name=what, daemon=True)
    closer.start()
    closer.join(seconds)
    if closer.is_alive():
        log.warning("%s did not finish in time", what, extra={"seconds": seconds})
