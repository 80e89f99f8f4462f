"""uvicorn in a background thread: one ASGI app on a pre-bound free loopback port.

Binding the listening socket before uvicorn starts gives the port without a probe-then-bind race.
It is made as a TCP socket by name (`IPPROTO_TCP`): asyncio turns Nagle's algorithm off only on
the accepted sockets it knows to be TCP, and with it on, a reply written in two parts on a
kept-alive connection (or an event frame written while the last is not yet acknowledged) waited
for the client's delayed ACK, 40 ms, as no real Slack server makes its clients wait.
"""

from __future__ import annotations

import socket
import threading
import time

import uvicorn
from starlette.applications import Starlette

START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
WS_PING_INTERVAL = 0.1


class ServerThread:
    """uvicorn serving one ASGI app on a pre-bound loopback socket, in a daemon thread."""

    def __init__(self, app: Starlette) -> None:
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        config = uvicorn.Config(
            app,
            ws="wsproto",
            lifespan="off",
            log_level="warning",
            timeout_graceful_shutdown=1,
            # Frequent server pings keep the builtin client's blocking recv() short, so closing
            # a session (which waits for the receive lock) takes milliseconds, not its 3 s timeout.
            ws_ping_interval=WS_PING_INTERVAL,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, name="local-slack", daemon=True)

    def start(self) -> None:
        self._thread.start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the local Slack server did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(STOP_TIMEOUT)
        self._listener.close()

    def _run(self) -> None:
        self._server.run(sockets=[self._listener])
