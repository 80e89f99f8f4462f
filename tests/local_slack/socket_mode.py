"""`/link/`: the Socket Mode WebSocket, one `hello` per connection, envelopes out, acks in.

`apps.connections.open` hands out single-use tickets; a connection with an unknown ticket is
refused before the handshake completes (HTTP 403), as Slack refuses stale URLs. Envelopes go to the
most recent open connection (or, with `send_each`, one to each open connection). Tests call `send`,
`disconnect` and `drop` from their own thread; the hub hops onto the server's event loop to write,
and waits (bounded) for the write.

Dropping a socket makes the endpoint return without a close frame: uvicorn then closes the TCP
connection, which is what a vanished load balancer or network looks like to the client. The
builtin client only notices when its next pings fail (see `server.py` on `ping_interval`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from tests.local_slack import envelopes
from tests.local_slack.records import Ack, Identity, Journal


@dataclass(eq=False)
class _Socket:
    websocket: WebSocket
    loop: asyncio.AbstractEventLoop
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    greeted: bool = False
    open: bool = True
    retiring: bool = False  # sent `disconnect`: closed once a newer socket is greeted


class SocketHub:
    """The Socket Mode side of the server: connections, tickets, envelopes and acks."""

    def __init__(self, identity: Identity, journal: Journal) -> None:
        self._identity = identity
        self._journal = journal
        self._lock = threading.Lock()
        self._sockets: list[_Socket] = []
        self._tickets: set[str] = set()
        self._hellos = 0

    def issue_ticket(self) -> str:
        """A ticket for one connection, as in the URL `apps.connections.open` returns."""
        ticket = secrets.token_hex(8)
        with self._lock:
            self._tickets.add(ticket)
        return ticket

    async def endpoint(self, websocket: WebSocket) -> None:
        """The Starlette WebSocket endpoint: greet, then record acks until closed or dropped."""
        ticket = websocket.query_params.get("ticket", "")
        with self._lock:
            valid = ticket in self._tickets
            self._tickets.discard(ticket)
        if not valid:
            await websocket.close(code=1008)
            return
        await websocket.accept()
        sock = _Socket(websocket, asyncio.get_running_loop())
        with self._lock:
            self._sockets.append(sock)
            open_now = sum(1 for s in self._sockets if s.open)
        await websocket.send_text(json.dumps(envelopes.hello(self._identity, open_now)))
        self._greeted(sock)
        self._close_retired(but=sock)
        try:
            await self._receive_until_closed_or_dropped(sock)
        finally:
            self._closed(sock)

    def send(self, envelope: dict[str, Any], timeout: float) -> None:
        """Write one message to the most recent open connection."""
        self._send_on(self._latest_open(), envelope, timeout)

    def send_each(self, envelope_for: Callable[[], dict[str, Any]], timeout: float) -> list[str]:
        """Write a message from `envelope_for()` to every open connection, each its own, as
        Slack does when it redelivers an event to another of an app's connections; returns the
        envelope IDs in connection order."""
        with self._lock:
            targets = [s for s in self._sockets if s.open and s.greeted]
        if not targets:
            raise AssertionError("no open Socket Mode connection (call wait_for_connection first)")
        envelope_ids: list[str] = []
        for sock in targets:
            envelope = envelope_for()
            self._send_on(sock, envelope, timeout)
            envelope_ids.append(str(envelope.get("envelope_id")))
        return envelope_ids

    def _send_on(self, sock: _Socket, envelope: dict[str, Any], timeout: float) -> None:
        envelope_id = envelope.get("envelope_id")
        text = json.dumps(envelope)

        async def write() -> None:
            if isinstance(envelope_id, str):
                self._journal.record_sent(envelope_id, time.monotonic())
            await sock.websocket.send_text(text)

        try:
            asyncio.run_coroutine_threadsafe(write(), sock.loop).result(timeout)
        except Exception as error:
            raise AssertionError(
                f"could not write to the Socket Mode connection: {error!r}"
            ) from error

    def disconnect(self, reason: str, timeout: float) -> None:
        """Send Slack's `disconnect` on the most recent connection and retire that connection."""
        sock = self._latest_open()
        with self._lock:
            sock.retiring = True
        self.send(envelopes.disconnect(reason), timeout)

    def drop(self, close_code: int | None) -> None:
        """Close the most recent connection: TCP only, or with a WebSocket close frame."""
        sock = self._latest_open()
        self._closed(sock)
        if close_code is None:
            sock.loop.call_soon_threadsafe(sock.dropped.set)
            return
        closing = sock.websocket.close(code=close_code)
        asyncio.run_coroutine_threadsafe(closing, sock.loop).result(5.0)

    async def _receive_until_closed_or_dropped(self, sock: _Socket) -> None:
        receiving = asyncio.ensure_future(self._record_acks(sock))
        dropping = asyncio.ensure_future(sock.dropped.wait())
        await asyncio.wait({receiving, dropping}, return_when=asyncio.FIRST_COMPLETED)
        for task in (receiving, dropping):
            task.cancel()
        await asyncio.gather(receiving, dropping, return_exceptions=True)

    async def _record_acks(self, sock: _Socket) -> None:
        while True:
            message = await sock.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            received_at = time.monotonic()
            try:
                frame = json.loads(message.get("text") or "")
            except ValueError:
                continue
            if isinstance(frame, dict) and isinstance(frame.get("envelope_id"), str):
                payload = frame.get("payload")
                ack_payload = payload if isinstance(payload, dict) else None
                self._journal.record_ack(Ack(frame["envelope_id"], received_at, ack_payload))

    def _close_retired(self, but: _Socket) -> None:
        # Slack closes a socket it asked the client to leave once the client is back; until the
        # builtin client sees end-of-stream it blocks up to 3 s closing the old session.
        with self._lock:
            retired = [s for s in self._sockets if s.retiring and s.open and s is not but]
        for sock in retired:
            self._closed(sock)
            sock.dropped.set()

    def _latest_open(self) -> _Socket:
        with self._lock:
            for sock in reversed(self._sockets):
                if sock.open and sock.greeted:
                    return sock
        raise AssertionError("no open Socket Mode connection (call wait_for_connection first)")

    def _greeted(self, sock: _Socket) -> None:
        with self._lock:
            sock.greeted = True
            self._hellos += 1
        self._publish()

    def _closed(self, sock: _Socket) -> None:
        with self._lock:
            sock.open = False
        self._publish()

    def _publish(self) -> None:
        with self._lock:
            live = sum(1 for s in self._sockets if s.open and s.greeted)
            hellos = self._hellos
        self._journal.record_sockets(hellos=hellos, open_sockets=live)
