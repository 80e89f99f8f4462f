"""Tokens in the settings: the worker refuses what the lifecycle server refuses, by one rule."""

from __future__ import annotations

import pytest

from lifecycle_mcp.settings import parse_settings
from truthexpiry.config.tokens import MIN_BEARER_TOKEN_LENGTH, is_placeholder
from truthexpiry.config.worker import ConfigError, load_worker_settings

WORKER = {
    "SLACK_BOT_TOKEN": "xoxb-1-2-abc",
    "SLACK_APP_TOKEN": "xapp-1-A0-3-def",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp",
}


def server_accepts(token: str) -> bool:
    _, problems = parse_settings({"TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS": token})
    return not problems


def worker_accepts(token: str) -> bool:
    try:
        load_worker_settings({**WORKER, "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": token})
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
