"""A TCP proxy on loopback that delays traffic: a slow network or a slow server, for real.

`LatencyProxy(upstream_port)` listens on a free port in a background thread and forwards every
connection to the upstream port. While `latency` is above zero, each chunk from the client waits
that long before it is forwarded, so every request the client makes takes at least `latency`
longer. Setting `latency` back to 0 heals it; connections stay open throughout.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

from devtools.lifecycle_server import free_port


class LatencyProxy:
    def __init__(self, upstream_port: int) -> None:
        self.port = free_port()
        self.latency = 0.0
        self._upstream = upstream_port
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="latency-proxy")

    def start(self) -> LatencyProxy:
        self._thread.start()
        if not self._started.wait(5):
            raise RuntimeError("the latency proxy did not start")
        return self

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", self.port)
        )
        self._started.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()
            self._loop.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self._upstream)
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self._pipe(reader, up_writer, delayed=True),
            self._pipe(up_reader, writer, delayed=False),
        )

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, delayed: bool
    ) -> None:
        with contextlib.suppress(OSError):
            while chunk := await reader.read(65536):
                if delayed and self.latency > 0:
                    await asyncio.sleep(self.latency)
                writer.write(chunk)
                await writer.drain()
        writer.close()
