"""The one shape of every HTTP refusal on `/mcp`: a status, a JSON-RPC error body that MCP
clients show as is, and `connection: close`, so that a refused client holds no connection and
no buffered request. The message is the server's own words, never anything the client sent."""

from __future__ import annotations

import json
from collections.abc import Iterable

from starlette.types import Send

REFUSED_CODE = -32001  # JSON-RPC "server error" range, as MCP servers commonly use
_REASONS = {
    401: "Unauthorized",
    405: "Method Not Allowed",
    408: "Request Timeout",
    413: "Content Too Large",
    503: "Service Unavailable",
}


async def refuse(
    send: Send, status: int, message: str, headers: Iterable[tuple[bytes, bytes]] = ()
) -> None:
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": REFUSED_CODE, "message": f"{status} {_REASONS[status]}: {message}"},
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
