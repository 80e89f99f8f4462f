"""`ask --lifecycle-url` against a real lifecycle MCP server that refuses it: one line that says
which setting fixes it, and never the token."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main
from devtools.lifecycle_server import LocalLifecycleServer

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
QUESTION = "Is report export available on Starter?"
WRONG_TOKEN = "wrong-token-that-the-server-does-not-know"


@pytest.fixture
def server(shared_lifecycle: LocalLifecycleServer) -> LocalLifecycleServer:
    return shared_lifecycle  # only read from


@pytest.mark.parametrize("token", [WRONG_TOKEN, None])
def test_a_refused_token_names_the_variable_to_set(
    server: LocalLifecycleServer,
    token: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if token is None:
        monkeypatch.delenv("TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN", raising=False)
    else:
        monkeypatch.setenv("TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN", token)

    code = main(["ask", QUESTION, "--lifecycle-url", server.url])

    captured = capsys.readouterr()
    [line] = captured.err.strip().splitlines()
    assert code == 2
    assert "HTTP 401" in line
    assert "set TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN" in line
    assert "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS" in line
    assert WRONG_TOKEN not in captured.out + captured.err
    assert server.token not in captured.out + captured.err


def test_a_wrong_path_says_where_the_server_answers(
    server: LocalLifecycleServer,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN", server.token)

    code = main(["ask", QUESTION, "--lifecycle-url", server.url.replace("/mcp", "/nope")])

    [line] = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert "--lifecycle-url" in line


def test_app_check_names_the_token_variable_when_the_server_refuses_it(
    server: LocalLifecycleServer, tmp_path: Path
) -> None:
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"precedence": {"default": ["unspecified"]}}))
    environ = {
        "PATH": "/usr/bin:/bin",
        "SLACK_BOT_TOKEN": "xoxb-1-2-abc",
        "SLACK_APP_TOKEN": "xapp-1-A0-3-def",
        "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": server.url,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": WRONG_TOKEN,
        "TRUTH_EXPIRY_AUTHORITY_POLICY_PATH": str(policy),
    }

    result = subprocess.run(
        [sys.executable, "app.py", "--check"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 2
    assert "HTTP 401" in result.stderr
    assert "set TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN" in result.stderr
    assert WRONG_TOKEN not in result.stdout + result.stderr
