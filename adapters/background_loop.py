"""A background event loop that synchronous callers (Bolt's worker threads, the CLI) share.

The asynchronous clients behind the ports use it: the MCP client, whose session must live on
one loop for the life of the worker, and the language-model extractor. `BackgroundLoop.run`
submits a coroutine to that loop and waits for it. Calling it from a thread
that already runs an event loop would deadlock that loop, so it refuses.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from truthexpiry.models.errors import EvidenceTimeoutError, TruthExpiryError

T = TypeVar("T")


class LifecycleMcpUsageError(TruthExpiryError):
    """The synchronous bridge was called from inside a running event loop."""


class BackgroundLoop:
    def __init__(self, name: str = "lifecycle-mcp") -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name=name, daemon=True)
        self._thread.start()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float) -> T:
        """Run `coroutine` on the background loop; at most `timeout` seconds, then unavailable."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            pass
        else:
            coroutine.close()
            raise LifecycleMcpUsageError(
                "the synchronous MCP bridge cannot be used inside a running event loop"
            )
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except FutureTimeout:
            future.cancel()
            raise EvidenceTimeoutError(
                f"the lifecycle server did not answer within {timeout:g} s"
            ) from None

    def close(self) -> None:
        if self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        if not self._thread.is_alive():
            self._loop.close()
