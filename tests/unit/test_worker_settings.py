"""The worker's settings: every problem named at once, no secret in any message."""

from __future__ import annotations

from pathlib import Path

import pytest

from settings.environment import ConfigError
from settings.worker import WorkerSettings

GOOD = {
    "SLACK_BOT_TOKEN": "xoxb-secret-bot-value",
    "SLACK_APP_TOKEN": "xapp-secret-app-value",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp",
}


def test_a_complete_configuration_loads() -> None:
    settings = WorkerSettings.load(GOOD)

    assert settings.lifecycle_mcp_url == "http://127.0.0.1:8000/mcp"
    assert settings.slack_bot_token.get_secret_value() == "xoxb-secret-bot-value"
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
        WorkerSettings.load(environ)

    problems = raised.value.problems
    assert any("SLACK_BOT_TOKEN must start with 'xoxb-'" in p for p in problems)
    assert any("SLACK_APP_TOKEN is not set" in p for p in problems)
    assert any("SLACK_API_URL" in p for p in problems)
    assert any("TRUTH_EXPIRY_LIFECYCLE_MCP_URL is not set" in p for p in problems)
    assert any("TIMEOUT" in p for p in problems)
    assert any("TRUTH_EXPIRY_CLAIM_EXTRACTOR" in p for p in problems)
    assert "wrong-kind-secret" not in str(raised.value)


def test_offline_needs_no_lifecycle_url() -> None:
    settings = WorkerSettings.load(
        {**GOOD, "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "", "TRUTH_EXPIRY_USE_FAKES": "1"}
    )

    assert settings.offline
    assert settings.lifecycle_mcp_url is None


def test_the_api_url_gets_its_trailing_slash() -> None:
    settings = WorkerSettings.load({**GOOD, "SLACK_API_URL": "http://127.0.0.1:3000/api"})

    assert settings.slack_api_url == "http://127.0.0.1:3000/api/"


def test_dot_env_is_read_and_the_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(
        "SLACK_BOT_TOKEN=xoxb-from-the-file\n"
        "SLACK_APP_TOKEN=xapp-from-the-file\n"
        "TRUTH_EXPIRY_USE_FAKES=1\n"
        "TRUTH_EXPIRY_HEALTH_PORT=8181\n"
    )
    monkeypatch.chdir(tmp_path)
    for name in ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "TRUTH_EXPIRY_USE_FAKES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TRUTH_EXPIRY_HEALTH_PORT", "8282")

    settings = WorkerSettings.load()

    assert settings.slack_bot_token.get_secret_value() == "xoxb-from-the-file"
    assert settings.offline
    assert settings.health_port == 8282


def test_a_value_of_spaces_is_unset_and_values_are_stripped() -> None:
    settings = WorkerSettings.load({**GOOD, "TRUTH_EXPIRY_HEALTH_PORT": "   ", "SLACK_API_URL": ""})

    assert settings.health_port == 8080
    assert settings.slack_api_url is None
    assert WorkerSettings.load({**GOOD, "TRUTH_EXPIRY_LOG_LEVEL": " debug "}).log_level == "DEBUG"


NOTICES = {**GOOD, "TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL": "C0NOTICES"}
REDIS = {"TRUTH_EXPIRY_DEDUP_REDIS_URL": "redis://redis:6379/0"}


def test_change_notices_are_off_unless_a_channel_is_set() -> None:
    settings = WorkerSettings.load(GOOD)

    assert settings.change_notice_channel is None
    assert not settings.posts_change_notices
    assert settings.change_notice_window_days == 7


@pytest.mark.parametrize(
    ("extra", "posts"),
    [
        (REDIS, True),  # every replica may post: Redis lets one claim each notice
        ({**REDIS, "TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER": "0"}, False),
        ({"TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER": "1"}, True),  # the one notifier, no Redis
        ({"TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER": "0"}, False),  # another replica, no Redis
    ],
)
def test_who_posts_change_notices(extra: dict[str, str], posts: bool) -> None:
    assert WorkerSettings.load(NOTICES | extra).posts_change_notices is posts


def test_without_redis_the_notifier_must_be_named() -> None:
    with pytest.raises(ConfigError) as raised:
        WorkerSettings.load(NOTICES)

    [problem] = raised.value.problems
    assert "TRUTH_EXPIRY_DEDUP_REDIS_URL" in problem
    assert "TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER" in problem


def test_malformed_notice_settings_are_each_named() -> None:
    with pytest.raises(ConfigError) as raised:
        WorkerSettings.load(
            NOTICES
            | REDIS
            | {
                "TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL": "#announcements",
                "TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER": "yes",
                "TRUTH_EXPIRY_CHANGE_NOTICE_WINDOW_DAYS": "365",
                "TRUTH_EXPIRY_CHANGE_NOTICE_INTERVAL": "0",
            }
        )

    problems = raised.value.problems
    assert len(problems) == 4
    assert any("CHANNEL must be a channel ID" in p for p in problems)
    assert any("NOTIFIER must be 0 or 1" in p for p in problems)
    assert any("WINDOW_DAYS must be a number of days from 1 to 90" in p for p in problems)
    assert any("INTERVAL" in p for p in problems)
