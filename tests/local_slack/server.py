"""`LocalSlack`: a local Slack for end-to-end tests of a real Bolt app over real Socket Mode.

One Starlette app, served by uvicorn (wsproto WebSockets) on a free 127.0.0.1 port in a
background thread, speaks both halves of Slack that a Socket Mode app touches: the Web API at
`/api/{method}` and the Socket Mode WebSocket at `/link/`. Point the app at it with
`WebClient(token=slack.bot_token, base_url=slack.api_url)` (the trailing slash matters) and a
Socket Mode handler (the builtin one, or the `websocket-client` one the worker uses);
`apps.connections.open` then returns this server's `ws://` URL. The timings below are the
builtin client's.

How fast the builtin client reconnects is set by `ping_interval` on `SocketModeHandler` (Bolt's
default 10 s, the SDK client's 5 s); its monitor thread runs every `ping_interval`:
* `send_disconnect()`: at once, whatever the interval (the client reconnects on the message; the
  server then closes the old socket so the client's close of it does not wait out its 3 s recv).
* `drop_socket(close_code=1001)`: within one interval (the close frame ends the session; the
  monitor reconnects on its next run).
* `drop_socket()`: TCP closes with no close frame; the client sees only end-of-stream, and its
  monitor reconnects after five failed pings: about six intervals.
Pass `ping_interval=0.1` to `0.25` in tests (the stale-pong check needs a second or more without a
pong, so small intervals are safe on loopback). After any (re)connect the client starts reading
the new socket within 0.1 s. The server pings every 0.1 s, which keeps closing a client fast.
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Any

from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute

from tests.local_slack import envelopes
from tests.local_slack.methods import Workspace
from tests.local_slack.records import Ack, ApiCall, Identity, Journal
from tests.local_slack.socket_mode import SocketHub
from tests.local_slack.uvicorn_thread import ServerThread
from tests.local_slack.web_api import PlannedReply, WebApi

SEND_TIMEOUT = 30.0
WAIT = 30.0  # every wait's default: long enough that only a hang, never a busy machine, ends it
PROCESS_START = 90.0  # for `python app.py` processes to connect: each imports Bolt, MCP, pydantic


class LocalSlack:
    """The Slack Web API and Socket Mode, on loopback, recording everything (a context manager)."""

    def __init__(
        self,
        *,
        bot_token: str = "xoxb-test-bot",
        app_token: str = "xapp-test-app",
        bot_user_id: str = "UBOT",
        team_id: str = "T0TEST",
        app_id: str = "A0TEST",
    ) -> None:
        self.identity = Identity(
            bot_token, app_token, bot_user_id, "B0TEST", team_id, "truthexpiry-test", app_id
        )
        self._journal = Journal()
        self._hub = SocketHub(self.identity, self._journal)
        self._workspace = Workspace(self.identity, self._ws_url)
        self._web_api = WebApi(self._workspace, self._journal)
        app = Starlette(
            routes=[
                Route("/api/{method}", self._web_api.endpoint, methods=["GET", "POST"]),
                WebSocketRoute("/link/", self._hub.endpoint),
            ]
        )
        self._thread = ServerThread(app)
        self.api_url = f"http://127.0.0.1:{self._thread.port}/api/"

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> LocalSlack:
        """Serve until `stop()`; returns self."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving: open sockets are closed (stop Socket Mode clients first)."""
        self._thread.stop()

    def __enter__(self) -> LocalSlack:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    # -- workspace -----------------------------------------------------------------------------

    @property
    def bot_token(self) -> str:
        return self.identity.bot_token

    @property
    def app_token(self) -> str:
        return self.identity.app_token

    @property
    def search_corpus(self) -> list[dict[str, Any]]:
        """Messages served by `assistant.search.context`, in the project's corpus shape."""
        return self._workspace.search_corpus

    @search_corpus.setter
    def search_corpus(self, messages: list[dict[str, Any]]) -> None:
        self._workspace.search_corpus = list(messages)

    @property
    def private_channels(self) -> set[str]:
        """Channel IDs `conversations.info` reports as private (besides IDs starting with G)."""
        return self._workspace.private_channels

    @private_channels.setter
    def private_channels(self, channels: set[str]) -> None:
        self._workspace.private_channels = set(channels)

    @property
    def shared_channels(self) -> dict[str, str]:
        """Channel ID -> how `conversations.info` says it is shared: "ext" (Slack Connect),
        "pending" (invited, not yet accepted) or "org" (across one Enterprise organisation)."""
        return self._workspace.shared_channels

    @property
    def user_teams(self) -> dict[str, str]:
        """User ID -> the home team `users.info` gives, for people from another team."""
        return self._workspace.user_teams

    def add_messages(self, channel: str, messages: list[dict[str, Any]]) -> None:
        """Messages already in `channel` (a thread's history), as `conversations.replies` reads
        them back; no event is delivered."""
        self._workspace.messages.add(channel, messages)

    # -- Web API -------------------------------------------------------------------------------

    @property
    def calls(self) -> list[ApiCall]:
        """Every Web API call so far, in order (a snapshot)."""
        return self._journal.calls

    def calls_to(self, method: str) -> list[ApiCall]:
        return [call for call in self._journal.calls if call.method == method]

    def wait_for_call(
        self,
        method: str,
        predicate: Callable[[ApiCall], bool] = lambda call: True,
        timeout: float = WAIT,
    ) -> ApiCall:
        """The first call to `method` (ever, not only new ones) that satisfies `predicate`."""
        return self._journal.wait_for_call(method, predicate, timeout)

    def fail_next(
        self, method: str, error: str, *, retry_after: int | None = None, status: int = 200
    ) -> None:
        """The next call to `method` answers `{"ok": false, "error": error}` with HTTP `status`,
        or HTTP 429 and `Retry-After: retry_after` when `retry_after` is given."""
        self._web_api.reply_next(method, PlannedReply.failure(error, retry_after, status))

    def reply_next(
        self, method: str, body: str, *, status: int = 200, headers: dict[str, str] | None = None
    ) -> None:
        """The next call to `method` answers exactly `body` (JSON or not), `status`, `headers`."""
        self._web_api.reply_next(method, PlannedReply(status, body, headers or {}))

    def reset(self) -> None:
        """Forget the Web API calls so far, and any planned reply or latency (between tests that
        share one server)."""
        self._journal.forget_calls()
        self._web_api.reset()

    def set_latency(self, method: str, seconds: float) -> None:
        """Answer `method` only after `seconds`, like a slow Slack (0 removes the delay)."""
        self._web_api.latency[method] = seconds

    @property
    def connections_opened(self) -> int:
        """How many `apps.connections.open` calls succeeded."""
        return self._journal.connections_opened

    # -- Socket Mode -------------------------------------------------------------------------

    def send_event(
        self,
        event: dict[str, Any],
        *,
        event_id: str | None = None,
        retry_attempt: int = 0,
        retry_reason: str = "",
        authorizations: list[dict[str, Any]] | None = None,
    ) -> str:
        """Deliver `event` in an `event_callback` body in an `events_api` envelope; returns the
        envelope ID. Authorizations default to the bot's own install; a fresh event ID is made
        unless given (give the same one with `retry_attempt` > 0 to redeliver)."""
        envelope = self._event_envelope(
            event, event_id, retry_attempt, retry_reason, authorizations
        )
        if retry_attempt == 0:
            self._workspace.messages.receive(event)  # what `conversations.replies` reads back
        self._hub.send(envelope, SEND_TIMEOUT)
        return str(envelope["envelope_id"])

    def send_event_to_each_connection(
        self,
        event: dict[str, Any],
        *,
        event_id: str | None,
        retry_attempt: int = 0,
        retry_reason: str = "",
    ) -> list[str]:
        """Deliver `event` to every open Socket Mode connection, each in an envelope of its own;
        returns the envelope IDs in connection order, oldest first. With an `event_id` every
        delivery carries it, as when Slack redelivers an event to another replica; with None
        each gets a fresh one, as for distinct events."""

        def envelope() -> dict[str, Any]:
            return self._event_envelope(event, event_id, retry_attempt, retry_reason, None)

        return self._hub.send_each(envelope, SEND_TIMEOUT)

    def _event_envelope(
        self,
        event: dict[str, Any],
        event_id: str | None,
        retry_attempt: int,
        retry_reason: str,
        authorizations: list[dict[str, Any]] | None,
    ) -> dict[str, Any]:
        envelope_id = envelopes.new_envelope_id()
        event_id = event_id or f"Ev{envelope_id.replace('-', '')[:12].upper()}"
        payload = envelopes.event_callback(
            self.identity, event, event_id=event_id, authorizations=authorizations
        )
        return envelopes.events_api(
            payload, envelope_id=envelope_id, retry_attempt=retry_attempt, retry_reason=retry_reason
        )

    def send_interactive(self, payload: dict[str, Any]) -> str:
        """Deliver an interactivity payload (shortcut, `block_actions`, ...); returns the ID."""
        envelope_id = envelopes.new_envelope_id()
        self._hub.send(envelopes.interactive(payload, envelope_id=envelope_id), SEND_TIMEOUT)
        return envelope_id

    def wait_for_ack(self, envelope_id: str, timeout: float = WAIT) -> Ack:
        return self._journal.wait_for_ack(envelope_id, timeout)

    @property
    def acks(self) -> list[Ack]:
        """Every first ack per envelope so far (a snapshot)."""
        return self._journal.acks

    def sent_at(self, envelope_id: str) -> float:
        """`time.monotonic()` just before the envelope was written to the socket."""
        return self._journal.sent_at(envelope_id)

    def send_disconnect(self, reason: str = "refresh_requested") -> None:
        """Slack's `disconnect` message on the most recent socket; the client must reconnect.
        That socket is closed (TCP) as soon as a newer one has been greeted."""
        self._hub.disconnect(reason, SEND_TIMEOUT)

    def drop_socket(self, *, close_code: int | None = None) -> None:
        """Close the most recent socket with no `disconnect` message: TCP only by default, or with
        a WebSocket close frame carrying `close_code`."""
        self._hub.drop(close_code)

    def wait_for_connection(self, count: int = 1, timeout: float = WAIT) -> None:
        """Until `count` sockets in all have received `hello` and at least one is open."""
        self._journal.wait_for_connection(count, timeout)

    def wait_for_open_connections(self, count: int, timeout: float = WAIT) -> None:
        """Until at least `count` greeted sockets are open at once (one per replica)."""
        self._journal.wait_for_open_sockets(count, timeout)

    def _ws_url(self) -> str:
        ticket = self._hub.issue_ticket()
        return f"ws://127.0.0.1:{self._thread.port}/link/?ticket={ticket}&app_id={self.identity.app_id}"
