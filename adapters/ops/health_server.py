"""The worker's `/healthz` and `/readyz` on their own port: the probe app the lifecycle server
serves too (`lifecycle_mcp.health.probe_app`), run by uvicorn in a background thread.

`/readyz` answers 200 only when the worker is ready (Socket Mode connected, lifecycle server
reachable, not draining), else 503, with the `Readiness` snapshot as its body either way.
"""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from lifecycle_mcp.health import probe_app
from truthexpiry.ops.readiness import Readiness

START_SECONDS = 10.0


class HealthServer:
    def __init__(self, readiness: Readiness, *, host: str, port: int) -> None:
        app = probe_app(lambda: (readiness.ready, readiness.snapshot()))
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        # Bound here, so that port 0 gives a free port known before the thread starts.
        self._listener = socket.socket(family, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind((host, port))
        config = uvicorn.Config(app, lifespan="off", log_level="warning", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=lambda: self._server.run(sockets=[self._listener]),
            name="health-server",
            daemon=True,
        )

    @property
    def port(self) -> int:
        return int(self._listener.getsockname()[1])

    def start(self) -> HealthServer:
        self._thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not self._server.started and self._thread.is_alive():
            if time.monotonic() > deadline:
                break
            time.sleep(0.01)
        return self

    def close(self) -> None:
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(5)
        self._listener.close()
