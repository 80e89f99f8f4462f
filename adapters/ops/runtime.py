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

from adapters.ops.health_server import HealthServer
from adapters.ops.monitor import ReadinessMonitor
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
    """The parts `bootstrap.build_worker` assembled, started in order and stopped in reverse.

    `socket_mode` builds the Bolt app's Socket Mode handler when the worker starts (building
    the SDK's client starts its threads); `monitor` is given the socket's `is_connected`;
    `notices` runs the change notices due, when this replica posts them; `release` frees the
    adapters once everything has stopped."""

    socket_mode: Callable[[], EarlyAckSocketModeHandler]
    health: HealthServer
    metrics: Metrics
    metrics_address: tuple[str, int]  # host, port
    readiness: Readiness
    monitor: Callable[[Callable[[], bool]], ReadinessMonitor]
    drain: Draining
    drain_seconds: float
    notices: Ticker | None
    release: Callable[[], None]

    def start(self) -> WorkerRuntime:
        self.health.start()
        host, port = self.metrics_address
        self.metrics.serve(port, host)
        self.handler = self.socket_mode()
        self._hellos = 0
        self.handler.client.on_message_listeners.append(self._count_hello)
        self.handler.client.connect()
        self._monitor = self.monitor(self.handler.client.is_connected).start()
        if self.notices is not None:
            self.notices.start()
        log.info("worker started")
        return self

    @property
    def health_server_port(self) -> int:
        """The port the probes answer on (useful when 0 asked for a free one)."""
        return self.health.port

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
        self.health.close()
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
