"""Liveness and readiness probes, served on their own port, apart from `/mcp`.

`probes.responses` says what the probes answer, here (as `probes.app.probe_app`) and in the Slack
worker: `/healthz` answers 200 for as long as the process serves HTTP; `/readyz` answers 200 or
503 as the readiness check says, with its JSON body either way. Here `/readyz` is ready once the
MCP endpoint is accepting connections, and its body describes the dataset in service: version,
record count, load time and the error of the last rejected reload (null when the last reload,
if any, succeeded). The probes carry no authentication: bind them to a private network.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette

from lifecycle_mcp.holder import DatasetHolder
from probes.app import probe_app


def readiness(holder: DatasetHolder, mcp_listening: bool) -> dict[str, Any]:
    loaded = holder.current
    return {
        "status": "ready" if mcp_listening else "starting",
        "dataset_version": loaded.repository.version,
        "record_count": loaded.repository.record_count,
        "catalog_fingerprint": loaded.catalog.fingerprint,
        "loaded_at": loaded.loaded_at.isoformat(),
        "last_reload_error": holder.last_reload_error,
    }


def health_app(holder: DatasetHolder, mcp_listening: Callable[[], bool]) -> Starlette:
    def ready() -> tuple[bool, dict[str, Any]]:
        listening = mcp_listening()
        return listening, readiness(holder, listening)

    return probe_app(ready)
