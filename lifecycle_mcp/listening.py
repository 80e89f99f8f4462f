"""The lifecycle MCP server's listeners: `/mcp` (the MCP SDK's Streamable HTTP app behind
bearer auth and the request limits), the probes and the metrics, served until stopped.

Apart from `lifecycle_mcp.server` so that its refusals at start (bad settings, an invalid
dataset) and `--check` answer without importing the MCP SDK and the HTTP stack: about 1.2 s
of CPU per process.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any

from mcp.server import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import ASGIApp

from lifecycle_mcp.health import health_app
from lifecycle_mcp.holder import DatasetHolder
from lifecycle_mcp.http.auth import BearerAuthMiddleware
from lifecycle_mcp.http.limits import Limits, fit_to_this_process
from lifecycle_mcp.http.offered_methods import OfferedMethodsOnly
from lifecycle_mcp.http.request_limits import RequestLimits
from lifecycle_mcp.http.serving import GuardedServer, http_server, serve_all, wait_until_started
from lifecycle_mcp.metrics import ServerMetrics
from lifecycle_mcp.settings import ServerSettings
from lifecycle_mcp.tools import register_tools

logger = logging.getLogger("lifecycle_mcp")

SERVER_NAME = "truthexpiry-lifecycle"
INSTRUCTIONS = (
    "Read-only lifecycle records. Call get_claim_catalog to learn the entities, attributes and "
    "scopes, and get_catalog_version to learn whether it changed since; call "
    "get_lifecycle_evidence with one exact key to get its records in any state; "
    "call get_records_effective_between for the records that take effect in a window of dates. "
    "The server never decides which value is valid."
)
_LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def transport_security(settings: ServerSettings) -> TransportSecuritySettings:
    """Loopback Host headers (any port) plus the configured ones; all others get 421."""
    hosts = [f"{name}:*" for name in _LOOPBACK_HOSTS] + list(settings.allowed_hosts)
    origins = [f"http://{name}:*" for name in _LOOPBACK_HOSTS] + [
        f"{scheme}://{host}" for host in settings.allowed_hosts for scheme in ("http", "https")
    ]
    return TransportSecuritySettings(allowed_hosts=hosts, allowed_origins=origins)


def build_mcp_app(settings: ServerSettings, holder: DatasetHolder, limits: Limits) -> ASGIApp:
    """`/mcp` behind bearer auth, then the request limits (so that callers without a token
    take no slot of the requests in flight)."""
    server: MCPServer[Any] = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS, log_level="WARNING")
    register_tools(server, holder)
    server.middleware.insert(0, OfferedMethodsOnly())
    app: ASGIApp = server.streamable_http_app(
        stateless_http=True,
        json_response=True,
        host=settings.host,
        transport_security=transport_security(settings),
    )
    app = RequestLimits(
        app,
        max_in_flight=limits.max_in_flight,
        max_body_bytes=limits.max_body_bytes,
        read_timeout=limits.read_timeout,
    )
    if not settings.auth_disabled:
        app = BearerAuthMiddleware(app, [token.get_secret_value() for token in settings.tokens])
    return app


async def serve(settings: ServerSettings, holder: DatasetHolder) -> bool:
    limits = fit_to_this_process(settings.limits)
    mcp, side = build_listeners(settings, holder, limits)
    announcement = asyncio.create_task(_announce(settings, limits, holder, mcp, side[0]))
    try:
        return await serve_all([mcp], side, holder, settings.reload_seconds)
    finally:
        announcement.cancel()


def build_listeners(
    settings: ServerSettings, holder: DatasetHolder, limits: Limits
) -> tuple[GuardedServer, list[GuardedServer]]:
    """The MCP listener, and the side listeners: probes, and metrics when enabled."""
    app = build_mcp_app(settings, holder, limits)
    metrics = ServerMetrics(holder) if settings.metrics_port is not None else None
    if metrics is not None:
        app = metrics.instrument(app)
    listener = partial(http_server, host=settings.host, read_timeout=limits.read_timeout)
    mcp = listener(app, port=settings.port, lifespan=True, capacity=limits.max_connections)
    probes = health_app(holder, lambda: mcp.started)
    side = [listener(probes, port=settings.health_port, capacity=limits.side_connections)]
    if metrics is not None and settings.metrics_port is not None:
        metrics.watch_listener(mcp.gate, lambda: mcp.started)
        exported = metrics.asgi_app()
        side.append(
            listener(exported, port=settings.metrics_port, capacity=limits.side_connections)
        )
    return mcp, side


async def _announce(
    settings: ServerSettings, limits: Limits, holder: DatasetHolder, *servers: GuardedServer
) -> None:
    if not await wait_until_started(servers):
        return
    loaded = holder.current.repository
    logger.info(
        "lifecycle MCP server at http://%s:%d/mcp, probes on port %d; dataset %s (%d records) "
        "from %s; auth %s; hot reload %s; extra allowed hosts: %s; at most %d connections, "
        "%d requests in flight, %d-byte bodies, %gs to send a request",
        settings.host,
        settings.port,
        settings.health_port,
        loaded.version,
        loaded.record_count,
        settings.dataset_path or "the packaged demo file",
        settings.auth_summary,
        f"every {settings.reload_seconds:g}s" if settings.reload_seconds else "off",
        ", ".join(settings.allowed_hosts) or "none",
        limits.max_connections,
        limits.max_in_flight,
        limits.max_body_bytes,
        limits.read_timeout,
    )
