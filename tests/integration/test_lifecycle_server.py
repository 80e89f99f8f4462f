"""The real lifecycle MCP server over Streamable HTTP: tools, contract, auth, Host checks, smoke."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import date
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, ListToolsResult

from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp import smoke
from lifecycle_mcp.contract import SCHEMA_VERSION, CatalogOut, EvidenceOut, WindowOut
from lifecycle_mcp.http.auth import REALM
from tests.integration.conftest import ROOT, RunningServer
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.time.changes import RecordSelection
from truthexpiry.models.time.periods import DateWindow

pytestmark = pytest.mark.integration

STARTER = {"plan": "starter", "region": "global"}
TOOLS_LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}
TOKEN_ENV = ("--token-env", "SMOKE_TOKEN")


@pytest.fixture
def server(lifecycle_server: RunningServer) -> RunningServer:
    return lifecycle_server


def call(server: RunningServer, name: str, arguments: dict[str, Any]) -> CallToolResult:
    async def go() -> CallToolResult:
        async with (
            httpx2.AsyncClient(headers=server.auth(), timeout=10) as http,
            Client(streamable_http_client(server.mcp_url, http_client=http)) as client,
        ):
            return await client.call_tool(name, arguments)

    return asyncio.run(go())


def list_tools(server: RunningServer) -> ListToolsResult:
    async def go() -> ListToolsResult:
        async with (
            httpx2.AsyncClient(headers=server.auth(), timeout=10) as http,
            Client(streamable_http_client(server.mcp_url, http_client=http)) as client,
        ):
            return await client.list_tools()

    return asyncio.run(go())


def post_tools_list(server: RunningServer, headers: dict[str, str]) -> httpx2.Response:
    return httpx2.post(server.mcp_url, json=TOOLS_LIST, headers=MCP_HEADERS | headers, timeout=30)


def test_a_lookup_returns_every_record_of_the_key_as_structured_content(
    server: RunningServer,
) -> None:
    result = call(
        server,
        "get_lifecycle_evidence",
        {"entity": "Report Export", "attribute": "availability", "scope": STARTER},
    )

    assert not result.is_error
    evidence = EvidenceOut.model_validate(result.structured_content)
    key = ClaimKey.of("report_export", "availability", STARTER)
    expected = LifecycleRecordRepository.from_path(server.dataset_path).lookup(key)
    assert evidence.schema_version == SCHEMA_VERSION
    assert evidence.claim_key == key.canonical
    assert [r.record_id for r in evidence.records] == [r.record_id for r in expected]
    assert {r.state for r in evidence.records} >= {"SHIPPED"}


def test_a_key_without_records_gives_an_empty_list(server: RunningServer) -> None:
    result = call(
        server,
        "get_lifecycle_evidence",
        {"entity": "report_export", "attribute": "availability", "scope": {"plan": "nope"}},
    )

    assert not result.is_error
    assert EvidenceOut.model_validate(result.structured_content).records == []


def test_an_identifier_that_cannot_be_canonicalised_is_a_tool_error(
    server: RunningServer,
) -> None:
    result = call(
        server,
        "get_lifecycle_evidence",
        {"entity": "report|export", "attribute": "availability", "scope": {}},
    )

    assert result.is_error
    assert result.structured_content is None
    assert "invalid claim key" in json.dumps([c.model_dump() for c in result.content])


def test_an_over_long_scope_value_is_a_clear_tool_error_that_does_not_echo_it(
    server: RunningServer,
) -> None:
    scope = {"plan": "x" * 5_000, "region": "global"}

    result = call(
        server,
        "get_lifecycle_evidence",
        {"entity": "report_export", "attribute": "sso", "scope": scope},
    )

    text = json.dumps([c.model_dump() for c in result.content])
    assert result.is_error
    assert "invalid scope: the value of key #1 must be 1 to 200 characters" in text
    assert "x" * 50 not in text


def test_the_window_tool_lists_the_records_effective_in_a_window(server: RunningServer) -> None:
    arguments = {"from_date": "2024-01-01", "to_date": "2025-12-31", "scope": {"plan": "starter"}}

    result = call(server, "get_records_effective_between", arguments)

    assert not result.is_error
    window = WindowOut.model_validate(result.structured_content)
    repository = LifecycleRecordRepository.from_path(server.dataset_path)
    selection = RecordSelection.of(
        DateWindow(date(2024, 1, 1), date(2025, 12, 31)), scope={"plan": "starter"}
    )
    expected, truncated = repository.effective_between(selection)
    assert [r.record_id for r in window.records] == [r.record_id for r in expected]
    assert window.records
    assert window.truncated is truncated is False
    assert window.dataset_version == repository.version


def test_a_window_that_ends_before_it_starts_is_a_tool_error(server: RunningServer) -> None:
    result = call(
        server,
        "get_records_effective_between",
        {"from_date": "2025-02-01", "to_date": "2025-01-01"},
    )

    assert result.is_error
    assert "invalid window: to_date is before from_date" in json.dumps(
        [c.model_dump() for c in result.content]
    )


def test_the_catalog_tool_returns_the_catalog_of_the_dataset(server: RunningServer) -> None:
    result = call(server, "get_claim_catalog", {})

    assert not result.is_error
    catalog = CatalogOut.model_validate(result.structured_content)
    repository = LifecycleRecordRepository.from_path(server.dataset_path)
    assert catalog.dataset_version == repository.version
    assert catalog.fingerprint == repository.catalog.fingerprint
    assert {(a.entity, a.attribute) for a in catalog.attributes} == set(
        repository.catalog.attributes
    )


def test_tools_list_shows_every_tool_read_only_with_an_output_schema(
    server: RunningServer,
) -> None:
    tools = {tool.name: tool for tool in list_tools(server).tools}

    assert set(tools) == {
        "get_lifecycle_evidence",
        "get_claim_catalog",
        "get_catalog_version",
        "get_records_effective_between",
        "get_histories_effective_between",
    }
    for tool in tools.values():
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is True
        assert tool.annotations.idempotent_hint is True
        assert tool.output_schema is not None
    evidence_schema = tools["get_lifecycle_evidence"].input_schema
    assert evidence_schema["required"] == ["entity", "attribute", "scope"]
    assert "evaluation_date" not in evidence_schema["properties"]


def test_a_request_without_a_token_is_refused_with_a_bearer_challenge(
    server: RunningServer,
) -> None:
    response = post_tools_list(server, {})

    assert response.status_code == 401
    assert response.headers["www-authenticate"] == f'Bearer realm="{REALM}"'
    assert response.json()["error"]["message"].startswith("401 Unauthorized")


def test_a_wrong_token_is_refused_with_an_invalid_token_challenge(
    server: RunningServer,
) -> None:
    response = post_tools_list(server, server.auth("not-" + server.token))

    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith(f'Bearer realm="{REALM}"')
    assert 'error="invalid_token"' in response.headers["www-authenticate"]


def test_every_configured_token_is_accepted(server: RunningServer) -> None:
    for token in server.tokens:
        response = post_tools_list(server, server.auth(token))
        assert response.status_code == 200
        assert len(response.json()["result"]["tools"]) == 5


def test_a_host_header_that_is_not_allowed_is_refused_with_421(server: RunningServer) -> None:
    response = post_tools_list(server, server.auth() | {"Host": "attacker.example:8000"})

    assert response.status_code == 421


def test_a_configured_host_header_is_allowed(server: RunningServer) -> None:
    response = post_tools_list(server, server.auth() | {"Host": "lifecycle-mcp:8000"})

    assert response.status_code == 200


def test_the_health_port_is_separate_and_unauthenticated(server: RunningServer) -> None:
    assert httpx2.get(f"{server.health_url}/healthz", timeout=30).status_code == 200
    readiness = server.readiness()
    assert readiness["status"] == "ready"
    assert readiness["last_reload_error"] is None
    assert (
        readiness["record_count"]
        == LifecycleRecordRepository.from_path(server.dataset_path).record_count
    )
    assert httpx2.get(server.mcp_url.replace("/mcp", "/readyz"), timeout=30).status_code == 401


def test_the_smoke_command_passes_against_the_server(server: RunningServer) -> None:
    completed = run_smoke(server, server.token)

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("smoke: OK")
    assert "evidence:" in completed.stdout
    assert "window:" in completed.stdout
    assert server.token not in completed.stdout + completed.stderr


def test_the_smoke_command_fails_with_a_wrong_token(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command's `main` in this process (the passing test above runs it as a process)."""
    wrong = "wrong-" + server.token
    monkeypatch.setenv("SMOKE_TOKEN", wrong)

    status = smoke.main(["--url", server.mcp_url, *TOKEN_ENV])

    out, err = capsys.readouterr()
    assert status == 1
    assert "401 Unauthorized" in err
    assert wrong not in out + err


def test_the_server_logs_no_request_noise_and_no_token(server: RunningServer) -> None:
    call(server, "get_claim_catalog", {})
    log = server.log()

    assert "lifecycle MCP server at" in log
    assert "POST /mcp" not in log
    assert all(token not in log for token in server.tokens)


def run_smoke(server: RunningServer, token: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"SMOKE_TOKEN": token}
    return subprocess.run(
        [sys.executable, "-m", "lifecycle_mcp.smoke", "--url", server.mcp_url, *TOKEN_ENV],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
