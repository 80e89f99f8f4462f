"""What the probes answer, whoever serves them: `/healthz` 200 for as long as the process serves
HTTP; `/readyz` 200 or 503 as the readiness check says, with its JSON body either way. Served by
the lifecycle server (`probes.app`, Starlette) and by the Slack worker
(`adapters.ops.health_server`, the standard library's HTTP server)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Ready = Callable[[], tuple[bool, dict[str, Any]]]  # whether the process is ready, and the body
PATHS = ("/healthz", "/readyz")


def probe_response(path: str, ready: Ready) -> tuple[int, dict[str, Any]]:
    """The status and JSON body for `path`, one of `PATHS`."""
    if path == "/healthz":
        return 200, {"status": "alive"}
    ok, body = ready()
    return (200 if ok else 503), body
