"""The worker's `/healthz` and `/readyz` on their own port (`probes.responses`), served by the
standard library's threading HTTP server in a background thread: the probes need no more, and
the worker then runs no event loop and loads no ASGI server for them.

`/readyz` answers 200 only when the worker is ready (Socket Mode connected, lifecycle server
reachable, not draining), else 503, with the `Readiness` snapshot as its body either way.
"""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from probes.responses import PATHS, Ready, probe_response
from truthexpiry.ops.readiness import Readiness


class HealthServer:
    """Built by the composition root, bound and started by the runtime: building one opens no
    port, so a worker composed and never started holds none."""

    def __init__(self, readiness: Readiness, *, host: str, port: int) -> None:
        self._ready: Ready = lambda: (readiness.ready, readiness.snapshot())
        self._address = (host, port)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        if self._server is None:
            return self._address[1]
        return int(self._server.server_address[1])

    def start(self) -> HealthServer:
        """Bound before this returns, so that port 0 gives a free port known at once."""
        host, _ = self._address
        server_class = _Server6 if ":" in host else _Server
        self._server = server = server_class(self._address, _probe_handler(self._ready))
        self._thread = threading.Thread(
            target=server.serve_forever, name="health-server", daemon=True
        )
        self._thread.start()
        return self

    def close(self) -> None:
        if self._server is None or self._thread is None:
            return
        self._server.shutdown()
        self._thread.join(5)
        self._server.server_close()


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a probe in flight does not hold up the stop
    allow_reuse_address = True


class _Server6(_Server):
    address_family = socket.AF_INET6


def _probe_handler(ready: Ready) -> type[BaseHTTPRequestHandler]:
    class ProbeHandler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self._answer(with_body=True)

        def do_HEAD(self) -> None:
            self._answer(with_body=False)

        def _answer(self, *, with_body: bool) -> None:
            path = self.path.split("?", 1)[0]
            if path not in PATHS:
                self._send(404, {"detail": "Not Found"}, with_body=with_body)
                return
            self._send(*probe_response(path, ready), with_body=with_body)

        def _send(self, status: int, body: dict[str, Any], *, with_body: bool) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if with_body:
                self.wfile.write(data)

        def log_message(self, *_: Any) -> None:
            return  # no access log

    return ProbeHandler
