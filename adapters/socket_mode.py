"""Socket Mode for the Bolt app, with the socket read and acknowledged in a process of its own.

Slack redelivers an envelope it does not see acknowledged within 3 seconds. An Events API
envelope's acknowledgement carries no payload and does not depend on the listener, so it can be
sent as soon as the frame is read; but a thread of the worker's interpreter that reads and acks
waits for that interpreter behind every question being answered (Bolt, the Web API and MCP
clients, the pipeline), and at 20 questions at once an ack took three times a bare Bolt app's
(docs/performance.md). So the WebSocket lives in `adapters.socket_relay`, a small process this
client starts, which acks each event as it reads it and hands every frame on through a pipe.

`RelayedSocketModeClient` is the SDK's client interface over that pipe: frames from the relay
are dispatched to the request listeners on a thread pool, as the SDK's own clients do, and the
responses of interactive envelopes (whose listener calls `ack()`) go back through the relay. It
starts the relay again if the relay dies while the worker runs. Nothing of a frame is kept once
its listeners have run (`tests/e2e/test_memory_after_reply.py`).
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path
from time import time
from typing import Any

from slack_bolt import App
from slack_bolt.adapter.socket_mode.base_handler import BaseSocketModeHandler
from slack_bolt.adapter.socket_mode.internals import run_bolt_app, send_response
from slack_sdk.socket_mode.client import BaseSocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.web import WebClient

from adapters.socket_relay import CLOSE, DOWN, FRAME, SEND, SETTINGS, UP, Pipe

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[1]
LISTENER_POOL = 10  # the SDK clients' default concurrency
RELAY_STOP_S = 5.0
RELAY_RESTART_S = 1.0
NOT_DISPATCHED = frozenset({"hello", "disconnect"})  # the relay deals with these


class RelayedSocketModeClient(BaseSocketModeClient):
    """Socket Mode through `adapters.socket_relay`; `event_arrived` is called as each Events
    API envelope reaches this process (already acknowledged by the relay)."""

    def __init__(
        self,
        *,
        app_token: str,
        web_client: WebClient,
        logger: logging.Logger,
        ping_interval: float = 10,
        event_arrived: Callable[[], None] = lambda: None,
    ) -> None:
        self.app_token = app_token
        self.web_client = web_client
        self.logger = logger
        self.ping_interval = ping_interval
        self.message_listeners = []
        self.socket_mode_request_listeners = []
        # Called with (client, raw frame) for every frame, like the SDK's websocket-client's.
        self.on_message_listeners: list[Callable[[Any, str], None]] = []
        self.message_workers = ThreadPoolExecutor(LISTENER_POOL, thread_name_prefix="socket-mode")
        self.closed = False
        self.connect_operation_lock = threading.Lock()
        self._event_arrived = event_arrived
        self._connected = False
        self._relay: subprocess.Popen[bytes] | None = None
        self._pipe: Pipe | None = None
        self._reader: threading.Thread | None = None

    def is_connected(self) -> bool:
        return self._connected

    def connect(self) -> None:
        """Start the relay (which connects, and reconnects on its own) unless it runs."""
        with self.connect_operation_lock:
            if self._relay is None or self._relay.poll() is not None:
                self._start_relay()

    def disconnect(self) -> None:
        """Stop the relay: it closes the socket normally and exits."""
        with self.connect_operation_lock:
            relay, pipe = self._relay, self._pipe
            self._relay = self._pipe = None  # its reader, seeing the pipe close, starts no other
            if relay is None or pipe is None:
                return
            with suppress(OSError):
                pipe.send(CLOSE)
            try:
                relay.wait(RELAY_STOP_S)
            except subprocess.TimeoutExpired:
                relay.kill()
                relay.wait()
            pipe.close()
            self._connected = False

    def close(self) -> None:
        self.closed = True
        self.disconnect()
        if self._reader is not None:
            self._reader.join(RELAY_STOP_S)
        self.message_workers.shutdown(wait=True)

    def send_message(self, message: str) -> None:
        """A response (an interactive envelope's acknowledgement), sent by the relay."""
        pipe = self._pipe
        if pipe is None or not self._connected:
            log.warning("Socket Mode response not sent: not connected")
            return
        try:
            pipe.send(SEND + message.encode("utf-8"))
        except OSError as error:
            log.warning("Socket Mode response not sent", extra={"category": type(error).__name__})

    def _start_relay(self) -> None:
        ours, theirs = Pipe.pair()
        settings = {
            "app_token": self.app_token,
            "api_url": self.web_client.base_url,
            "ping_interval": self.ping_interval,
            "log_level": logging.getLevelName(logging.getLogger().getEffectiveLevel()),
        }
        fd = theirs.fileno()
        self._relay = subprocess.Popen(
            [sys.executable, "-m", "adapters.socket_relay", str(fd)],
            cwd=ROOT,
            pass_fds=(fd,),
            stdin=subprocess.DEVNULL,
        )
        theirs.close()
        ours.send(SETTINGS + json.dumps(settings).encode("utf-8"))
        self._pipe = ours
        self._reader = threading.Thread(
            target=self._read_relay, args=(ours,), name="socket-relay-reader", daemon=True
        )
        self._reader.start()

    def _read_relay(self, pipe: Pipe) -> None:
        while True:
            try:
                self._take(pipe.receive())
            except (EOFError, OSError):
                break
        self._connected = False
        if not self.closed and self._pipe is pipe:  # not stopped by `disconnect`: it died
            log.warning("Socket Mode relay ended; starting it again")
            pipe.close()
            restart = threading.Timer(RELAY_RESTART_S, self._restart)
            restart.daemon = True
            restart.start()

    def _restart(self) -> None:
        if not self.closed:
            self.connect()

    def _take(self, message: bytes) -> None:
        tag = message[:1]
        if tag == UP:
            self._connected = True
        elif tag == DOWN:
            self._connected = False
        elif tag == FRAME:
            self._dispatch(message[1:].decode("utf-8"))

    def _dispatch(self, raw: str) -> None:
        for listener in self.on_message_listeners:
            try:
                listener(self, raw)
            except Exception:
                log.exception("Socket Mode message listener failed")
        try:
            message = json.loads(raw)
        except ValueError:
            log.warning("Socket Mode frame is not JSON")
            return
        if not isinstance(message, dict) or message.get("type") in NOT_DISPATCHED:
            return
        if message.get("type") == "events_api":
            self._event_arrived()
        self.message_workers.submit(self.run_message_listeners, message, raw)


class EarlyAckSocketModeHandler(BaseSocketModeHandler):
    """Bolt's handler over `RelayedSocketModeClient`, whose relay has acknowledged each event
    before this handler dispatches it; interactive envelopes are acknowledged as Bolt decides.
    `event_arrived` is called as each event arrives."""

    client: RelayedSocketModeClient

    def __init__(
        self,
        app: App,
        app_token: str,
        *,
        ping_interval: float = 10,
        event_arrived: Callable[[], None] = lambda: None,
    ) -> None:
        self.app = app
        self.app_token = app_token
        self.client = RelayedSocketModeClient(
            app_token=app_token,
            web_client=app.client,
            logger=app.logger,
            ping_interval=ping_interval,
            event_arrived=event_arrived,
        )
        self.client.socket_mode_request_listeners.append(self.handle)

    def handle(self, client: BaseSocketModeClient, req: SocketModeRequest) -> None:
        start = time()
        response = run_bolt_app(self.app, req)
        if req.type != "events_api":  # an event was acknowledged as it arrived
            send_response(client, req, response, start)
