"""Settings of the lifecycle MCP server: defaults, validation that lists every problem, secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from lifecycle_mcp.settings import (
    ALLOWED_HOSTS,
    AUTH_DISABLED,
    DATASET_PATH,
    HEALTH_PORT,
    HOST,
    PORT,
    RELOAD_SECONDS,
    TOKENS,
    ServerSettings,
)
from settings.environment import ConfigError

TOKEN_A = "token-a-0123456789abcdef"
TOKEN_B = "token-b-0123456789abcdef"


def problems_of(environ: dict[str, str]) -> list[str]:
    try:
        ServerSettings.load(environ)
    except ConfigError as error:
        return error.problems
    return []


def load_settings(environ: dict[str, str]) -> ServerSettings:
    return ServerSettings.load(environ)


def test_defaults_bind_loopback_on_8000_and_8001_with_the_packaged_dataset() -> None:
    settings = load_settings({TOKENS: TOKEN_A})

    assert [token.get_secret_value() for token in settings.tokens] == [TOKEN_A]
    assert (settings.host, settings.port, settings.health_port) == ("127.0.0.1", 8000, 8001)
    assert settings.dataset_path is None
    assert settings.reload_seconds == 0


def test_every_variable_is_read(tmp_path: Path) -> None:
    dataset = tmp_path / "data.json"
    dataset.write_text("{}")

    settings = load_settings(
        {
            HOST: "0.0.0.0",
            PORT: "9000",
            HEALTH_PORT: "9001",
            DATASET_PATH: str(dataset),
            TOKENS: f" {TOKEN_A} , {TOKEN_B} ,",
            ALLOWED_HOSTS: "lifecycle-mcp:8000, mcp.internal:443",
            RELOAD_SECONDS: "2.5",
        }
    )

    assert (settings.host, settings.port, settings.health_port) == ("0.0.0.0", 9000, 9001)
    assert settings.dataset_path == dataset
    assert [token.get_secret_value() for token in settings.tokens] == [TOKEN_A, TOKEN_B]
    assert settings.allowed_hosts == ("lifecycle-mcp:8000", "mcp.internal:443")
    assert settings.reload_seconds == 2.5


def test_only_the_value_1_disables_auth() -> None:
    assert load_settings({AUTH_DISABLED: "1"}).auth_disabled is True
    assert any(AUTH_DISABLED in p for p in problems_of({AUTH_DISABLED: "true"}))


def test_no_tokens_without_explicitly_disabling_auth_is_a_problem() -> None:
    assert problems_of({}) == [f"set {TOKENS} (comma-separated bearer tokens) or {AUTH_DISABLED}=1"]
    assert problems_of({AUTH_DISABLED: "0"}) == problems_of({})


def test_tokens_and_disabled_auth_together_are_incoherent() -> None:
    assert any("choose one" in p for p in problems_of({TOKENS: TOKEN_A, AUTH_DISABLED: "1"}))


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    problems = problems_of(
        {
            PORT: "70000",
            HEALTH_PORT: "http",
            DATASET_PATH: str(tmp_path / "missing.json"),
            TOKENS: "short",
            ALLOWED_HOSTS: "http://lifecycle-mcp:8000",
            RELOAD_SECONDS: "soon",
        }
    )

    assert len(problems) == 6
    assert any(PORT in p for p in problems)
    assert any(HEALTH_PORT in p for p in problems)
    assert any(DATASET_PATH in p for p in problems)
    assert any("token #1 is shorter" in p for p in problems)
    assert any(ALLOWED_HOSTS in p for p in problems)
    assert any(RELOAD_SECONDS in p for p in problems)


def test_the_mcp_and_health_ports_must_differ() -> None:
    problems = problems_of({TOKENS: TOKEN_A, PORT: "8001"})

    assert problems == [f"{PORT} and {HEALTH_PORT} must differ (both 8001)"]


def test_hot_reload_needs_an_explicit_dataset_path() -> None:
    problems = problems_of({TOKENS: TOKEN_A, RELOAD_SECONDS: "5"})

    assert problems == [f"{RELOAD_SECONDS} needs an explicit {DATASET_PATH} to watch"]


@pytest.mark.parametrize("token", ["tab\tinside-0123456789", "ünïcode-0123456789abc"])
def test_a_token_must_be_visible_ascii(token: str) -> None:
    assert any("visible ASCII" in p for p in problems_of({TOKENS: token}))


def test_load_settings_raises_with_the_list_of_problems() -> None:
    with pytest.raises(ConfigError) as raised:
        load_settings({PORT: "0"})

    assert len(raised.value.problems) == 2


def test_no_problem_and_no_repr_reveals_a_token() -> None:
    secret_short, secret_long = "tiny-secret", "a-long-enough-secret-value"
    problems = problems_of({TOKENS: f"{secret_long},{secret_short}", PORT: "x"})
    settings = load_settings({TOKENS: f"{secret_long}-0,{secret_long}-1"})

    text = repr(settings) + str(settings) + " ".join(problems)
    assert secret_long not in text
    assert secret_short not in text
    assert settings.auth_summary == "bearer (2 accepted tokens)"
