"""Keep-alive HTTP/1.1 connections to the lifecycle server, shared by the worker's threads, each
request bounded by a deadline.

`Pool.exchange` sends one POST and reads its whole answer on a kept connection (or a new one),
in the calling thread. Every socket operation waits at most until the request's deadline, so a
silent or trickling server costs at most that long; the deadline passing raises `TimeoutError`.
A connection the server closed while it sat idle fails on its first use: the request is sent
once more on a new connection. Other failures close the connection and raise
`EvidenceUnavailableError` with a content-free reason. `close` shuts every socket, those in use
too, so that a thread waiting on a silent server is freed at once.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import time
from dataclasses import dataclass

from truthexpiry.models.errors import EvidenceUnavailableError

# Below the lifecycle server's keep-alive (5 s), so that an idle connection is seldom one the
# server is closing at that moment.
IDLE_SECONDS = 4.0
MAX_IDLE = 32  # connections kept for reuse; more callers at once open more, then close them
MAX_ANSWER_BYTES = 256 * 1024 * 1024  # the catalog of a very large dataset is tens of MB
_CHUNK = 256 * 1024
# A kept connection that fails this way was closed by the server while idle.
_STALE = (ConnectionError, http.client.RemoteDisconnected)


@dataclass(frozen=True, slots=True)
class Exchange:
    path: str
    body: bytes
    headers: dict[str, str]


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    content_type: str
    body: bytes


class Pool:
    def __init__(self, scheme: str, host: str, port: int | None) -> None:
        self._factory = (
            http.client.HTTPSConnection if scheme == "https" else http.client.HTTPConnection
        )
        self._host, self._port = host, port
        self._lock = threading.Lock()
        self._idle: list[tuple[http.client.HTTPConnection, float]] = []
        self._busy: set[http.client.HTTPConnection] = set()
        self._closed = False

    def exchange(self, exchange: Exchange, deadline: float) -> Answer:
        """The answer to one POST, whatever its HTTP status."""
        connection, kept = self._checkout()
        try:
            try:
                answer, will_close = _exchange(connection, exchange, deadline)
            except _STALE:
                if not kept:
                    raise
                self._discard(connection)
                connection, _ = self._checkout(kept=False)
                answer, will_close = _exchange(connection, exchange, deadline)
        except TimeoutError:
            self._discard(connection)
            raise
        except (OSError, http.client.HTTPException) as error:
            self._discard(connection)
            raise _unavailable(error) from None
        except BaseException:
            self._discard(connection)
            raise
        self._checkin(connection, will_close)
        return answer

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            busy = list(self._busy)
        for connection, _ in idle:
            connection.close()
        for connection in busy:  # wakes a thread blocked reading; it then closes its connection
            if connection.sock is not None:
                with contextlib.suppress(OSError):
                    connection.sock.shutdown(socket.SHUT_RDWR)

    def _checkout(self, *, kept: bool = True) -> tuple[http.client.HTTPConnection, bool]:
        now = time.monotonic()
        with self._lock:
            if self._closed:
                raise EvidenceUnavailableError("the lifecycle client is closed")
            stale = []
            found = None
            while kept and self._idle and found is None:
                connection, since = self._idle.pop()
                if now - since < IDLE_SECONDS:
                    found = connection
                else:
                    stale.append(connection)
            if found is None:
                found = self._factory(self._host, self._port)
            self._busy.add(found)
        for connection in stale:
            connection.close()
        return found, found.sock is not None

    def _checkin(self, connection: http.client.HTTPConnection, will_close: bool) -> None:
        with self._lock:
            self._busy.discard(connection)
            keep = not (will_close or self._closed) and len(self._idle) < MAX_IDLE
            if keep:
                self._idle.append((connection, time.monotonic()))
        if not keep:
            connection.close()

    def _discard(self, connection: http.client.HTTPConnection) -> None:
        with self._lock:
            self._busy.discard(connection)
        connection.close()


def _exchange(
    connection: http.client.HTTPConnection, exchange: Exchange, deadline: float
) -> tuple[Answer, bool]:
    if connection.sock is None:
        connection.timeout = _remaining(deadline)
        try:
            connection.connect()
        except TimeoutError:
            raise
        except OSError:
            raise EvidenceUnavailableError(
                "the lifecycle server is unreachable (ConnectError)"
            ) from None
    _bound(connection, deadline)
    connection.request("POST", exchange.path, exchange.body, exchange.headers)
    _bound(connection, deadline)
    response = connection.getresponse()
    chunks, size = [], 0
    while True:
        _bound(connection, deadline)
        chunk = response.read(_CHUNK)
        if not chunk:
            break
        size += len(chunk)
        if size > MAX_ANSWER_BYTES:
            raise EvidenceUnavailableError(
                f"the lifecycle server's answer is larger than {MAX_ANSWER_BYTES} bytes"
            )
        chunks.append(chunk)
    content_type = response.getheader("content-type") or ""
    return Answer(response.status, content_type, b"".join(chunks)), response.will_close


def _remaining(deadline: float) -> float:
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise TimeoutError
    return remaining


def _bound(connection: http.client.HTTPConnection, deadline: float) -> None:
    if connection.sock is not None:
        connection.sock.settimeout(_remaining(deadline))


def _unavailable(error: BaseException) -> EvidenceUnavailableError:
    """A short, content-free description of a transport failure."""
    if isinstance(error, EvidenceUnavailableError):
        return error
    if isinstance(error, http.client.RemoteDisconnected):
        return EvidenceUnavailableError("the lifecycle server closed the connection unanswered")
    if isinstance(error, http.client.HTTPException):
        return EvidenceUnavailableError(
            f"the lifecycle server's HTTP answer is malformed ({type(error).__name__})"
        )
    return EvidenceUnavailableError(f"the lifecycle server is unreachable ({type(error).__name__})")
