"""A black-box check with an independent MCP client: the MCP Inspector CLI (Node).

The Inspector is fetched by `npx` on first use (pinned, so the test does not change under us),
found through `npx` once, then run directly; it talks to the real server over Streamable HTTP
with the bearer token in a header. Skipped only where `npx` is not installed.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from typing import Any

import pytest

from lifecycle_mcp.contract import SCHEMA_VERSION, CatalogOut, EvidenceOut, WindowOut
from tests.integration.conftest import RunningServer

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        shutil.which("npx") is None,
        reason="npx (Node.js) is not installed: the MCP Inspector CLI cannot run",
    ),
]

INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"
STARTER = {"plan": "starter", "region": "global"}


@functools.cache
def inspector_program() -> str:
    """The pinned Inspector's own program, which `npx` fetches (first time only) and finds.

    Asked once per process: each `npx` run costs about 1.3 s of CPU before the Inspector
    starts, as much again as the Inspector itself."""
    found = subprocess.run(
        ["npx", "-y", "-p", INSPECTOR, "-c", "command -v mcp-inspector"],
        capture_output=True,
        text=True,
        timeout=100,
        check=False,
    )
    assert found.returncode == 0, found.stderr[-2000:]
    return found.stdout.strip()


def run_inspector(server: RunningServer, *args: str) -> subprocess.CompletedProcess[str]:
    command = [inspector_program(), "--cli", server.mcp_url, "--transport", "http"]
    command += ["--header", f"Authorization: Bearer {server.token}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=100, check=False)


def inspector(server: RunningServer, *args: str) -> Any:
    completed = run_inspector(server, *args)
    assert completed.returncode == 0, completed.stderr[-2000:]
    return json.loads(completed.stdout)


def test_the_inspector_lists_every_read_only_tool(lifecycle_server: RunningServer) -> None:
    listed = inspector(lifecycle_server, "--method", "tools/list")

    tools = {tool["name"]: tool for tool in listed["tools"]}
    assert set(tools) == {
        "get_lifecycle_evidence",
        "get_claim_catalog",
        "get_catalog_version",
        "get_records_effective_between",
        "get_histories_effective_between",
    }
    assert all(tool["annotations"]["readOnlyHint"] is True for tool in tools.values())
    assert all("outputSchema" in tool for tool in tools.values())


def test_the_inspector_calls_the_evidence_tool(lifecycle_server: RunningServer) -> None:
    arguments = {"entity": "report_export", "attribute": "availability", "scope": STARTER}

    result = inspector(
        lifecycle_server,
        "--method",
        "tools/call",
        "--tool-name",
        "get_lifecycle_evidence",
        "--tool-args-json",
        json.dumps(arguments),
    )

    evidence = EvidenceOut.model_validate(result["structuredContent"])
    assert evidence.schema_version == SCHEMA_VERSION
    assert evidence.claim_key == "report_export|availability|plan=starter|region=global"
    assert evidence.records


def test_the_inspector_calls_the_window_tool(lifecycle_server: RunningServer) -> None:
    arguments = {
        "from_date": "2024-01-01",
        "to_date": "2026-12-31",
        "entity": "report_export",
        "scope": {"plan": "starter"},
    }

    result = inspector(
        lifecycle_server,
        "--method",
        "tools/call",
        "--tool-name",
        "get_records_effective_between",
        "--tool-args-json",
        json.dumps(arguments),
    )

    window = WindowOut.model_validate(result["structuredContent"])
    assert window.schema_version == SCHEMA_VERSION
    assert [r.record_id for r in window.records] == ["LC-100", "LC-101"]
    assert window.truncated is False


def test_the_inspector_sees_a_tool_error_for_a_window_that_is_not_one(
    lifecycle_server: RunningServer,
) -> None:
    arguments = {"from_date": "2025-02-30", "to_date": "2025-03-31"}

    completed = run_inspector(
        lifecycle_server,
        "--method",
        "tools/call",
        "--tool-name",
        "get_records_effective_between",
        "--tool-args-json",
        json.dumps(arguments),
    )

    assert completed.returncode != 0
    assert "invalid window: from_date is not a day of the calendar" in (
        completed.stdout + completed.stderr
    )


def test_the_inspector_calls_the_catalog_tool(lifecycle_server: RunningServer) -> None:
    result = inspector(
        lifecycle_server, "--method", "tools/call", "--tool-name", "get_claim_catalog"
    )

    catalog = CatalogOut.model_validate(result["structuredContent"])
    assert catalog.attributes


def test_the_inspector_sees_a_tool_error_for_an_unusable_identifier(
    lifecycle_server: RunningServer,
) -> None:
    arguments = {"entity": "report|export", "attribute": "availability", "scope": {}}

    completed = run_inspector(
        lifecycle_server,
        "--method",
        "tools/call",
        "--tool-name",
        "get_lifecycle_evidence",
        "--tool-args-json",
        json.dumps(arguments),
    )

    assert completed.returncode != 0
    assert "invalid claim key" in completed.stdout + completed.stderr
