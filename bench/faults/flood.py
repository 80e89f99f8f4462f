"""Raw HTTP load on loopback for the server scenarios of `bench.faults`: many clients, each a
coroutine on one event loop in a background thread, each opening a connection, sending its
bytes, reading until the server closes the connection, and starting again.

Every loop is bounded: the load stops when `Flood.stop()` is called or its context ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Clients:
    """`count` clients that send `request` on each connection; `pause` s between them."""

    count: int
    request: bytes
    pause: float = 0.0
    keep_alive: bool = False  # send the request again on the same connection after a reply


@dataclass
class FloodStats:
    connections: int = 0
    connect_failures: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    held_seconds: list[float] = field(default_factory=list)  # how long the server kept each


class Flood:
    def __init__(self, port: int, *groups: Clients) -> None:
        self._port = port
        self._groups = groups
        self.stats = FloodStats()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="flood", daemon=True)
        self._stopped: asyncio.Event | None = None
        self._ready = threading.Event()

    def __enter__(self) -> Flood:
        self._thread.start()
        self._ready.wait(5)
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self._stopped is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())
        self._loop.close()

    async def _main(self) -> None:
        self._stopped = asyncio.Event()
        self._ready.set()
        clients = [
            asyncio.create_task(self._client(group))
            for group in self._groups
            for _ in range(group.count)
        ]
        await self._stopped.wait()
        for client in clients:
            client.cancel()
        await asyncio.gather(*clients, return_exceptions=True)

    async def _client(self, group: Clients) -> None:
        while True:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self._port)
            except OSError:
                self.stats.connect_failures += 1
                await asyncio.sleep(0.05)
                continue
            self.stats.connections += 1
            opened = time.monotonic()
            try:
                await self._converse(reader, writer, group)
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                self.stats.held_seconds.append(time.monotonic() - opened)
                writer.close()
            await asyncio.sleep(group.pause)

    async def _converse(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, group: Clients
    ) -> None:
        while True:
            writer.write(group.request)
            with contextlib.suppress(OSError):
                await writer.drain()
            status = await _status_of_response(reader)
            if status is None:
                return  # the server closed the connection
            self.stats.statuses[status] += 1
            if not group.keep_alive:
                while await reader.read(65536):
                    pass
                return


async def _status_of_response(reader: asyncio.StreamReader) -> int | None:
    """Read one response (head and Content-Length body); None when the connection closed."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
        return None
    lines = head.decode("latin-1").split("\r\n")
    length = next(
        (int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length")),
        0,
    )
    await reader.readexactly(length)
    return int(lines[0].split(" ", 2)[1])
