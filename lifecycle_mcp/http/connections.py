"""Connection limits for the server's HTTP listeners: a cap on open connections, and a deadline
for every request head.

Left to itself, uvicorn accepts connections as fast as the kernel queues them and waits for a
request head as long as a client takes to send it, so a few hundred half-sent requests hold
every file descriptor of the process, and the probe port, sharing them, stops answering. Here
each listener accepts through a `ConnectionGate` of its own:

* at most `capacity` connections are open at once. When a new one arrives at the cap, an open
  connection with no request in progress is closed to make room, so that a caller that sends
  its request promptly always gets in: first the oldest of those that never completed a request
  (a half-sent request, say), and only when there is none, the keep-alive connection idle the
  longest, so that a flood of new connections does not push out the clients already being
  served. While every connection is serving a request, new ones wait in the kernel's accept
  queue, where they hold no descriptor of ours;
* a request head must arrive within `read_timeout` of the connection opening, or of its first
  byte after a keep-alive pause; otherwise the connection is closed.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from collections.abc import Callable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

logger = logging.getLogger(__name__)

_ACCEPT_QUEUE = 2048
_BUSY = b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
_RESOURCE_ERRORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class ConnectionGate:
    """The open connections of one listener, longest idle first; counts what it closed."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._open: dict[GuardedH11Protocol, None] = {}  # in order of last becoming idle
        self._changed = asyncio.Event()
        self.closed_by_reason = {"evicted": 0, "read_timeout": 0, "refused": 0}

    @property
    def open_count(self) -> int:
        return len(self._open)

    def opened(self, connection: GuardedH11Protocol) -> None:
        self._open[connection] = None

    def went_idle(self, connection: GuardedH11Protocol) -> None:
        if connection in self._open:
            del self._open[connection]
            self._open[connection] = None  # now the most recently idle
        self._changed.set()

    def closed(self, connection: GuardedH11Protocol) -> None:
        self._open.pop(connection, None)
        self._changed.set()

    def count(self, reason: str) -> None:
        self.closed_by_reason[reason] += 1

    def has_room(self) -> bool:
        return len(self._open) < self.capacity or any(not c.busy for c in self._open)

    async def wait_for_room(self) -> None:
        while not self.has_room():
            self._changed.clear()
            await self._changed.wait()

    def make_room(self) -> bool:
        """True below capacity, or once an idle connection is closed; False if all are busy."""
        if len(self._open) < self.capacity:
            return True
        idle = next((c for c in self._open if not c.busy and not c.served), None)
        if idle is None:
            idle = next((c for c in self._open if not c.busy), None)
        if idle is None:
            return False
        del self._open[idle]  # counted out now: its descriptor is freed on the next loop turn
        self.count("evicted")
        idle.transport.close()
        return True


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, registered with a gate and given a request-head deadline."""

    def __init__(self, *, gate: ConnectionGate, read_timeout: float, **uvicorn: Any) -> None:
        super().__init__(**uvicorn)
        self._gate = gate
        self._read_timeout = read_timeout
        self._head_deadline: asyncio.TimerHandle | None = None
        self.served = False  # a response has been completed on this connection

    @property
    def busy(self) -> bool:
        """A request is being served on this connection."""
        return self.cycle is not None and not self.cycle.response_complete

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._gate.opened(self)
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()

    def on_response_complete(self) -> None:
        self.served = True
        super().on_response_complete()
        self._gate.went_idle(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_watching()
        self._gate.closed(self)
        super().connection_lost(exc)

    def _watch_head(self) -> None:
        """Keep a deadline running while a request head is due or partly received."""
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            if self._head_deadline is None:
                self._head_deadline = self.loop.call_later(self._read_timeout, self._too_slow)
        else:
            self._stop_watching()

    def _stop_watching(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _too_slow(self) -> None:
        self._head_deadline = None
        if not self.transport.is_closing():
            self._gate.count("read_timeout")
            self.transport.close()


def listen(host: str, port: int) -> socket.socket:
    """A non-blocking listening TCP socket; OSError names the address when it is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(_ACCEPT_QUEUE)
    except OSError as error:
        sock.close()
        reason = (error.strerror or str(error)).lower()
        raise OSError(error.errno, f"cannot listen on {host}:{port}: {reason}") from None
    sock.setblocking(False)
    return sock


async def accept_connections(
    listener: socket.socket, protocol: Callable[[], asyncio.Protocol], gate: ConnectionGate
) -> None:
    """Accept one connection at a time, never more than the gate has room for."""
    loop = asyncio.get_running_loop()
    while True:
        await gate.wait_for_room()
        try:
            connection, _ = await loop.sock_accept(listener)
        except OSError as error:
            if error.errno in _RESOURCE_ERRORS:
                logger.error("cannot accept connections: %s", error.strerror)
                await asyncio.sleep(0.1)
            continue
        if not gate.make_room():
            gate.count("refused")
            _refuse(connection)
            continue
        try:
            # Replies go out at once, never held back for an ACK (Nagle's algorithm): asyncio
            # sets this itself only on sockets it knows to be TCP.
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            await loop.connect_accepted_socket(protocol, connection)
        except OSError:
            connection.close()


def _refuse(connection: socket.socket) -> None:
    """Every connection is serving a request: answer 503 without reading, and close."""
    try:
        connection.setblocking(False)
        connection.send(_BUSY)
    except OSError:
        pass
    finally:
        connection.close()
