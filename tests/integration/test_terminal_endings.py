"""The ways a terminal ends a run early, on real processes: a reader that leaves (`| head`, here
a pipe closed before anything is read) ends the demo, `ask` and `eval` quietly, and Ctrl-C
(SIGINT) ends the command line, the worker and the lifecycle MCP server without a traceback."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from devtools.lifecycle_server import PREFIX
from devtools.processes import free_port
from tests.integration.test_app_startup import environ
from tests.local_slack import LocalSlack

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
QUESTION = "Is report export still available on Starter?"


def spawn(command: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize(
    "command",
    [
        ["-m", "devtools.demo", "--offline"],
        ["-m", "devtools.demo"],
        ["-m", "truthexpiry", "ask", QUESTION],
        ["-m", "truthexpiry", "ask", QUESTION, "--json"],
        [
            *("-m", "truthexpiry", "eval", str(DATA / "cloudnest_cases.jsonl"), "--verbose"),
            *("--lifecycle-data", str(DATA / "cloudnest_records.json")),
        ],
    ],
    ids=["demo-offline", "demo", "ask", "ask-json", "eval"],
)
def test_a_reader_that_leaves_early_ends_the_run_quietly(command: list[str]) -> None:
    process = spawn([sys.executable, *command])
    assert process.stdout is not None
    process.stdout.close()  # the reader is gone before the first line is written

    _, errors = process.communicate(timeout=120)

    assert "Traceback" not in errors
    assert "BrokenPipeError" not in errors
    assert errors.strip() == ""
    assert process.returncode == 0


def test_ctrl_c_during_a_lifecycle_call_prints_one_line_and_exits_130() -> None:
    with socket.socket() as silent:  # accepts the connection and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/mcp"
        waiting = ("--lifecycle-url", url, "--lifecycle-timeout", "60")
        process = spawn([sys.executable, "-m", "truthexpiry", "ask", QUESTION, *waiting])
        silent.settimeout(60)
        connection, _ = silent.accept()  # the command is now waiting for the catalog
        process.send_signal(signal.SIGINT)
        output, errors = process.communicate(timeout=30)
        connection.close()

    assert process.returncode == 130
    assert errors == "interrupted\n"
    assert output == ""


def test_ctrl_c_stops_the_worker_cleanly() -> None:
    with LocalSlack() as slack:
        env = environ(slack.api_url, TRUTH_EXPIRY_LOG_LEVEL="WARNING")
        process = spawn([sys.executable, "app.py"], env)
        slack.wait_for_connection(timeout=60)
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)

    assert process.returncode == 0
    assert "Traceback" not in errors
    assert "KeyboardInterrupt" not in errors


def test_ctrl_c_stops_the_lifecycle_server_cleanly() -> None:
    health = free_port()
    env = {
        f"{PREFIX}HOST": "127.0.0.1",
        f"{PREFIX}PORT": str(free_port()),
        f"{PREFIX}HEALTH_PORT": str(health),
        f"{PREFIX}TOKENS": "a-token-for-this-test-only-0123456789",
    }
    process = spawn([sys.executable, "-m", "lifecycle_mcp.server"], env)
    assert process.stderr is not None
    for line in process.stderr:  # its start-up line says it is serving
        if "lifecycle MCP server at" in line:
            break
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=60)

    assert process.returncode == 0
    assert "Traceback" not in errors
    assert "stopped" in errors


def test_ctrl_c_in_a_terminal_stops_the_worker_and_its_relay_cleanly() -> None:
    """A terminal sends Ctrl-C to the whole foreground group: the Socket Mode relay too."""
    with LocalSlack() as slack:
        env = environ(slack.api_url, TRUTH_EXPIRY_LOG_LEVEL="WARNING")
        process = subprocess.Popen(
            [sys.executable, "app.py"],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own group, as a shell's foreground job
        )
        slack.wait_for_connection(timeout=60)
        os.killpg(process.pid, signal.SIGINT)
        _, errors = process.communicate(timeout=60)

    assert process.returncode == 0
    assert "Traceback" not in errors
    assert "KeyboardInterrupt" not in errors
    assert "relay ended" not in errors  # it ended when the worker told it to, not before
