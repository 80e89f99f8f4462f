"""The server's limits without a network: settings, the fit to the open-file limit, the
connection gate's choice of what to close, and the per-request middleware."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from starlette.types import Message, Receive, Scope, Send

from lifecycle_mcp.http.connections import ConnectionGate, GuardedH11Protocol
from lifecycle_mcp.http.limits import FEWEST_CONNECTIONS, Limits, fit_to_open_files
from lifecycle_mcp.http.request_limits import RequestLimits
from lifecycle_mcp.settings import ServerSettings
from settings.environment import ConfigError

NO_AUTH = {"TRUTH_EXPIRY_LIFECYCLE_MCP_AUTH_DISABLED": "1"}


def test_the_limits_have_safe_defaults_and_read_the_environment() -> None:
    assert ServerSettings.load(NO_AUTH).limits == Limits()
    limits = ServerSettings.load(
        {
            **NO_AUTH,
            "TRUTH_EXPIRY_LIFECYCLE_MCP_MAX_CONNECTIONS": "100",
            "TRUTH_EXPIRY_LIFECYCLE_MCP_MAX_IN_FLIGHT": "10",
            "TRUTH_EXPIRY_LIFECYCLE_MCP_READ_TIMEOUT_SECONDS": "2.5",
        }
    ).limits
    assert (limits.max_connections, limits.max_in_flight, limits.read_timeout) == (100, 10, 2.5)
    assert limits.max_body_bytes == 64 * 1024


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("MAX_CONNECTIONS", "0", "MAX_CONNECTIONS must be a whole number from 1"),
        ("MAX_CONNECTIONS", "lots", "MAX_CONNECTIONS must be a whole number from 1"),
        ("MAX_IN_FLIGHT", "-3", "MAX_IN_FLIGHT must be a whole number from 1"),
        ("MAX_CONNECTIONS", "8", "MAX_CONNECTIONS must be at least"),
        ("READ_TIMEOUT_SECONDS", "0", "READ_TIMEOUT_SECONDS must be a number of seconds"),
    ],
)
def test_unusable_limits_are_named_problems(name: str, value: str, problem: str) -> None:
    with pytest.raises(ConfigError) as raised:
        ServerSettings.load({**NO_AUTH, f"TRUTH_EXPIRY_LIFECYCLE_MCP_{name}": value})

    assert any(problem in p for p in raised.value.problems), raised.value.problems


def test_the_connection_cap_leaves_descriptors_for_the_probes_and_the_process() -> None:
    fitted = fit_to_open_files(Limits(max_connections=256, max_in_flight=64), 256, 12)

    side_listeners = 2 * (fitted.side_connections + 1)
    assert fitted.max_connections + 12 + side_listeners + 32 <= 256
    assert fitted.max_connections > 150
    assert fit_to_open_files(Limits(), 65536, 12).max_connections == 256


def test_a_tiny_open_file_limit_still_leaves_a_few_connections() -> None:
    fitted = fit_to_open_files(Limits(), 64, 20)

    assert fitted.max_connections == FEWEST_CONNECTIONS
    assert fitted.max_in_flight <= fitted.max_connections


@dataclass(eq=False)
class FakeTransport:
    closed: bool = False

    def close(self) -> None:
        self.closed = True


@dataclass(eq=False)
class FakeConnection:
    """What the gate reads of a connection: whether it is busy, and its transport."""

    busy: bool
    served: bool = False
    transport: FakeTransport = field(default_factory=FakeTransport)


def gate_with(*connections: FakeConnection, capacity: int) -> ConnectionGate:
    gate = ConnectionGate(capacity)
    for connection in connections:
        gate.opened(cast(GuardedH11Protocol, connection))
    return gate


def test_below_capacity_nothing_is_closed() -> None:
    idle = FakeConnection(busy=False)
    gate = gate_with(idle, capacity=2)

    assert gate.make_room() is True
    assert not idle.transport.closed


def test_at_capacity_the_longest_idle_connection_makes_room() -> None:
    busy, oldest_idle, newer_idle = (FakeConnection(busy=b) for b in (True, False, False))
    gate = gate_with(busy, oldest_idle, newer_idle, capacity=3)

    assert gate.make_room() is True
    assert oldest_idle.transport.closed
    assert not busy.transport.closed
    assert not newer_idle.transport.closed
    assert gate.open_count == 2
    assert gate.closed_by_reason["evicted"] == 1


def test_a_connection_that_never_completed_a_request_goes_before_a_served_one() -> None:
    served = FakeConnection(busy=False, served=True)
    half_sent = FakeConnection(busy=False)
    gate = gate_with(served, half_sent, capacity=2)

    gate.make_room()
    assert half_sent.transport.closed
    assert not served.transport.closed
    gate.opened(cast(GuardedH11Protocol, FakeConnection(busy=True)))
    gate.make_room()  # none left that never completed a request: the served one goes
    assert served.transport.closed


def test_a_connection_that_just_finished_a_request_is_closed_last() -> None:
    first, second = FakeConnection(busy=False), FakeConnection(busy=False)
    gate = gate_with(first, second, capacity=2)

    gate.went_idle(cast(GuardedH11Protocol, first))
    gate.make_room()

    assert second.transport.closed
    assert not first.transport.closed


def test_when_every_connection_is_busy_nothing_is_closed_and_there_is_no_room() -> None:
    connections = [FakeConnection(busy=True) for _ in range(2)]
    gate = gate_with(*connections, capacity=2)

    assert gate.has_room() is False
    assert gate.make_room() is False
    assert not any(c.transport.closed for c in connections)


class Recorder:
    """An app that reads its whole body and answers 200 with its length."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.release = asyncio.Event()
        self.hold = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = await receive()
        self.bodies.append(message["body"])
        if self.hold:
            await self.release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


def limited(app: Recorder, in_flight: int = 2, body: int = 100) -> RequestLimits:
    return RequestLimits(app, max_in_flight=in_flight, max_body_bytes=body, read_timeout=0.2)


async def call(
    app: RequestLimits,
    method: str = "POST",
    chunks: tuple[bytes, ...] = (b"{}",),
    *,
    stall: bool = False,
    **headers: str,
) -> list[Message]:
    """`stall`: after its chunks the client says more is coming, and sends nothing."""
    sent: list[Message] = []
    pending = list(chunks)

    async def receive() -> Message:
        if not pending:
            await asyncio.sleep(10)
        chunk = pending.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(pending) or stall}

    async def send(message: Message) -> None:
        sent.append(message)

    encoded = [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]
    scope: dict[str, Any] = {"type": "http", "method": method, "headers": encoded}
    await app(scope, receive, send)
    return sent


def status(sent: list[Message]) -> int:
    return int(sent[0]["status"])


def test_only_post_is_served() -> None:
    app = Recorder()

    sent = asyncio.run(call(limited(app), "GET"))

    assert status(sent) == 405
    assert (b"allow", b"POST") in sent[0]["headers"]
    assert app.bodies == []


def test_a_declared_length_over_the_limit_is_refused_before_reading() -> None:
    app = Recorder()

    sent = asyncio.run(call(limited(app), content_length="101"))

    assert status(sent) == 413
    assert app.bodies == []


def test_a_body_that_grows_over_the_limit_is_refused() -> None:
    app = Recorder()

    sent = asyncio.run(call(limited(app), chunks=(b"x" * 60, b"x" * 60)))

    assert status(sent) == 413
    assert app.bodies == []


def test_a_body_in_several_chunks_reaches_the_app_whole() -> None:
    app = Recorder()

    sent = asyncio.run(call(limited(app), chunks=(b'{"a"', b": 1}")))

    assert status(sent) == 200
    assert app.bodies == [b'{"a": 1}']


def test_a_body_that_stops_arriving_gets_408() -> None:
    app = Recorder()

    sent = asyncio.run(call(limited(app), chunks=(b'{"a"',), stall=True))

    assert status(sent) == 408


def test_requests_beyond_the_in_flight_cap_get_503() -> None:
    app = Recorder()
    app.hold = True
    middleware = limited(app, in_flight=1)

    async def two_at_once() -> tuple[list[Message], list[Message]]:
        first = asyncio.create_task(call(middleware))
        await asyncio.sleep(0.01)
        second = await call(middleware)
        app.release.set()
        return await first, second

    first, second = asyncio.run(two_at_once())

    assert status(first) == 200
    assert status(second) == 503
    assert middleware.in_flight == 0
