"""`ask --lifecycle-url` against a real lifecycle MCP server that refuses it: one line that says
which setting fixes it, and never the token."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adapters.cli.main import main
from adapters.lifecycle_mcp.local_server import LocalLifecycleServer

pytestmark = pytest.mark.integration
QUESTION = "Is report export available on Starter?"
WRONG_TOKEN = "wrong-token-that-the-server-does-not-know"


@pytest.fixture(scope="module")
def server() -> Iterator[LocalLifecycleServer]:
    with LocalLifecycleServer() as running:
        yield running


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
