"""Liveness and readiness probes, served on their own port, apart from `/mcp`.

`/healthz` answers 200 for as long as the process serves HTTP. `/readyz` answers 200 once the MCP
endpoint is accepting connections, with the dataset actually in service: its version, record
count, load time and the error of the last rejected reload (null when the last reload, if any,
succeeded). The probes carry no authentication: bind them to a private network.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from lifecycle_mcp.holder import DatasetHolder


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
    async def healthz(_: Request) -> JSONResponse:
        return JSONResponse({"status": "alive"})

    async def readyz(_: Request) -> JSONResponse:
        listening = mcp_listening()
        return JSONResponse(readiness(holder, listening), status_code=200 if listening else 503)

    return Starlette(
        routes=[
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
        ]
    )
