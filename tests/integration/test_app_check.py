"""`python app.py --check`: every misconfiguration named, no secret printed, exit codes.

The checks that pass, and the first ones that fail, run `python app.py --check` as a process;
the table of single misconfigurations calls the same `app.main` in this process (each process
costs about 0.5 s of CPU to import the worker, and what varies is only the message)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import app

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
SECRETS = {
    "SLACK_BOT_TOKEN": "xoxb-very-secret-bot-token",
    "SLACK_APP_TOKEN": "xapp-very-secret-app-token",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": "very-secret-mcp-token-0123",
}
GOOD = {**SECRETS, "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp"}


def check(environ: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", **environ}
    return subprocess.run(
        [sys.executable, "app.py", "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def check_in_process(
    environ: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> subprocess.CompletedProcess[str]:
    """`app.main(["--check"], environ)` here, its outcome as `check`'s: `environ` replaces the
    process environment and `.env`, as a process of its own would have only `environ`."""
    status = app.main(["--check"], {"PATH": "/usr/bin:/bin", **environ})
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["app.py", "--check"], status, out, err)


def test_a_complete_configuration_passes() -> None:
    result = check(GOOD)

    assert result.returncode == 0, result.stderr
    assert "configuration OK" in result.stdout


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"SLACK_BOT_TOKEN": ""}, "SLACK_BOT_TOKEN is not set"),
        ({"SLACK_BOT_TOKEN": "xapp-very-secret-wrong"}, "SLACK_BOT_TOKEN must start with 'xoxb-'"),
        ({"SLACK_APP_TOKEN": "xoxb-very-secret-wrong"}, "SLACK_APP_TOKEN must start with 'xapp-'"),
        ({"TRUTH_EXPIRY_LIFECYCLE_MCP_URL": ""}, "TRUTH_EXPIRY_LIFECYCLE_MCP_URL is not set"),
        ({"TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "localhost:8000"}, "must be an http(s) URL"),
        ({"SLACK_API_URL": "not a url"}, "SLACK_API_URL must be an http(s) URL"),
        (
            {"TRUTH_EXPIRY_METRICS_ENABLED": "1", "TRUTH_EXPIRY_METRICS_PORT": "8080"},
            "must differ",
        ),
        ({"TRUTH_EXPIRY_HEALTH_PORT": "99999"}, "TRUTH_EXPIRY_HEALTH_PORT must be a port"),
        (
            {"TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL": "C0NOTICES"},
            "TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL needs TRUTH_EXPIRY_DEDUP_REDIS_URL",
        ),
        (
            {"TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL": "#general", "TRUTH_EXPIRY_DEDUP_REDIS_URL": ""},
            "TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL must be a channel ID",
        ),
    ],
)
def test_each_misconfiguration_is_named_and_exits_2(
    change: dict[str, str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    result = check_in_process({**GOOD, **change}, capsys)

    assert result.returncode == 2
    assert fragment in result.stderr
    for secret in (*SECRETS.values(), "very-secret-wrong"):
        assert secret not in result.stdout + result.stderr


def test_a_misconfiguration_in_a_process_of_its_own_exits_2_naming_it() -> None:
    result = check({**GOOD, "SLACK_BOT_TOKEN": "xapp-very-secret-wrong"})

    assert result.returncode == 2
    assert "SLACK_BOT_TOKEN must start with 'xoxb-'" in result.stderr
    assert "very-secret" not in result.stdout + result.stderr


def test_a_change_notice_channel_with_its_notifier_passes() -> None:
    result = check(
        {
            **GOOD,
            "TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL": "C0NOTICES",
            "TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER": "1",
        }
    )

    assert result.returncode == 0, result.stderr


def test_all_problems_are_printed_at_once() -> None:
    result = check({"SLACK_API_URL": "nope", "TRUTH_EXPIRY_LOG_LEVEL": "chatty"})

    lines = [line for line in result.stderr.splitlines() if line.startswith("config: ")]
    assert result.returncode == 2
    assert len(lines) >= 5


def sample_settings() -> dict[str, str]:
    """The settings `.env.sample` sets, as an operator who copied it unedited would have them."""
    settings = {}
    for line in (ROOT / ".env.sample").read_text().splitlines():
        name, sep, value = line.partition("=")
        if sep and not line.startswith("#"):
            settings[name.strip()] = value.strip()
    return settings


def test_the_unedited_sample_configuration_is_refused_naming_each_placeholder() -> None:
    sample = sample_settings()
    result = check(sample)

    assert {"SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"} <= sample.keys()
    assert result.returncode == 2
    assert "SLACK_BOT_TOKEN is still the placeholder" in result.stderr
    assert "SLACK_APP_TOKEN is still the placeholder" in result.stderr
    assert "configuration OK" not in result.stdout
