"""Bearer-token authentication for the MCP endpoint, as plain ASGI middleware.

Every HTTP request must carry `Authorization: Bearer <token>` with one of the accepted tokens.
Several tokens are accepted at once so that a new token can be rolled out to clients before the
old one is withdrawn. Tokens are compared in constant time against every accepted token (no
early exit that would tell which one nearly matched). Nothing here logs a header or a token.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

from lifecycle_mcp.http.refusal import REFUSED_CODE, refuse

REALM = "truthexpiry-lifecycle"
UNAUTHORIZED_CODE = REFUSED_CODE
_SCHEME = b"bearer "


class BearerAuthMiddleware:
    """Answers 401 to HTTP requests without an accepted bearer token; passes others through."""

    def __init__(self, app: ASGIApp, tokens: Iterable[str]) -> None:
        self._app = app
        self._tokens = tuple(token.encode() for token in tokens)
        if not self._tokens:
            raise ValueError("bearer authentication needs at least one accepted token")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        presented = _bearer_token(scope)
        if presented is not None and self._accepts(presented):
            await self._app(scope, receive, send)
            return
        await _unauthorized(send, token_presented=presented is not None)

    def _accepts(self, presented: bytes) -> bool:
        matched = False
        for token in self._tokens:
            matched |= hmac.compare_digest(presented, token)
        return matched


def _bearer_token(scope: Scope) -> bytes | None:
    for name, value in scope.get("headers", ()):
        if name.lower() == b"authorization":
            header = bytes(value)
            if header[: len(_SCHEME)].lower() == _SCHEME:
                return header[len(_SCHEME) :].strip() or None
            return None
    return None


async def _unauthorized(send: Send, *, token_presented: bool) -> None:
    """401 with a bearer challenge and a JSON-RPC error body, which MCP clients surface as is."""
    challenge = f'Bearer realm="{REALM}"'
    if token_presented:
        challenge += ', error="invalid_token"'
    reason = "the bearer token is not accepted" if token_presented else "a bearer token is required"
    await refuse(send, 401, reason, [(b"www-authenticate", challenge.encode())])
