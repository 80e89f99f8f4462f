"""Socket Mode over `websocket-client`, with an early acknowledgement for Events API envelopes.

Bolt acknowledges an envelope only after dispatching it, and the SDK dispatches it only after two
thread hops: the receive loop puts the frame in a queue, a message processor thread parses it and
hands it to a pool thread, which runs Bolt (middleware, listener matching, handing the listener
to its own thread pool) and then sends the acknowledgement. Under load each hop waits for the
interpreter behind the questions already being answered, and Slack redelivers what it does not
see acknowledged within 3 seconds. An event's acknowledgement carries no payload and does not
depend on the listener, so this client sends it from the receive loop's thread as soon as the
frame is read, before the frame is queued; Bolt then dispatches it as usual, without acking it
again. Interactive envelopes (shortcuts, buttons) keep Bolt's order: their listener calls `ack()`.

The transport is `websocket-client`, not the SDK's builtin client: the builtin receive loop keeps
the last frame it read (the whole envelope, question text included) in its local variables until
the next frame arrives, which may be minutes later. `websocket-client` reads each frame in a call
that returns once the frame is handed on, so nothing of an envelope stays referenced after its
request has finished (`tests/e2e/test_memory_after_reply.py` proves it).

`websocket-client` checks that each text frame is UTF-8 twice: with a pure-Python decoder, one
byte at a time (without the optional `wsaccel`), then again when it decodes the frame with
`bytes.decode`. The first took nearly half of the receive loop's time, on the thread that
acknowledges each event; each socket is opened with it switched off (`_decode_text_only`), and
the second, in C, still refuses a frame that is no UTF-8: the session ends with an error and the
client reconnects, as it did when the first refused it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from slack_bolt import App
from slack_bolt.adapter.socket_mode.internals import run_bolt_app
from slack_bolt.adapter.socket_mode.websocket_client import SocketModeHandler
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse
from slack_sdk.socket_mode.websocket_client import SocketModeClient
from websocket import WebSocketApp, WebSocketException

log = logging.getLogger(__name__)


class PatientSocketModeClient(SocketModeClient):
    """The SDK's client, whose monitor does not replace a session that has not started yet.

    A new session starts within half a second (the SDK's session runner); the monitor runs every
    `ping_interval` and takes a session without a socket for a dead one. With a short interval
    it would replace each new session before it ever connected."""

    def __init__(self, *, event_arrived: Callable[[], None], **kwargs: Any) -> None:
        self._event_arrived = event_arrived
        super().__init__(**kwargs)
        self.on_open_listeners.append(_decode_text_only)

    def enqueue_message(self, message: str) -> None:
        """In the receive loop's thread, as each frame is read: an Events API envelope is
        acknowledged here, before it is queued (see the module docstring)."""
        envelope_id = _event_envelope_id(message)
        if envelope_id is not None:
            self._event_arrived()
            try:
                self.send_socket_mode_response(SocketModeResponse(envelope_id=envelope_id))
            except (WebSocketException, OSError) as error:  # not acked: Slack delivers it again
                log.warning("event not acknowledged", extra={"category": type(error).__name__})
        super().enqueue_message(message)

    def _monitor_current_session(self) -> None:
        session = self.current_session
        ended = session is None or session.has_done_teardown or session.has_errored
        if not ended and session is not None and session.sock is None and not session.keep_running:
            return  # not started yet
        super()._monitor_current_session()  # type: ignore[no-untyped-call]

    def close(self) -> None:
        """The SDK's close with the monitor stopped first, and the threads it joins woken rather
        than waited out. A monitor in the middle of a reconnect could otherwise open a new
        session after the old one was disconnected, and the SDK's close would then wait for that
        session's receive loop forever."""
        self.closed = True
        self.auto_reconnect_enabled = False
        self.current_app_monitor.shutdown()  # type: ignore[no-untyped-call]
        self._end_receive_loop()
        # The message processor waits up to 1 s for the next frame; an empty one wakes it, and it
        # ends because `closed` is set (it skips an empty message).
        self.message_queue.put(None)
        super().close()

    def _end_receive_loop(self) -> None:
        """Say goodbye on the socket, wake the receive loop and wait until it has returned.

        The loop waits for a frame in `select()` for up to 10 s at a time (websocket-client's
        default without a ping timeout). The SDK's close reads the peer's close frame from this
        thread and closes the socket, which takes it out of that `select()` without waking it:
        the close then waited up to 10 s for the loop (four stops in ten in the e2e tests). Shutting
        the socket down wakes it at once; the loop sees it must stop, tears the session down,
        and the runner, told not to start it again, ends."""
        self.current_session_runner.event.set()  # the session is not run again once it ends
        session = self.current_session
        sock = session.sock if session is not None else None
        if session is None or sock is None:
            return
        session.keep_running = False
        # A normal close (1000), so the peer knows this is no failure; if the socket is already
        # gone, the shutdown below still wakes the loop.
        with suppress(WebSocketException, OSError):
            sock.send_close()
        sock.abort()  # type: ignore[no-untyped-call]
        self.current_session_runner.shutdown()  # type: ignore[no-untyped-call]


class EarlyAckSocketModeHandler(SocketModeHandler):
    """Bolt's handler over `PatientSocketModeClient`, which has acknowledged each event before
    this handler dispatches it; `event_arrived` is called as each event arrives."""

    def __init__(
        self,
        app: App,
        app_token: str,
        *,
        ping_interval: float = 10,
        event_arrived: Callable[[], None] = lambda: None,
    ) -> None:
        # The parent would build (and start the threads of) a client of its own; build ours only.
        self.app = app
        self.app_token = app_token
        self.client = PatientSocketModeClient(
            app_token=app_token,
            logger=app.logger,
            web_client=app.client,
            ping_interval=ping_interval,
            event_arrived=event_arrived,
        )
        self.client.socket_mode_request_listeners.append(self.handle)  # type: ignore[arg-type]

    def handle(self, client: SocketModeClient, req: SocketModeRequest) -> None:  # type: ignore[override]  # Bolt narrows it the same way
        if req.type != "events_api":
            super().handle(client, req)
            return
        run_bolt_app(self.app, req)  # acknowledged as it arrived: Bolt's response is not sent


def _decode_text_only(session: WebSocketApp) -> None:
    """As a socket opens, before its first frame is read: leave a text frame's UTF-8 check to its
    decoding (see the module docstring). A socket without the setting is left as it is."""
    frames = getattr(session.sock, "cont_frame", None)
    if frames is not None and hasattr(frames, "skip_utf8_validation"):
        frames.skip_utf8_validation = True


def _event_envelope_id(message: str) -> str | None:
    """The envelope ID of an Events API envelope; None for any other frame (hello, disconnect,
    interactive envelopes, anything unreadable)."""
    if '"events_api"' not in message:  # the type, as a JSON string: cheap for the others
        return None
    try:
        envelope = json.loads(message)
    except ValueError:
        return None
    if not isinstance(envelope, dict) or envelope.get("type") != "events_api":
        return None
    envelope_id = envelope.get("envelope_id")
    return envelope_id if isinstance(envelope_id, str) and envelope_id else None
