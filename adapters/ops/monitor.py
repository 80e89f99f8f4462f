"""Keeps `Readiness` true to the world: polls the Socket Mode connection and the lifecycle
server every `interval` seconds, so readiness falls during an outage and comes back after it
without a restart."""

from __future__ import annotations

import logging
import threading
import urllib.error
import urllib.request
from collections.abc import Callable

from truthexpiry.ops.metrics import Metrics
from truthexpiry.ops.readiness import LIFECYCLE_MCP, SOCKET_MODE, Readiness

log = logging.getLogger(__name__)


def http_ready(url: str, timeout: float = 1.0) -> Callable[[], bool]:
    """A check that passes when `url` (a server's /readyz) answers 200."""

    def check() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, OSError):
            return False

    return check


class ReadinessMonitor:
    def __init__(
        self,
        readiness: Readiness,
        metrics: Metrics,
        *,
        socket_connected: Callable[[], bool],
        lifecycle_reachable: Callable[[], bool],
        interval: float = 0.5,
    ) -> None:
        self._readiness = readiness
        self._metrics = metrics
        self._checks = {SOCKET_MODE: socket_connected, LIFECYCLE_MCP: lifecycle_reachable}
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="readiness-monitor", daemon=True)

    def start(self) -> ReadinessMonitor:
        self.check_once()
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def check_once(self) -> None:
        for name, check in self._checks.items():
            ok = _safely(check)
            if self._readiness.checks.get(name) != ok:
                log.info("readiness check %s is now %s", name, "ok" if ok else "failing")
            self._readiness.set(name, ok)
        self._metrics.set_ready(self._readiness.ready)

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            self.check_once()


def _safely(check: Callable[[], bool]) -> bool:
    try:
        return check()
    except Exception:  # a check that cannot run has failed, whatever the reason
        return False
