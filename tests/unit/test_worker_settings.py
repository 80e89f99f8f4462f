"""The worker's settings: every problem named at once, no secret in any message."""

from __future__ import annotations

import pytest

from truthexpiry.config.worker import ConfigError, load_worker_settings

GOOD = {
    "SLACK_BOT_TOKEN": "xoxb-secret-bot-value",
    "SLACK_APP_TOKEN": "xapp-secret-app-value",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp",
}


def test_a_complete_configuration_loads() -> None:
    settings = load_worker_settings(GOOD)

    assert settings.lifecycle_mcp_url == "http://127.0.0.1:8000/mcp"
    assert settings.slack_bot_token.reveal() == "xoxb-secret-bot-value"
    assert "secret" not in repr(settings)


def test_every_problem_is_named_at_once_without_secrets() -> None:
    environ = {
        "SLACK_BOT_TOKEN": "xapp-wrong-kind-secret",
        "SLACK_APP_TOKEN": "",
        "SLACK_API_URL": "ftp://nope",
        "TRUTH_EXPIRY_LIFECYCLE_MCP_TIMEOUT": "-3",
        "TRUTH_EXPIRY_CLAIM_EXTRACTOR": "magic",
    }

    with pytest.raises(ConfigError) as raised:
        load_worker_settings(environ)

    problems = raised.value.problems
    assert any("SLACK_BOT_TOKEN must start with 'xoxb-'" in p for p in problems)
    assert any("SLACK_APP_TOKEN is not set" in p for p in problems)
    assert any("SLACK_API_URL" in p for p in problems)
    assert any("TRUTH_EXPIRY_LIFECYCLE_MCP_URL is not set" in p for p in problems)
    assert any("TIMEOUT" in p for p in problems)
    assert any("TRUTH_EXPIRY_CLAIM_EXTRACTOR" in p for p in problems)
    assert "wrong-kind-secret" not in str(raised.value)


def test_offline_needs_no_lifecycle_url() -> None:
    settings = load_worker_settings(
        {**GOOD, "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "", "TRUTH_EXPIRY_USE_FAKES": "1"}
    )

    assert settings.offline
    assert settings.lifecycle_mcp_url is None


def test_the_api_url_gets_its_trailing_slash() -> None:
    settings = load_worker_settings({**GOOD, "SLACK_API_URL": "http://127.0.0.1:3000/api"})

    assert settings.slack_api_url == "http://127.0.0.1:3000/api/"
