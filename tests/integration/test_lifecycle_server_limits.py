"""The real lifecycle MCP server under abuse: half-sent requests, event-stream requests, bodies
too large or too slow, more requests than it serves at once, and more connections than its
open-file limit allows, while probes and lookups keep being answered."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from prometheus_client.parser import text_string_to_metric_families

from devtools.processes import free_port
from tests.integration.conftest import RunningServer, launch_server

pytestmark = pytest.mark.integration

OPEN_FILES = 256  # the open-file limit under which the starvation was reported
READ_TIMEOUT = 1.0
MAX_IN_FLIGHT = 2
MAX_BODY = 64 * 1024
STARTER = {"entity": "report_export", "attribute": "availability"} | {
    "scope": {"plan": "starter", "region": "global"}
}
LOOKUP = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "tools/call",
    "params": {"name": "get_lifecycle_evidence", "arguments": STARTER},
}
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    env = {"TRUTH_EXPIRY_METRICS_ENABLED": "1", "TRUTH_EXPIRY_METRICS_PORT": str(free_port())}
    with launch_server(
        tmp_path_factory.mktemp("limits"),
        extra_env=env,
        open_files=OPEN_FILES,
        READ_TIMEOUT_SECONDS=str(READ_TIMEOUT),
        MAX_IN_FLIGHT=str(MAX_IN_FLIGHT),
    ) as running:
        yield running


@pytest.fixture(scope="module")
def patient_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """The same limits with a read timeout no busy machine reaches: a test that holds requests
    half sent while it polls the metrics must not see them cut by the timeout meanwhile."""
    env = {"TRUTH_EXPIRY_METRICS_ENABLED": "1", "TRUTH_EXPIRY_METRICS_PORT": str(free_port())}
    with launch_server(
        tmp_path_factory.mktemp("limits-patient"),
        extra_env=env,
        open_files=OPEN_FILES,
        READ_TIMEOUT_SECONDS="120",
        MAX_IN_FLIGHT=str(MAX_IN_FLIGHT),
    ) as running:
        yield running


def request_head(method: str, token: str | None = None, **headers: str) -> bytes:
    lines = [f"{method} /mcp HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"Authorization: Bearer {token}"] if token else []
    lines += [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def connect(server: RunningServer, first_bytes: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.mcp_port), timeout=30)
    if first_bytes:
        sock.sendall(first_bytes)
    return sock


def status_and_headers(sock: socket.socket) -> tuple[int, bytes]:
    """Read until the server closes the connection (every refusal closes it)."""
    received = b""
    while chunk := sock.recv(65536):
        received += chunk
    return int(received.split(b" ", 2)[1]), received.lower()


def closed_by_server(sock: socket.socket) -> bool:
    """Whatever the server sent is read; True when it has closed the connection."""
    sock.settimeout(0)
    try:
        while sock.recv(65536):
            pass
    except BlockingIOError:
        return False
    except ConnectionResetError:
        pass
    return True


def wait_until_closed(sock: socket.socket) -> None:
    """Reads whatever comes until the server closes the connection (at most the socket's 30 s)."""
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass


def metrics(server: RunningServer) -> Samples:
    assert server.metrics_url is not None
    text = httpx2.get(server.metrics_url, timeout=30).text
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def closed_connections(server: RunningServer, reason: str) -> float:
    return metrics(server)[("lifecycle_mcp_connections_closed_total", (("reason", reason),))]


def wait_for_in_flight(server: RunningServer, count: int) -> None:
    deadline = time.monotonic() + 30
    while metrics(server)[("lifecycle_mcp_http_requests_in_flight", ())] < count:
        assert time.monotonic() < deadline, f"never {count} requests in flight"
        time.sleep(0.02)


def probe(server: RunningServer) -> int:
    """The status of one liveness probe. Its timeout is long: a starved probe listener never
    answers while the flood is held (the latency is `bench/faults/server_load.py`'s to measure)."""
    return httpx2.get(f"{server.health_url}/healthz", timeout=30).status_code


def lookup(server: RunningServer) -> list[str]:
    """One lookup through the MCP SDK's client, as any MCP client makes it."""

    async def go() -> list[str]:
        async with (
            httpx2.AsyncClient(headers=server.auth(), timeout=30) as http,
            Client(streamable_http_client(server.mcp_url, http_client=http)) as client,
        ):
            result = await client.call_tool("get_lifecycle_evidence", STARTER)
        assert not result.is_error, result.content
        content: dict[str, Any] = result.structured_content or {}
        return [record["record_id"] for record in content["records"]]

    return asyncio.run(go())


def test_get_on_mcp_is_refused_with_405_instead_of_an_endless_event_stream(
    server: RunningServer,
) -> None:
    with connect(server, request_head("GET", server.token, Accept="text/event-stream")) as sock:
        status, response = status_and_headers(sock)  # returns: the server closed the connection

    assert status == 405
    assert b"allow: post" in response
    assert b"no event stream" in response


def test_delete_is_refused_with_405_too(server: RunningServer) -> None:
    response = httpx2.delete(server.mcp_url, headers=server.auth(), timeout=30)

    assert response.status_code == 405
    assert response.headers["allow"] == "POST"


def test_a_body_over_the_limit_is_refused_with_413(server: RunningServer) -> None:
    padded = LOOKUP | {"padding": "x" * MAX_BODY}
    headers = {"Accept": "application/json", **server.auth()}

    response = httpx2.post(server.mcp_url, json=padded, headers=headers, timeout=30)

    assert response.status_code == 413
    assert response.headers["connection"] == "close"
    assert "x" * 20 not in response.text


def test_a_chunked_body_over_the_limit_is_refused_with_413(server: RunningServer) -> None:
    chunk = b"x" * 8192
    head = request_head(
        "POST", server.token, Content_Type="application/json", Transfer_Encoding="chunked"
    )
    body = (f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n") * 9 + b"0\r\n\r\n"

    with connect(server, head + body) as sock:
        status, _ = status_and_headers(sock)

    assert status == 413


def test_a_body_that_does_not_arrive_in_time_gets_408(server: RunningServer) -> None:
    head = request_head("POST", server.token, Content_Type="application/json", Content_Length="90")

    started = time.monotonic()  # before the server can start its clock: a lower bound only
    with connect(server, head + b'{"jsonrpc": ') as sock:
        status, _ = status_and_headers(sock)

    assert status == 408
    assert time.monotonic() - started >= READ_TIMEOUT


def test_requests_beyond_the_in_flight_cap_get_503_and_lookups_resume_after(
    patient_server: RunningServer,
) -> None:
    server = patient_server
    held = request_head("POST", server.token, Content_Type="application/json", Content_Length="90")
    with ExitStack() as stack:
        for _ in range(MAX_IN_FLIGHT):  # admitted, each waiting for the rest of its body
            stack.enter_context(connect(server, held + b"{"))
        wait_for_in_flight(server, MAX_IN_FLIGHT)
        body = b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}'
        extra = request_head(
            "POST",
            server.token,
            Accept="application/json",
            Content_Type="application/json",
            Content_Length=str(len(body)),
        )
        with connect(server, extra + body) as sock:
            status, response = status_and_headers(sock)

    assert status == 503
    assert b"retry-after: 1" in response
    assert lookup(server)


def test_a_flood_of_half_sent_requests_and_get_streams_starves_neither_probes_nor_lookups(
    server: RunningServer,
) -> None:
    before = closed_connections(server, "read_timeout")
    with ExitStack() as stack:
        half_sent = [
            stack.enter_context(connect(server, b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nCont"))
            for _ in range(300)  # no token, and more connections than the file limit allows
        ]
        streams = [
            stack.enter_context(connect(server, request_head("GET", server.token)))
            for _ in range(50)
        ]

        probes = [probe(server) for _ in range(5)]
        records = lookup(server)
        time.sleep(READ_TIMEOUT + 0.5)

        assert probes == [200] * 5
        assert "LC-100" in records
        assert all(closed_by_server(sock) for sock in half_sent)
        assert all(closed_by_server(sock) for sock in streams)
    assert closed_connections(server, "evicted") > 0
    assert closed_connections(server, "read_timeout") > before
    assert "at most" in server.log()
    assert "the open-file limit is 256" in server.log()
    assert probe(server) == 200


def test_a_request_head_that_stops_half_way_is_closed_after_the_read_timeout(
    server: RunningServer,
) -> None:
    started = time.monotonic()  # before the server can start its clock: a lower bound only
    with connect(server, b"POST /mcp HTTP/1.1\r\nHo") as sock:
        wait_until_closed(sock)

    assert time.monotonic() - started >= READ_TIMEOUT


def test_malformed_requests_are_refused_without_a_log_line_each(server: RunningServer) -> None:
    lines_before = len(server.log().splitlines())
    for _ in range(5):
        with connect(
            server, b"POST /mcp HTTP/1.1\r\nContent-Length: " + b"9" * 5000 + b"\r\n\r\n"
        ) as sock:
            status, _ = status_and_headers(sock)
        assert status == 400

    assert len(server.log().splitlines()) == lines_before
