"""Runs the MCP and health HTTP servers, and the dataset watcher, in one event loop.

uvicorn normally installs its own signal handlers per server; here one handler for SIGTERM and
SIGINT asks every server to finish its in-flight requests and stop, so the process exits once,
cleanly. A server that cannot start (say, its port is taken) stops the others too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Iterator, Sequence

import uvicorn
from starlette.types import ASGIApp

from lifecycle_mcp.holder import DatasetHolder

logger = logging.getLogger(__name__)

_GRACE_SECONDS = 5


class QuietServer(uvicorn.Server):
    """A uvicorn server that leaves signal handling to `serve_all`."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def http_server(app: ASGIApp, host: str, port: int, *, lifespan: bool) -> QuietServer:
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        lifespan="on" if lifespan else "off",
        log_config=None,  # keep the process's logging setup
        log_level="warning",
        access_log=False,
        server_header=False,
        timeout_graceful_shutdown=_GRACE_SECONDS,
    )
    return QuietServer(config)


async def serve_all(servers: Sequence[QuietServer], holder: DatasetHolder, poll: float) -> bool:
    """Serve until SIGTERM/SIGINT; True when every server started and stopped cleanly."""
    loop = asyncio.get_running_loop()

    def stop_all() -> None:
        for server in servers:
            server.should_exit = True

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop_all)
    watcher = asyncio.create_task(watch_dataset(holder, poll)) if poll > 0 else None
    try:
        results = await asyncio.gather(*(_serve(server, stop_all) for server in servers))
    finally:
        if watcher is not None:
            watcher.cancel()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
    return all(results)


async def _serve(server: QuietServer, stop_all: Callable[[], None]) -> bool:
    try:
        await server.serve()
    except SystemExit:  # uvicorn exits this way when it cannot bind or start the app
        stop_all()
        return False
    if not server.started:
        stop_all()
    return server.started


async def wait_until_started(servers: Sequence[QuietServer]) -> bool:
    while not all(server.started for server in servers):
        if any(server.should_exit for server in servers):
            return False
        await asyncio.sleep(0.05)
    return True


async def watch_dataset(holder: DatasetHolder, poll: float) -> None:
    """Poll the dataset file and reload it when it changes."""
    while True:
        await asyncio.sleep(poll)
        try:
            await asyncio.to_thread(holder.reload_if_changed)
        except Exception:  # a bug must not stop the watcher; the old dataset stays in service
            logger.exception("dataset watcher: unexpected error while reloading")
