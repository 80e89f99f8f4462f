"""The Socket Mode connection, in a process of its own: `python -m adapters.socket_relay FD`.

Slack redelivers an envelope it does not see acknowledged within 3 seconds, and a worker that
acknowledges from the interpreter that answers questions makes each acknowledgement wait for that
interpreter behind the questions already acknowledged (docs/performance.md). This process only
holds the WebSocket: it asks `apps.connections.open` for a URL, connects, acknowledges each Events
API envelope as soon as its frame is read, and hands every frame on to the worker over the pipe
it was given (the file descriptor `FD`). Interactive envelopes (shortcuts, buttons) are handed on
unacknowledged: their listener decides the acknowledgement, which the worker sends back through
the pipe. It reconnects when Slack asks (`disconnect`), when the socket closes or errors, and
when nothing (not even a pong) has come back for `stale_after` seconds.

The pipe (a Unix socket pair) carries messages of a 4-byte length, a tag byte and a body:
from the worker `C` (the settings, JSON, first and once), `S` (a frame to send), `X` (close and
exit); to the worker `F` (a frame read), `U`/`D` (the socket is up/down). The relay ends when the
worker says `X` or its end of the pipe closes. It keeps nothing of a frame once it is handed on,
and logs neither frames, URLs nor tokens.

Standard library and `websocket-client` only, so that this process stays small (13 MB of its own
at start, most of it OpenSSL's): it imports no Slack SDK, nothing of the domain but the log
format, and none of the worker's adapters.
"""

from __future__ import annotations

import socket
import threading
from contextlib import suppress

SETTINGS, SEND, CLOSE = b"C", b"S", b"X"  # worker -> relay
FRAME, UP, DOWN = b"F", b"U", b"D"  # relay -> worker


class Pipe:
    """One end of the worker-relay socket pair: whole messages in and out; sending is safe from
    several threads, receiving from one."""

    def __init__(self, sock: socket.socket) -> None:
        self._socket = sock
        self._lock = threading.Lock()

    @classmethod
    def pair(cls) -> tuple[Pipe, socket.socket]:
        """This end, and the other end's socket (for the relay)."""
        ours, theirs = socket.socketpair()
        return cls(ours), theirs

    def send(self, message: bytes) -> None:
        """`OSError` once the other end is gone."""
        with self._lock:
            self._socket.sendall(len(message).to_bytes(4, "big") + message)

    def receive(self) -> bytes:
        """The next message; `EOFError` once the other end is gone. Read without a buffer, so
        that no part of a message stays behind in one."""
        return self._exactly(int.from_bytes(self._exactly(4), "big"))

    def close(self) -> None:
        """Close this end; a thread in `receive` on it wakes with `EOFError`."""
        with self._lock:
            with suppress(OSError):  # already shut
                self._socket.shutdown(socket.SHUT_RDWR)
            self._socket.close()

    def _exactly(self, size: int) -> bytes:
        chunks = []
        while size > 0:
            chunk = self._socket.recv(min(size, 1 << 20))
            if not chunk:
                raise EOFError
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)
