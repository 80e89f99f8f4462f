"""What the local Slack server saw and did, kept thread-safe for tests to inspect and wait on.

The server runs on its own event-loop thread; tests read from theirs. Everything shared between
the two goes through one `Journal`, whose condition variable lets a test block, with a deadline,
until something happens (a Web API call, an ack, a hello) instead of sleeping.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Identity:
    """The workspace, app and bot the server pretends to be."""

    bot_token: str
    app_token: str
    bot_user_id: str
    bot_id: str
    team_id: str
    team_domain: str
    app_id: str


@dataclass(frozen=True)
class ApiCall:
    """One Web API request: its method, its arguments (query, form and JSON merged), its token."""

    method: str
    args: dict[str, Any]
    token: str | None
    at: float  # time.monotonic() when the server received it


@dataclass(frozen=True)
class Ack:
    """An ack the client sent over the socket: `{"envelope_id": ..., "payload"?: {...}}`."""

    envelope_id: str
    received_at: float  # time.monotonic()
    payload: dict[str, Any] | None


class Journal:
    """Thread-safe record of calls, acks, sent envelopes and connections, with bounded waits."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._calls: list[ApiCall] = []
        self._acks: dict[str, Ack] = {}
        self._sent_at: dict[str, float] = {}
        self._connections_opened = 0
        self._hellos = 0
        self._open_sockets = 0

    def record_call(self, call: ApiCall) -> None:
        with self._changed:
            self._calls.append(call)
            self._changed.notify_all()

    def record_connection_opened(self) -> None:
        with self._changed:
            self._connections_opened += 1
            self._changed.notify_all()

    def record_sent(self, envelope_id: str, at: float) -> None:
        with self._changed:
            self._sent_at[envelope_id] = at
            self._changed.notify_all()

    def record_ack(self, ack: Ack) -> None:
        with self._changed:
            self._acks.setdefault(ack.envelope_id, ack)  # the first ack is the one that counts
            self._changed.notify_all()

    def record_sockets(self, *, hellos: int, open_sockets: int) -> None:
        with self._changed:
            self._hellos = hellos
            self._open_sockets = open_sockets
            self._changed.notify_all()

    @property
    def calls(self) -> list[ApiCall]:
        with self._changed:
            return list(self._calls)

    def forget_calls(self) -> None:
        with self._changed:
            self._calls.clear()

    @property
    def acks(self) -> list[Ack]:
        with self._changed:
            return list(self._acks.values())

    @property
    def connections_opened(self) -> int:
        with self._changed:
            return self._connections_opened

    def sent_at(self, envelope_id: str) -> float:
        with self._changed:
            if envelope_id not in self._sent_at:
                raise AssertionError(f"envelope {envelope_id} was never sent")
            return self._sent_at[envelope_id]

    def wait_for_call(
        self, method: str, predicate: Callable[[ApiCall], bool], timeout: float
    ) -> ApiCall:
        def first_match() -> ApiCall | None:
            return next((c for c in self._calls if c.method == method and predicate(c)), None)

        def describe() -> str:
            seen = [c.method for c in self._calls]
            return f"no matching {method} call within {timeout}s; calls seen: {seen}"

        return self._wait(first_match, timeout, describe)

    def wait_for_ack(self, envelope_id: str, timeout: float) -> Ack:
        return self._wait(
            lambda: self._acks.get(envelope_id),
            timeout,
            lambda: f"envelope {envelope_id} was not acked within {timeout}s",
        )

    def wait_for_connection(self, count: int, timeout: float) -> None:
        self._wait(
            lambda: True if self._hellos >= count and self._open_sockets > 0 else None,
            timeout,
            lambda: (
                f"expected {count} hello(s) and an open socket within {timeout}s; "
                f"hellos={self._hellos}, open sockets={self._open_sockets}"
            ),
        )

    def wait_for_open_sockets(self, count: int, timeout: float) -> None:
        self._wait(
            lambda: True if self._open_sockets >= count else None,
            timeout,
            lambda: f"expected {count} open socket(s) within {timeout}s; open={self._open_sockets}",
        )

    def _wait(
        self, probe: Callable[[], T | None], timeout: float, describe: Callable[[], str]
    ) -> T:
        with self._changed:
            found = self._changed.wait_for(probe, timeout=timeout)
            if found is None:
                raise AssertionError(describe())
            return found
