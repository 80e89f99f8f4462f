"""The worker's MCP client for the lifecycle server: Streamable HTTP spoken directly, one
JSON-RPC request per call on keep-alive HTTP/1.1 connections that the worker's threads share.

The server speaks MCP 2026-07-28, stateless: a session is `server/discover` once (the server
must list this protocol version), then `tools/call` and `tools/list` requests, each a POST with
the `MCP-Protocol-Version` and `Mcp-Method` headers and the `_meta` envelope the revision asks
for. The answer is one JSON object, or an SSE stream whose events carry it (`answers.py`).

Why not the SDK's `Client`: its layers (memory streams, a dispatcher, a task per request, a
second validation of every message) cost about 4 ms of CPU per lookup in the worker's
process, against 0.5 ms for the same request on `http.client` (`bench/mcp_lookup.py`); under
load that CPU is taken from other people's questions. Here a call runs in its caller's thread:
no hop to an event loop, and a large answer is parsed where it is used.

Every call has `timeout` seconds from its first byte sent (a new connection included) to its
last byte read. A failure closes the connection it happened on, and the next call discovers the
server again, so the worker recovers by itself when the server comes back. A kept connection
that the server closed while idle is retried once on a new one (the tools are read-only).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from adapters.lifecycle_mcp_client.answers import (
    PROTOCOL_VERSION,
    ToolResult,
    jsonrpc_result,
    tool_result,
)
from adapters.lifecycle_mcp_client.sockets import Exchange, Pool
from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError

_META = {
    "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
    "io.modelcontextprotocol/clientInfo": {"name": "truthexpiry-worker", "version": "1"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


class McpConnection:
    def __init__(self, url: str, *, token: str | None, timeout: float) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise EvidenceUnavailableError("the lifecycle server URL must be http(s)://host/path")
        self._pool = Pool(parts.scheme, parts.hostname, parts.port)
        self._path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        self._headers = {
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
            "MCP-Protocol-Version": PROTOCOL_VERSION,
            **({"Authorization": f"Bearer {token}"} if token else {}),
        }
        self._timeout = timeout
        self._ids = itertools.count(1)
        self._discovering = threading.Lock()
        self._discovered = False
        self.sessions_opened = 0  # discoveries: one, plus one per recovery; for tests

    def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolResult:
        """One `tools/call`; its structured content is checked by the caller (`mapper.py`)."""
        self._session()
        params = {"name": name, "arguments": arguments}
        return tool_result(self._request("tools/call", params, {"Mcp-Name": name}))

    def ping(self) -> None:
        """Proves the server answers, with one small request whatever the dataset's size (the
        tool list; MCP's own ping is gone from the current protocol)."""
        self._session()
        self._request("tools/list", {})

    def close(self) -> None:
        """Closes every connection, those in use too, so that a call waiting on a silent server
        ends now rather than at its timeout."""
        self._pool.close()

    def _session(self) -> None:
        if self._discovered:
            return
        if not self._discovering.acquire(timeout=self._timeout):
            raise self._timed_out()
        try:
            if self._discovered:
                return
            self.sessions_opened += 1
            versions = self._request("server/discover", {}).get("supportedVersions")
            if not isinstance(versions, list) or PROTOCOL_VERSION not in versions:
                raise EvidenceUnavailableError(
                    f"the lifecycle server does not speak MCP {PROTOCOL_VERSION}"
                )
            self._discovered = True
        finally:
            self._discovering.release()

    def _request(
        self, method: str, params: dict[str, Any], extra: dict[str, str] | None = None
    ) -> dict[str, Any]:
        request_id = next(self._ids)
        params = params | {"_meta": _META}
        message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
        body = json.dumps(message, separators=(",", ":")).encode()
        headers = self._headers | {"Mcp-Method": method} | (extra or {})
        deadline = time.monotonic() + self._timeout
        try:
            answer = self._pool.exchange(Exchange(self._path, body, headers), deadline)
        except TimeoutError:
            self._discovered = False
            raise self._timed_out() from None
        except EvidenceUnavailableError:
            self._discovered = False
            raise
        return jsonrpc_result(answer, request_id)

    def _timed_out(self) -> EvidenceTimeoutError:
        return EvidenceTimeoutError(
            f"the lifecycle server did not answer within {self._timeout:g} s"
        )
