"""The worker's `/healthz` and `/readyz` on their own port: the probe app the lifecycle server
serves too (`probes.app.probe_app`), run by uvicorn in a background thread.

`/readyz` answers 200 only when the worker is ready (Socket Mode connected, lifecycle server
reachable, not draining), else 503, with the `Readiness` snapshot as its body either way.
"""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from probes.app import probe_app
from truthexpiry.ops.readiness import Readiness

START_SECONDS = 10.0


class HealthServer:
    """Built by the composition root, bound and started by the runtime: building one opens no
    port, so a worker composed and never started holds none."""

    def __init__(self, readiness: Readiness, *, host: str, port: int) -> None:
        self._app = probe_app(lambda: (readiness.ready, readiness.snapshot()))
        self._address = (host, port)
        self._listener: socket.socket | None = None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        if self._listener is None:
            return self._address[1]
        return int(self._listener.getsockname()[1])

    def start(self) -> HealthServer:
        host, _ = self._address
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        # Bound before the thread starts, so that port 0 gives a free port known at once.
        self._listener = listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(self._address)
        config = uvicorn.Config(self._app, lifespan="off", log_level="warning", access_log=False)
        self._server = server = uvicorn.Server(config)
        self._thread = thread = threading.Thread(
            target=lambda: server.run(sockets=[listener]), name="health-server", daemon=True
        )
        thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not server.started and thread.is_alive():
            if time.monotonic() > deadline:
                break
            time.sleep(0.01)
        return self

    def close(self) -> None:
        if self._thread is None or self._listener is None:
            return
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(5)
        self._listener.close()
