"""Misbehaving MCP servers for the adapter's failure tests: real SDK servers on loopback that
answer with content that breaks the contract, or too slowly; and `ToolCalls`, which counts a
real server's tool calls and can hold one tool's calls back."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from mcp.server import MCPServer
from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

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


class ToolCalls:
    """ASGI middleware in front of an MCP app: counts `tools/call` requests by tool name, holds
    the calls of the tools in `held` until `release` is set (`holding` is set once one is
    held), and answers those of the tools in `failing` with HTTP 500. Other requests are passed
    on unchanged."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app
        self.calls: Counter[str] = Counter()
        self.held: set[str] = set()
        self.failing: set[str] = set()
        self.holding = threading.Event()
        self.release = threading.Event()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        name = _tool_called(body)
        if name is not None:
            self.calls[name] += 1
        if name in self.held:
            self.holding.set()
            while not self.release.is_set():  # the server's side of a stall, not a test's wait
                await asyncio.sleep(0.02)
        if name in self.failing:
            await send({"type": "http.response.start", "status": 500, "headers": []})
            await send({"type": "http.response.body", "body": b""})
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self._app(scope, replay, send)


def _tool_called(body: bytes) -> str | None:
    try:
        request = json.loads(body)
    except ValueError:
        return None
    if not isinstance(request, dict) or request.get("method") != "tools/call":
        return None
    name = request.get("params", {}).get("name")
    return name if isinstance(name, str) else None


@contextmanager
def serving(app: ASGIApp) -> Iterator[str]:
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
