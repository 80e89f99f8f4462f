"""The MCP methods this server offers, and a quiet refusal of every other request.

The server offers tools only. The SDK still routes prompts and resources to its empty
managers, which fail with an exception that the SDK logs at ERROR: any client with a token
could write an ERROR line per request. This middleware answers every request outside
`OFFERED` with JSON-RPC "Method not found" before it reaches them, and logs nothing.
Notifications pass through (the SDK drops the ones it does not handle).
"""

from __future__ import annotations

from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import METHOD_NOT_FOUND

OFFERED = frozenset({"initialize", "ping", "server/discover", "tools/list", "tools/call"})


class OfferedMethodsOnly:
    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        if ctx.request_id is not None and ctx.method not in OFFERED:
            raise MCPError(METHOD_NOT_FOUND, "Method not found")
        return await call_next(ctx)
