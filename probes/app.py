"""The probes (`probes.responses`) as a Starlette app, for the lifecycle server. The probes carry
no authentication: bind them to a private network."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from probes.responses import PATHS, Ready, probe_response


def probe_app(ready: Ready) -> Starlette:
    """`/healthz` and `/readyz`; `ready` says whether the process is ready, and the body."""

    async def probe(request: Request) -> JSONResponse:
        status, body = probe_response(request.url.path, ready)
        return JSONResponse(body, status_code=status)

    return Starlette(routes=[Route(path, probe, methods=["GET"]) for path in PATHS])
