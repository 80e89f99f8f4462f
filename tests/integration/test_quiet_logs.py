"""Logging hygiene with real servers on loopback: at DEBUG the MCP transport logs nothing of its
requests, an MCP outage leaves no "Future exception was never retrieved", a method the
lifecycle server does not offer is refused without an ERROR line, and a library's exception is
logged by type and frames only."""

from __future__ import annotations

import gc
import io
import json
import logging
import socket
import threading
from collections.abc import Iterator

import httpx2
import pytest
from slack_sdk.errors import SlackApiError

from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from devtools.lifecycle_server import LocalLifecycleServer
from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.ops.logs import configure_logging

SECRET_RESPONSE = "zqresponse-body-canary"


@pytest.fixture
def logs() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    configure_logging("DEBUG", stream)
    try:
        yield stream
    finally:
        logging.getLogger().handlers[:] = []


def lines(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A TCP server that accepts connections and never answers: an MCP server that hangs."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/mcp"
    stop.set()
    thread.join(2)
    for connection in accepted:
        connection.close()
    listener.close()


def test_an_mcp_conversation_at_debug_logs_no_transport_lines(
    logs: io.StringIO, shared_lifecycle: LocalLifecycleServer
) -> None:
    server = shared_lifecycle  # only read from
    evidence = McpLifecycleEvidence(server.url, token=server.token, timeout=30.0)
    try:
        evidence.catalog()
        evidence.lookup(ClaimKey.of("report_export", "availability", {"plan": "starter"}))
    finally:
        evidence.close()

    loggers = {str(line["logger"]) for line in lines(logs)}
    assert not {name for name in loggers if name.startswith(("httpcore", "httpx", "mcp"))}


def test_an_mcp_outage_leaves_no_unretrieved_future(logs: io.StringIO, silent_server: str) -> None:
    evidence = McpLifecycleEvidence(silent_server, timeout=0.3)
    try:
        for _ in range(2):
            with pytest.raises(EvidenceUnavailableError):
                evidence.catalog()
    finally:
        evidence.close()
    gc.collect()

    assert "never retrieved" not in logs.getvalue()
    assert [line for line in lines(logs) if line["level"] == "ERROR"] == []


def test_a_method_the_server_does_not_offer_is_refused_without_an_error_line() -> None:
    headers = {"Accept": "application/json, text/event-stream"}
    with LocalLifecycleServer() as server:
        headers["Authorization"] = f"Bearer {server.token}"
        answers = [
            httpx2.post(
                server.url,
                headers=headers,
                json={"jsonrpc": "2.0", "id": n, "method": method, "params": params},
            ).json()
            for n, (method, params) in enumerate(
                [("prompts/get", {"name": "x"}), ("resources/read", {"uri": "x://y"})]
            )
        ]
        tools = httpx2.post(
            server.url,
            headers=headers,
            json={"jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": {}},
        ).json()
        server_log = server.log_text()

    assert [answer["error"]["code"] for answer in answers] == [-32601, -32601]
    assert tools["result"]["tools"]
    assert '"level": "ERROR"' not in server_log


def test_a_library_exception_is_logged_by_type_and_frames_only(logs: io.StringIO) -> None:
    error = SlackApiError(f"failed: {SECRET_RESPONSE}", {"ok": False, "error": SECRET_RESPONSE})  # type: ignore[no-untyped-call]
    try:
        raise error
    except SlackApiError as raised:
        logging.getLogger("slack_bolt.App").exception(f"Failed to run listener: {raised}")
        logging.getLogger("slack_sdk.web").warning("Failed: %s", raised)

    assert SECRET_RESPONSE not in logs.getvalue()
    first, second = lines(logs)[-2:]
    assert first["exception"] == "SlackApiError"
    assert first["frames"]
    assert second["message"] == "Failed: %s"
