"""Misbehaving MCP servers for the adapter's failure tests: real SDK servers on loopback that
answer with content that breaks the contract, or too slowly."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from mcp.server import MCPServer
from starlette.applications import Starlette

from devtools.lifecycle_server import free_port


def malformed_server(evidence: dict[str, Any]) -> Starlette:
    """Answers every lookup with `evidence` as structured content, whatever was asked."""
    server: MCPServer[Any] = MCPServer("malformed-lifecycle")

    @server.tool()
    def get_lifecycle_evidence(
        entity: str, attribute: str, scope: dict[str, str]
    ) -> dict[str, Any]:
        return evidence

    @server.tool()
    def get_claim_catalog() -> dict[str, Any]:
        return {"schema_version": "truthexpiry.lifecycle.v1"}

    return server.streamable_http_app(stateless_http=True, json_response=True)


def window_server(window: dict[str, Any]) -> Starlette:
    """Answers every window listing with `window` as structured content, whatever was asked."""
    server: MCPServer[Any] = MCPServer("malformed-window")

    @server.tool()
    def get_records_effective_between(
        from_date: str,
        to_date: str,
        entity: str | None = None,
        attribute: str | None = None,
        scope: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        return window

    return server.streamable_http_app(stateless_http=True, json_response=True)


def slow_server(delay: float, answered: threading.Event | None = None) -> Starlette:
    """Answers every lookup correctly shaped but only after `delay` seconds; sets `answered`
    just before it answers."""
    server: MCPServer[Any] = MCPServer("slow-lifecycle")

    @server.tool()
    async def get_lifecycle_evidence(
        entity: str, attribute: str, scope: dict[str, str]
    ) -> dict[str, Any]:
        await asyncio.sleep(delay)
        if answered is not None:
            answered.set()
        return {}

    return server.streamable_http_app(stateless_http=True, json_response=True)


def erroring_server() -> Starlette:
    """Answers every lookup with a tool error (`is_error`), as a server does on bad input."""
    server: MCPServer[Any] = MCPServer("erroring-lifecycle")

    @server.tool()
    def get_lifecycle_evidence(
        entity: str, attribute: str, scope: dict[str, str]
    ) -> dict[str, Any]:
        raise ValueError("dataset exploded")

    return server.streamable_http_app(stateless_http=True, json_response=True)


@contextmanager
def serving(app: Starlette) -> Iterator[str]:
    """Serve `app` on a free loopback port in a thread; yields the MCP URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("test MCP server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
