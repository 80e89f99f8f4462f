"""A background event loop that synchronous callers (Bolt's worker threads, the CLI) share.

The asynchronous clients behind the ports use it: the MCP client, whose session must live on
one loop for the life of the worker, and the language-model extractor. `BackgroundLoop.run`
submits a coroutine to that loop and waits for it. Calling it from a thread
that already runs an event loop would deadlock that loop, so it refuses.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from truthexpiry.models.errors import EvidenceTimeoutError, TruthExpiryError

T = TypeVar("T")
_CLOSE_SECONDS = 5.0


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
        """Cancels the tasks still on the loop and lets them end (as `asyncio.run` does), so
        that none is left unawaited, then stops the loop."""
        if self._loop.is_closed():
            return
        with contextlib.suppress(FutureTimeout):
            asyncio.run_coroutine_threadsafe(_cancel_others(), self._loop).result(_CLOSE_SECONDS)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=_CLOSE_SECONDS)
        if not self._thread.is_alive():
            self._loop.close()


async def _cancel_others() -> None:
    current = asyncio.current_task()
    others = [task for task in asyncio.all_tasks() if task is not current]
    for task in others:
        task.cancel()
    await asyncio.gather(*others, return_exceptions=True)


async def in_daemon_thread(call: Callable[[], T], name: str) -> T:
    """`call()` in a daemon thread of its own, awaited. Not in the loop's executor: its threads
    are joined when the interpreter exits, so a call blocked on a silent server would hold up
    a Ctrl-C until its timeout."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(result: T | None, error: BaseException | None) -> None:
        if done.done():  # the awaiting task was cancelled
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)  # type: ignore[arg-type]  # set when error is None

    def run() -> None:
        try:
            result: T | None = call()
            error: BaseException | None = None
        except BaseException as failure:  # handed to the awaiting task
            result, error = None, failure
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, name=name, daemon=True).start()
    return await done
