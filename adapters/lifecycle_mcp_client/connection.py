"""One MCP client session over Streamable HTTP, kept open for the life of the worker.

The SDK's transport runs task groups that must be entered and left by the same task, so a
dedicated owner task opens the session, waits until asked to stop, and closes it. Callers on
the same loop share the session. After a transport failure the connection is dropped and the
next call opens a new one, so the worker recovers by itself when the server comes back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolRequest, CallToolRequestParams, CallToolResult

from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError

log = logging.getLogger(__name__)
T = TypeVar("T")


class McpConnection:
    def __init__(self, url: str, *, token: str | None, timeout: float) -> None:
        self._url = url
        self._headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._timeout = timeout
        self._client: Client | None = None
        self._owner: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._lock = asyncio.Lock()
        self.sessions_opened = 0  # how many sessions this connection has opened, for tests
        self._refused_with: int | None = None

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> CallToolResult:
        """One `tools/call`. Its structured content is checked once, by the contract's models
        in `mapper.py`, and not a second time by the SDK's JSON Schema check of `call_tool`:
        for a window's histories that pure-Python check cost about 70 ms on the loop every
        lookup shares, enough to hold up other people's questions."""
        client = await self._connected()
        request = CallToolRequest(params=CallToolRequestParams(name=name, arguments=arguments))
        sent = client.session.send_request(
            request, CallToolResult, request_read_timeout_seconds=self._timeout
        )
        return await self._bounded(client, sent)

    async def ping(self) -> None:
        """Proves the server answers, with one small request whatever the dataset's size (the
        tool list; MCP's own ping is gone from the current protocol)."""
        client = await self._connected()
        await self._bounded(client, client.list_tools())

    async def _bounded(self, client: Client, request: Awaitable[T]) -> T:
        try:
            return await asyncio.wait_for(request, self._timeout)
        except TimeoutError:
            await self._drop(client)
            raise EvidenceTimeoutError(
                f"the lifecycle server did not answer within {self._timeout:g} s"
            ) from None
        except Exception as error:  # transport failures: refused, reset, HTTP errors
            await self._drop(client)
            raise self._failure(error) from None

    async def close(self) -> None:
        # Not under the lock: a session still being opened (the lock held for up to the
        # timeout) is stopped now, so that Ctrl-C or a shutdown does not wait it out.
        await self._stop_owner()

    async def _connected(self) -> Client:
        async with self._lock:
            if self._client is not None and self._owner is not None and not self._owner.done():
                return self._client
            await self._stop_owner()
            self.sessions_opened += 1
            ready: asyncio.Future[Client] = asyncio.get_running_loop().create_future()
            self._stop = asyncio.Event()
            self._owner = asyncio.create_task(self._own(ready), name="lifecycle-mcp-session")
            ready.add_done_callback(_retrieve)  # however it ends, nobody is left to read it
            try:
                self._client = await asyncio.wait_for(asyncio.shield(ready), self._timeout)
            except TimeoutError:
                await self._stop_owner()
                if ready.done() and not ready.cancelled():
                    ready.exception()  # the timeout is the reason given; this one is read
                raise EvidenceTimeoutError(
                    f"the lifecycle server did not answer within {self._timeout:g} s"
                ) from None
            except asyncio.CancelledError:
                # A caller that gave up (a closing worker stops its catalog refresh): the
                # session's outcome is read when it comes, so that it is not reported unread.
                ready.add_done_callback(_retrieve)
                raise
            return self._client

    async def _own(self, ready: asyncio.Future[Client]) -> None:
        http = httpx2.AsyncClient(
            headers=self._headers,
            timeout=self._timeout,
            event_hooks={"response": [self._remember_refusal]},
        )
        try:
            async with http, Client(streamable_http_client(self._url, http_client=http)) as client:
                ready.set_result(client)
                await self._stop.wait()
        except BaseException as error:  # the SDK raises exception groups
            if not ready.done():
                ready.set_exception(self._failure(error))
            elif not isinstance(error, asyncio.CancelledError):
                log.warning("lifecycle MCP session ended", extra={"category": _kind(error)})

    async def _remember_refusal(self, response: httpx2.Response) -> None:
        # The SDK reports an HTTP error status only as a generic error; keep the status so the
        # reason can say "HTTP 401" (a wrong token) rather than "call failed".
        if response.status_code >= 400:
            self._refused_with = response.status_code

    def _failure(self, error: BaseException) -> EvidenceUnavailableError:
        status, self._refused_with = self._refused_with, None
        if status is not None:
            return EvidenceUnavailableError(
                f"the lifecycle server answered HTTP {status}", http_status=status
            )
        return _failure(error)

    async def _drop(self, client: Client) -> None:
        async with self._lock:
            if self._client is client:
                await self._stop_owner()

    async def _stop_owner(self) -> None:
        owner, self._owner, self._client = self._owner, None, None
        if owner is None or owner.done():
            return
        self._stop.set()
        try:
            await asyncio.wait_for(asyncio.shield(owner), 1.0)
        except (TimeoutError, Exception):  # a broken session may not close cleanly
            owner.cancel()


def _retrieve(future: asyncio.Future[Client]) -> None:
    """Read a finished future's exception, so that asyncio does not log "Future exception was
    never retrieved" (with the exception's message) when a caller stopped waiting for it."""
    if not future.cancelled():
        future.exception()


def _kind(error: BaseException) -> str:
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return type(error).__name__


def _failure(error: BaseException) -> EvidenceUnavailableError:
    """A short, content-free description of a transport failure."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    if isinstance(error, EvidenceUnavailableError):
        return error
    if isinstance(error, httpx2.HTTPStatusError):
        status = error.response.status_code
        return EvidenceUnavailableError(
            f"the lifecycle server answered HTTP {status}", http_status=status
        )
    if isinstance(error, httpx2.TransportError):
        return EvidenceUnavailableError(
            f"the lifecycle server is unreachable ({type(error).__name__})"
        )
    return EvidenceUnavailableError(f"the lifecycle server call failed ({type(error).__name__})")
