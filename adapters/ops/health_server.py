"""`/healthz` and `/readyz` on their own port, from a `Readiness` object.

`/healthz` answers 200 while the process serves requests at all; `/readyz` answers 200 only when
the worker is ready (Socket Mode connected, lifecycle server reachable, not draining), else 503,
with a small JSON body of check states either way.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from truthexpiry.ops.readiness import Readiness


class HealthServer:
    def __init__(self, readiness: Readiness, *, host: str, port: int) -> None:
        handler = _handler_for(readiness)
        self._server = ThreadingHTTPServer((host, port), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="health-server", daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    def start(self) -> HealthServer:
        self._thread.start()
        return self

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _handler_for(readiness: Readiness) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/healthz":
                self._send(200, {"status": "alive"})
            elif self.path == "/readyz":
                self._send(200 if readiness.ready else 503, readiness.snapshot())
            else:
                self._send(404, {"error": "not found"})

        def _send(self, status: int, body: dict[str, object]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            """Probes every few seconds are not news: no access log."""

    return Handler
