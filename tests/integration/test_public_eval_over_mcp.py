"""The public evaluation set, with evidence fetched from a real lifecycle MCP server."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from cli.evaluation import load_cases, run_cases
from cli.main import main
from devtools.lifecycle_server import LocalLifecycleServer
from tests.datasets import DATA

pytestmark = pytest.mark.integration
SHARED_EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"


@pytest.mark.skipif(
    not (SHARED_EVAL / "cases.jsonl").exists(),
    reason=f"the public evaluation set is not beside this checkout ({SHARED_EVAL})",
)
def test_every_public_case_passes_through_the_mcp_server() -> None:
    cases = load_cases(SHARED_EVAL / "cases.jsonl")
    with LocalLifecycleServer(SHARED_EVAL / "lifecycle_records.json") as server:
        evidence = McpLifecycleEvidence(server.url, token=server.token, timeout=30.0)
        try:
            failures = [r for r in run_cases(cases, evidence) if not r.passed]
        finally:
            evidence.close()

    assert not failures, "\n".join(f"{r.case_id}: {r.failures}" for r in failures)


def test_ask_with_lifecycle_url_uses_the_server(
    shared_lifecycle: LocalLifecycleServer,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN", shared_lifecycle.token)
    code = main(
        [
            "ask",
            "Is report export available on Starter?",
            "--as-of",
            "2026-11-30",
            "--lifecycle-url",
            shared_lifecycle.url,
        ]
    )

    assert code == 0
    assert "SUPERSEDED" in capsys.readouterr().out


def test_ask_with_an_unreachable_server_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "ask",
            "Is report export available on Starter?",
            "--lifecycle-url",
            "http://127.0.0.1:9/mcp",
        ]
    )

    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1
    assert err[0].startswith("error: ")


@pytest.mark.parametrize("name", ["parcelwing", "stratocloud"])
def test_questions_about_time_pass_through_the_mcp_server(name: str) -> None:
    """Windows listed by the server's tool, histories looked up over the same session."""
    cases = [
        case
        for case in load_cases(DATA / f"{name}_cases.jsonl")
        if {"changes", "upcoming"} & set(case["expect"])
    ]
    with LocalLifecycleServer(DATA / f"{name}_records.json") as server:
        evidence = McpLifecycleEvidence(server.url, token=server.token, timeout=30.0)
        try:
            failures = [r for r in run_cases(cases, evidence) if not r.passed]
        finally:
            evidence.close()

    assert len(cases) >= 15
    assert not failures, "\n".join(f"{r.case_id}: {r.failures}" for r in failures)
