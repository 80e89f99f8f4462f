"""`python app.py` before it serves: both tokens checked with Slack (the local Slack server), the
lifecycle server asked once, and every failure one line without a traceback; its arguments."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import app
from devtools.lifecycle_server import LocalLifecycleServer
from devtools.processes import free_port
from tests.local_slack import LocalSlack

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
WRONG_TOKEN = "a-wrong-lifecycle-token-0123456789"


@pytest.fixture
def lifecycle(shared_lifecycle: LocalLifecycleServer) -> LocalLifecycleServer:
    return shared_lifecycle  # only read from


@pytest.fixture
def slack() -> Iterator[LocalSlack]:
    with LocalSlack() as server:
        yield server


def environ(slack_url: str, **extra: str) -> dict[str, str]:
    """A worker offline for evidence (no lifecycle server) but talking to Slack at `slack_url`."""
    return {
        "PATH": "/usr/bin:/bin",
        "SLACK_BOT_TOKEN": "xoxb-test-bot",
        "SLACK_APP_TOKEN": "xapp-test-app",
        "SLACK_API_URL": slack_url,
        "TRUTH_EXPIRY_USE_FAKES": "1",
        "TRUTH_EXPIRY_SLACK_STARTUP_TIMEOUT": "0.5",
        "TRUTH_EXPIRY_HEALTH_PORT": "0",
        **extra,
    }


def run_app(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "app.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


REFUSALS = {
    ("auth.test", "invalid_auth"): "SLACK_BOT_TOKEN is not a valid token",
    ("auth.test", "token_revoked"): "SLACK_BOT_TOKEN has been revoked",
    ("auth.test", "not_allowed_token_type"): "SLACK_BOT_TOKEN is the wrong kind of token",
    ("apps.connections.open", "invalid_auth"): "SLACK_APP_TOKEN is not a valid token",
    ("apps.connections.open", "not_allowed_token_type"): "SLACK_APP_TOKEN is the wrong kind",
}


@pytest.mark.parametrize(("method", "error"), REFUSALS)
def test_a_token_slack_refuses_stops_the_worker_with_one_line(
    slack: LocalSlack, capsys: pytest.CaptureFixture[str], method: str, error: str
) -> None:
    slack.fail_next(method, error)

    code = app.main([], environ(slack.api_url))

    line = one_line(capsys.readouterr().err)
    assert code == 2
    assert line.startswith(f"startup: {REFUSALS[method, error]}")
    assert f"Slack answered {method} with {error}" in line
    assert "xoxb-test-bot" not in line
    assert "xapp-test-app" not in line
    assert slack.wait_for_call(method)


def test_a_revoked_token_in_a_real_process_is_one_line_and_exit_2(slack: LocalSlack) -> None:
    slack.fail_next("auth.test", "token_revoked")

    result = run_app([], environ(slack.api_url))

    assert result.returncode == 2
    assert "SLACK_BOT_TOKEN has been revoked" in one_line(result.stderr)


def test_slack_on_a_port_nothing_listens_on_is_unreachable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = f"http://127.0.0.1:{free_port()}/api/"

    code = app.main([], environ(url))

    line = one_line(capsys.readouterr().err)
    assert code == 1
    assert f"SLACK_BOT_TOKEN cannot be checked: Slack at {url} is unreachable" in line


def test_slack_that_never_answers_is_reported_after_the_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as silent:  # accepts connections (the backlog) and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/api/"

        code = app.main([], environ(url))

    line = one_line(capsys.readouterr().err)
    assert code == 1
    assert "did not answer auth.test within 0.5 s" in line


def test_check_stays_offline_and_check_live_asks_slack(
    slack: LocalSlack, capsys: pytest.CaptureFixture[str]
) -> None:
    assert app.main(["--check"], environ(slack.api_url)) == 0
    assert slack.calls == []

    slack.fail_next("auth.test", "invalid_auth")
    assert app.main(["--check", "--live"], environ(slack.api_url)) == 2
    assert "SLACK_BOT_TOKEN is not a valid token" in capsys.readouterr().err
    assert app.main(["--check", "--live"], environ(slack.api_url)) == 0
    assert "configuration OK" in capsys.readouterr().out


def test_a_lifecycle_server_that_refuses_the_token_stops_the_worker(
    slack: LocalSlack, lifecycle: LocalLifecycleServer, capsys: pytest.CaptureFixture[str]
) -> None:
    env = environ(
        slack.api_url,
        TRUTH_EXPIRY_USE_FAKES="0",
        TRUTH_EXPIRY_LIFECYCLE_MCP_URL=lifecycle.url,
        TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN=WRONG_TOKEN,
    )

    code = app.main([], env)

    line = one_line(capsys.readouterr().err)
    assert code == 2
    assert "TRUTH_EXPIRY_LIFECYCLE_MCP_URL: the lifecycle server at" in line
    assert "HTTP 401" in line
    assert "set TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN" in line
    assert WRONG_TOKEN not in line


def test_a_lifecycle_server_that_is_down_fails_check_live_with_exit_1(
    slack: LocalSlack, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"http://127.0.0.1:{free_port()}/mcp"
    env = environ(slack.api_url, TRUTH_EXPIRY_USE_FAKES="0", TRUTH_EXPIRY_LIFECYCLE_MCP_URL=url)

    code = app.main(["--check", "--live"], env)

    line = one_line(capsys.readouterr().err)
    assert code == 1
    assert f"the lifecycle server is unreachable (ConnectError) (at {url})" in line
    assert "is the lifecycle server running?" in line


def test_help_prints_the_usage_and_starts_nothing(slack: LocalSlack) -> None:
    result = run_app(["--help"], environ(slack.api_url))

    assert result.returncode == 0
    assert result.stdout.startswith("usage: python app.py")
    assert "--check" in result.stdout
    assert "--live" in result.stdout
    assert slack.calls == []


@pytest.mark.parametrize("args", [["--chek"], ["serve"], ["--live"]])
def test_an_unknown_argument_exits_2_with_the_usage(slack: LocalSlack, args: list[str]) -> None:
    result = run_app(args, environ(slack.api_url))

    assert result.returncode == 2
    assert result.stderr.startswith("usage: python app.py")
    assert "Traceback" not in result.stderr
    assert slack.calls == []


def test_an_app_token_without_connections_write_names_the_scope(
    slack: LocalSlack, capsys: pytest.CaptureFixture[str]
) -> None:
    refusal = '{"ok": false, "error": "missing_scope", "needed": "connections:write"}'
    slack.reply_next("apps.connections.open", refusal)

    code = app.main(["--check", "--live"], environ(slack.api_url))

    line = one_line(capsys.readouterr().err)
    assert code == 2
    assert line.startswith("startup: SLACK_APP_TOKEN lacks the scope connections:write")
