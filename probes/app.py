"""`/healthz` and `/readyz` as a Starlette app: `/healthz` answers 200 for as long as the process
serves HTTP; `/readyz` answers 200 or 503 as the readiness check says, with its JSON body either
way. The probes carry no authentication: bind them to a private network."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


def probe_app(ready: Callable[[], tuple[bool, dict[str, Any]]]) -> Starlette:
    """`/healthz` and `/readyz`; `ready` says whether the process is ready, and the body."""

    async def healthz(_: Request) -> JSONResponse:
        return JSONResponse({"status": "alive"})

    async def readyz(_: Request) -> JSONResponse:
        ok, body = ready()
        return JSONResponse(body, status_code=200 if ok else 503)

    return Starlette(
        routes=[
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
        ]
    )
