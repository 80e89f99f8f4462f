"""The relay itself: see `adapters.socket_relay`."""

from __future__ import annotations

import json
import logging
import signal
import socket as sockets
import threading
import time
import urllib.error
import urllib.request
from contextlib import suppress
from dataclasses import dataclass

import websocket
from websocket import WebSocket, WebSocketException, WebSocketTimeoutException

from adapters.socket_relay import CLOSE, DOWN, FRAME, SEND, SETTINGS, UP, Pipe
from truthexpiry.ops.logs import configure_logging

log = logging.getLogger("adapters.socket_relay")

EVENTS_API = '"events_api"'  # an Events API envelope's type, as it appears in the JSON
OPEN_TIMEOUT_S = 10.0  # apps.connections.open, and the WebSocket handshake
MAX_BACKOFF_S = 30.0


@dataclass(frozen=True)
class RelaySettings:
    app_token: str
    api_url: str  # the Web API's base URL, ending in "/"
    ping_interval: float  # seconds between our pings when nothing arrives
    log_level: str = "INFO"

    @property
    def stale_after(self) -> float:
        """Seconds without any frame (a pong included) after which the socket counts as dead."""
        return max(3 * self.ping_interval, 2.0)


class Relay:
    """One Socket Mode connection at a time, its frames handed to `pipe`."""

    def __init__(self, settings: RelaySettings, pipe: Pipe) -> None:
        self._settings = settings
        self._pipe = pipe
        self._socket: WebSocket | None = None
        self._stopping = threading.Event()

    def run(self) -> None:
        """Connect and read until the worker says stop, reconnecting as needed; the worker's
        messages are read on a thread of their own."""
        commands = threading.Thread(target=self._read_commands, name="relay-commands", daemon=True)
        commands.start()
        failures = 0
        while not self._stopping.is_set():
            try:
                self._socket = self._connect()
            except (OSError, WebSocketException, RefusedError) as error:
                failures += 1
                log.warning("Socket Mode connection failed", extra={"category": _kind(error)})
                self._stopping.wait(min(MAX_BACKOFF_S, 0.25 * 2**failures))
                continue
            failures = 0
            self._tell(UP)
            try:
                self._read(self._socket)
            finally:
                self._tell(DOWN)
                _close_quietly(self._socket)

    def _connect(self) -> WebSocket:
        url = open_connection(self._settings.api_url, self._settings.app_token)
        return websocket.create_connection(
            url,
            timeout=OPEN_TIMEOUT_S,
            enable_multithread=True,  # frames are sent from the commands thread too
            # A text frame is decoded below, in C, which refuses one that is no UTF-8; the
            # library's own check is pure Python, one byte at a time.
            skip_utf8_validation=True,
        )

    def _read(self, socket: WebSocket) -> None:
        """Frames until the socket ends, Slack asks for a new one, or it goes quiet."""
        socket.settimeout(self._settings.ping_interval)
        heard = time.monotonic()
        while not self._stopping.is_set():
            try:
                if not self._take_frame(socket):
                    return
            except WebSocketTimeoutException:
                if time.monotonic() - heard > self._settings.stale_after:
                    log.warning("Socket Mode connection went quiet; reconnecting")
                    return
                socket.ping()
                continue
            except (OSError, WebSocketException) as error:
                if not self._stopping.is_set():
                    log.info("Socket Mode connection ended", extra={"category": _kind(error)})
                return
            heard = time.monotonic()

    def _take_frame(self, socket: WebSocket) -> bool:
        """The next frame read and dealt with; False when the socket is done with. The frame
        is this call's alone: nothing refers to it once the call returns (a loop variable
        would keep it until the next frame, which may be minutes later)."""
        opcode, frame = socket.recv_data_frame(control_frame=True)
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            return False
        return opcode != websocket.ABNF.OPCODE_TEXT or self._hand_on(socket, frame.data)

    def _hand_on(self, socket: WebSocket, data: bytes) -> bool:
        """Acknowledge an event, then hand the frame to the worker; False when the socket is
        to be replaced (a `disconnect` frame, or a frame that is no UTF-8)."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            log.warning("Socket Mode frame is not UTF-8; reconnecting")
            return False
        envelope_id = event_envelope_id(text)
        if envelope_id is not None:
            try:
                socket.send(json.dumps({"envelope_id": envelope_id}))
            except (OSError, WebSocketException) as error:  # not acked: Slack delivers it again
                log.warning("event not acknowledged", extra={"category": _kind(error)})
        self._tell(FRAME + data)
        return not is_disconnect(text)

    def _read_commands(self) -> None:
        while True:
            try:
                message = self._pipe.receive()
            except (EOFError, OSError):
                message = CLOSE  # the worker is gone
            tag, body = message[:1], message[1:]
            if tag == SEND and self._socket is not None:
                try:
                    self._socket.send(body.decode("utf-8"))
                except (OSError, WebSocketException) as error:
                    log.warning("Socket Mode response not sent", extra={"category": _kind(error)})
            elif tag == CLOSE:
                self._stop()
                return

    def _stop(self) -> None:
        """End `run`: a normal close (1000) is sent and the socket shut down, which wakes its
        reading at once; `run` then closes it."""
        self._stopping.set()
        socket = self._socket
        if socket is not None:
            with suppress(OSError, WebSocketException):
                socket.send_close()
            socket.abort()  # type: ignore[no-untyped-call]

    def _tell(self, message: bytes) -> None:
        try:
            self._pipe.send(message)
        except OSError:
            self._stopping.set()  # the worker is gone


class RefusedError(Exception):
    """apps.connections.open answered without a URL."""


def open_connection(api_url: str, app_token: str) -> str:
    """A WebSocket URL from `apps.connections.open`; `RefusedError` naming Slack's error
    code when there is none (the code only: the response is not logged)."""
    request = urllib.request.Request(
        api_url + "apps.connections.open",
        data=b"",
        headers={
            "Authorization": f"Bearer {app_token}",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=OPEN_TIMEOUT_S) as response:
            body = json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise RefusedError(f"HTTP {error.code}") from None
    except ValueError:
        raise RefusedError("not JSON") from None
    url = body.get("url") if isinstance(body, dict) and body.get("ok") else None
    if not isinstance(url, str) or not url:
        error_code = body.get("error") if isinstance(body, dict) else None
        raise RefusedError(str(error_code or "no url"))
    return url


def event_envelope_id(frame: str) -> str | None:
    """The envelope ID of an Events API envelope; None for any other frame (hello, disconnect,
    interactive envelopes, anything unreadable)."""
    if EVENTS_API not in frame:  # cheap for the others
        return None
    try:
        envelope = json.loads(frame)
    except ValueError:
        return None
    if not isinstance(envelope, dict) or envelope.get("type") != "events_api":
        return None
    envelope_id = envelope.get("envelope_id")
    return envelope_id if isinstance(envelope_id, str) and envelope_id else None


def is_disconnect(frame: str) -> bool:
    """Whether Slack asks for a new connection (`{"type": "disconnect", ...}`)."""
    if '"disconnect"' not in frame:
        return False
    try:
        message = json.loads(frame)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "disconnect"


def _close_quietly(socket: WebSocket) -> None:
    """Say goodbye (a normal close, 1000, so the peer knows this is no failure) and shut the
    socket down without waiting for the peer's reply: a thread reading it wakes at once."""
    with suppress(OSError, WebSocketException):
        socket.send_close()
    with suppress(OSError, WebSocketException):
        socket.shutdown()  # type: ignore[no-untyped-call]


def _kind(error: BaseException) -> str:
    return str(error) if isinstance(error, RefusedError) else type(error).__name__


def main(argv: list[str]) -> int:
    """`python -m adapters.socket_relay FD`: the settings from the pipe, then `Relay.run`."""
    pipe = Pipe(sockets.socket(fileno=int(argv[1])))
    message = pipe.receive()
    if message[:1] != SETTINGS:
        return 2
    settings = RelaySettings(**json.loads(message[1:]))
    configure_logging(settings.log_level)
    # Ctrl-C in a terminal reaches the whole group, and some supervisors signal every process
    # of a service: the worker drains, then tells the relay to close (or its end of the pipe
    # closes, if it dies). A relay ended first would be started again while the worker drains.
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signal_number, signal.SIG_IGN)
    Relay(settings, pipe).run()
    return 0
