"""Limits on each request to `/mcp`, as ASGI middleware behind authentication.

The server is stateless and answers JSON only, so it has no event stream to offer: anything but
POST gets 405 (the MCP transport's answer for "no stream here"), where a GET would otherwise
hold a connection open for as long as the client likes. A POST is admitted only while fewer
than `max_in_flight` requests are being served (else 503), only with a body of at most
`max_body_bytes` (else 413, before reading a byte when the length is declared), and only if the
body arrives within `read_timeout` (else 408). The body is read here, then handed on whole, so
the memory the requests in flight hold is at most `max_in_flight` times `max_body_bytes`.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lifecycle_mcp.http.refusal import refuse


class _BodyTooLargeError(Exception):
    pass


class _DisconnectedError(Exception):
    pass


class RequestLimits:
    def __init__(
        self, app: ASGIApp, *, max_in_flight: int, max_body_bytes: int, read_timeout: float
    ) -> None:
        self._app = app
        self._max_in_flight = max_in_flight
        self._max_body = max_body_bytes
        self._read_timeout = read_timeout
        self.in_flight = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        if scope["method"] != "POST":
            message = "this server is stateless and answers POST only; it has no event stream"
            await refuse(send, 405, message, [(b"allow", b"POST")])
            return
        if (_declared_length(scope) or 0) > self._max_body:
            await refuse(send, 413, f"a request body may have at most {self._max_body} bytes")
            return
        if self.in_flight >= self._max_in_flight:
            await refuse(send, 503, "too many requests at once", [(b"retry-after", b"1")])
            return
        self.in_flight += 1
        try:
            await self._admit(scope, receive, send)
        finally:
            self.in_flight -= 1

    async def _admit(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            async with asyncio.timeout(self._read_timeout):
                body = await self._read_body(receive)
        except _DisconnectedError:
            return
        except TimeoutError:
            await refuse(send, 408, f"the body did not arrive within {self._read_timeout:g} s")
            return
        except _BodyTooLargeError:
            await refuse(send, 413, f"a request body may have at most {self._max_body} bytes")
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()  # after the body: only a disconnect can come
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self._app(scope, replay, send)

    async def _read_body(self, receive: Receive) -> bytes:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                raise _DisconnectedError
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self._max_body:
                raise _BodyTooLargeError
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length" and value.isdigit():
            return int(value[:19])  # 19 digits already far exceed any limit
    return None
