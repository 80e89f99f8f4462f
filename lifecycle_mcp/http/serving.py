"""Runs the MCP listener, the probe and metrics listeners, and the dataset watcher.

The MCP listener and the dataset watcher run in the main event loop. The probe and metrics
listeners run in a second thread with an event loop of their own, so that no amount of work on
`/mcp` (a flood of requests, a large catalog to serialise) holds a probe back for longer than
the interpreter's switch interval. Every listener accepts through a `ConnectionGate` of its own
(see `connections.py`), so a flood on one port cannot take the connections of another.

uvicorn normally installs its own signal handlers per server; here one handler for SIGTERM and
SIGINT asks every server to finish its in-flight requests and stop, so the process exits once,
cleanly. A server that cannot start (say, its port is taken) stops the others too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor

import uvicorn
from starlette.types import ASGIApp
from uvicorn.config import STARTUP_FAILURE

from lifecycle_mcp.holder import DatasetHolder
from lifecycle_mcp.http.connections import (
    ConnectionGate,
    GuardedH11Protocol,
    accept_connections,
    listen,
)
from lifecycle_mcp.http.limits import KEEP_ALIVE_SECONDS, MAX_HEAD_BYTES

logger = logging.getLogger(__name__)

_GRACE_SECONDS = 5


class GuardedServer(uvicorn.Server):
    """A uvicorn server that accepts through a `ConnectionGate` and leaves signals to
    `serve_all`."""

    def __init__(self, config: uvicorn.Config, *, capacity: int, read_timeout: float) -> None:
        super().__init__(config)
        self.gate = ConnectionGate(capacity)
        self._read_timeout = read_timeout
        self._listener: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        del sockets  # uvicorn's parameter for sockets bound elsewhere: this server binds its own
        await self.lifespan.startup()
        if self.lifespan.should_exit:
            sys.exit(STARTUP_FAILURE)
        try:
            self._listener = listen(self.config.host, self.config.port)
        except OSError as error:
            logger.error("%s", error)
            await self.lifespan.shutdown()
            sys.exit(STARTUP_FAILURE)
        self.servers = []  # uvicorn's own listeners: none, the gate accepts instead
        accepting = accept_connections(self._listener, self._protocol, self.gate)
        self._accepting = asyncio.create_task(accepting)
        self.started = True

    def _protocol(self) -> asyncio.Protocol:
        return GuardedH11Protocol(
            gate=self.gate,
            read_timeout=self._read_timeout,
            config=self.config,
            server_state=self.server_state,
            app_state=self.lifespan.state,
        )

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self._accepting is not None:
            self._accepting.cancel()
        if self._listener is not None:
            self._listener.close()
        await super().shutdown(sockets)


def http_server(
    app: ASGIApp,
    host: str,
    port: int,
    *,
    capacity: int,
    read_timeout: float,
    lifespan: bool = False,
) -> GuardedServer:
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http="h11",
        ws="none",  # no WebSocket upgrades: every request is plain HTTP
        lifespan="on" if lifespan else "off",
        log_config=None,  # keep the process's logging setup
        log_level="error",  # uvicorn warns once per malformed request: a flood of log lines
        access_log=False,
        server_header=False,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=_GRACE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
    )
    return GuardedServer(config, capacity=capacity, read_timeout=read_timeout)


async def serve_all(
    main: Sequence[GuardedServer],
    side: Sequence[GuardedServer],
    holder: DatasetHolder,
    poll: float,
) -> bool:
    """Serve until SIGTERM/SIGINT; True when every server started and stopped cleanly.

    `main` servers run in this event loop, `side` servers in a thread of their own.
    """
    loop = asyncio.get_running_loop()
    everyone = [*main, *side]

    def stop_all() -> None:
        for server in everyone:
            server.should_exit = True

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop_all)
    watcher = asyncio.create_task(watch_dataset(holder, poll)) if poll > 0 else None
    with ThreadPoolExecutor(1, thread_name_prefix="lifecycle-side-listeners") as thread:
        side_served = loop.run_in_executor(thread, _serve_in_own_loop, side, stop_all)
        try:
            results = await asyncio.gather(*(_serve(server, stop_all) for server in main))
        finally:
            stop_all()
            side_ok = await side_served
            if watcher is not None:
                watcher.cancel()
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(signum)
    return all(results) and side_ok


def _serve_in_own_loop(servers: Sequence[GuardedServer], stop_all: Callable[[], None]) -> bool:
    async def serve_each() -> bool:
        return all(await asyncio.gather(*(_serve(server, stop_all) for server in servers)))

    return asyncio.run(serve_each())


async def _serve(server: GuardedServer, stop_all: Callable[[], None]) -> bool:
    try:
        await server.serve()
    except SystemExit:  # uvicorn exits this way when it cannot bind or start the app
        stop_all()
        return False
    if not server.started:
        stop_all()
    return server.started


async def wait_until_started(servers: Sequence[GuardedServer]) -> bool:
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
