"""Tokens in the settings: the worker refuses what the lifecycle server refuses, by one rule."""

from __future__ import annotations

import pytest

import app
from lifecycle_mcp.settings import ServerSettings
from settings.environment import ConfigError
from settings.tokens import MIN_BEARER_TOKEN_LENGTH, is_placeholder
from settings.worker import WorkerSettings

WORKER = {
    "SLACK_BOT_TOKEN": "xoxb-1-2-abc",
    "SLACK_APP_TOKEN": "xapp-1-A0-3-def",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp",
}


def server_accepts(token: str) -> bool:
    try:
        ServerSettings.load({"TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS": token})
    except ConfigError:
        return False
    return True


def worker_accepts(token: str) -> bool:
    try:
        WorkerSettings.load({**WORKER, "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": token})
    except ConfigError:
        return False
    return True


@pytest.mark.parametrize(
    "token",
    [
        "t" * (MIN_BEARER_TOKEN_LENGTH - 1),
        "t" * MIN_BEARER_TOKEN_LENGTH,
        "t" * 40,
        "token with spaces inside it",
        "t\u00e9" * MIN_BEARER_TOKEN_LENGTH,
    ],
)
def test_the_worker_accepts_a_lifecycle_token_exactly_when_the_server_would(token: str) -> None:
    assert worker_accepts(token) == server_accepts(token)


@pytest.mark.parametrize(
    "value", ["xoxb-your-bot-token", "xapp-your-app-level-token", "xoxb-...", "xoxb-changeme"]
)
def test_template_stand_ins_are_placeholders(value: str) -> None:
    assert is_placeholder(value)


@pytest.mark.parametrize("value", ["xoxb-1234-5678-aBcDyourEf", "xapp-1-A0B-2-abc"])
def test_real_looking_tokens_are_not_placeholders(value: str) -> None:
    assert not is_placeholder(value)


CHECKED = {**WORKER, "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": "very-secret-mcp-token-0123"}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"SLACK_BOT_TOKEN": "xoxb-very-secret-wrong token"}, "SLACK_BOT_TOKEN has a space"),
        ({"SLACK_APP_TOKEN": "xapp-very-secret-wrong\ttab"}, "SLACK_APP_TOKEN has a space"),
        ({"SLACK_BOT_TOKEN": "xoxb-your-bot-token"}, "SLACK_BOT_TOKEN is still the placeholder"),
        ({"SLACK_BOT_TOKEN": "xoxb-..."}, "SLACK_BOT_TOKEN is still the placeholder"),
        (
            {"TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": "very-secret-wro"},
            "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN is shorter than 16 characters",
        ),
        (
            {"TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": "very-secret-wrong and long"},
            "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN has a space",
        ),
        (
            {"OPENAI_API_KEY": "sk-very secret-wrong", "TRUTH_EXPIRY_CLAIM_EXTRACTOR": "live"},
            "OPENAI_API_KEY has a space",
        ),
        ({"TRUTH_EXPIRY_HEALTH_PORT": "9" * 5000}, "TRUTH_EXPIRY_HEALTH_PORT must be a port"),
        ({"TRUTH_EXPIRY_HEALTH_PORT": "\u0668\u0660"}, "TRUTH_EXPIRY_HEALTH_PORT must be a port"),
    ],
)
def test_app_check_names_each_unusable_token_and_exits_2(
    change: dict[str, str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = app.main(["--check"], {**CHECKED, **change})

    captured = capsys.readouterr()
    assert code == 2
    assert f"config: {fragment}" in captured.err
    assert "configuration OK" not in captured.out
    assert "very-secret" not in captured.out + captured.err


def test_app_check_passes_a_usable_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    assert app.main(["--check"], CHECKED) == 0
    assert "configuration OK" in capsys.readouterr().out
