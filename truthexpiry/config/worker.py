"""The Slack worker's settings, read once at the edge (`app.py`) from an environment mapping.

`load_worker_settings` collects every problem it finds and raises `ConfigError` listing them
all; no message ever contains a secret's value. Variable names follow the design notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from truthexpiry.config.environment import flag, http_url, seconds, secret
from truthexpiry.config.llm import LlmSettings, llm_settings
from truthexpiry.config.redis_url import redis_url
from truthexpiry.config.secrets import SecretValue
from truthexpiry.config.tokens import bearer_token_problem, character_problem, is_placeholder
from truthexpiry.models.errors import TruthExpiryError


class ConfigError(TruthExpiryError):
    """The configuration is incomplete or incoherent; `problems` names each issue."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class ExtractorChoice(StrEnum):
    RULES = "rules"
    LIVE = "live"


@dataclass(frozen=True, slots=True)
class WorkerSettings:
    slack_bot_token: SecretValue
    slack_app_token: SecretValue
    slack_api_url: str | None
    lifecycle_mcp_url: str | None  # None only when offline adapters are used
    lifecycle_mcp_token: SecretValue | None
    lifecycle_timeout_seconds: float
    offline: bool  # TRUTH_EXPIRY_USE_FAKES=1: demo corpus and embedded dataset, no MCP or RTS
    extractor: ExtractorChoice
    max_question_chars: int = 3000
    dedup_redis_url: SecretValue | None = None  # shared dedup across replicas; memory when None
    llm: LlmSettings | None = None  # the language model's settings, when the extractor is live
    authority_policy_path: str | None = None  # source precedence and owner confirmation (JSON)


def load_worker_settings(environ: Mapping[str, str]) -> WorkerSettings:
    problems: list[str] = []
    offline = flag(environ, "TRUTH_EXPIRY_USE_FAKES", problems)
    settings = WorkerSettings(
        slack_bot_token=_token(environ, "SLACK_BOT_TOKEN", "xoxb-", problems),
        slack_app_token=_token(environ, "SLACK_APP_TOKEN", "xapp-", problems),
        slack_api_url=http_url(environ, "SLACK_API_URL", problems, trailing_slash=True),
        lifecycle_mcp_url=None
        if offline
        else _required_url(environ, "TRUTH_EXPIRY_LIFECYCLE_MCP_URL", problems),
        lifecycle_mcp_token=_bearer_token(environ, "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN", problems),
        lifecycle_timeout_seconds=seconds(
            environ, "TRUTH_EXPIRY_LIFECYCLE_MCP_TIMEOUT", 2.0, problems, high=60
        ),
        offline=offline,
        extractor=_extractor(environ, problems),
        llm=_live_extractor_settings(environ, problems),
        dedup_redis_url=redis_url(environ, "TRUTH_EXPIRY_DEDUP_REDIS_URL", problems),
        authority_policy_path=environ.get("TRUTH_EXPIRY_AUTHORITY_POLICY_PATH", "").strip() or None,
    )
    if problems:
        raise ConfigError(problems)
    return settings


def _token(environ: Mapping[str, str], name: str, prefix: str, problems: list[str]) -> SecretValue:
    value = environ.get(name, "").strip()
    if not value:
        problems.append(f"{name} is not set")
    elif not value.startswith(prefix):
        problems.append(f"{name} must start with {prefix!r}")
    elif is_placeholder(value):
        problems.append(f"{name} is still the placeholder from .env.sample: paste the real token")
    elif (problem := character_problem(value)) is not None:
        problems.append(f"{name} {problem}")
    return SecretValue(value)


def _bearer_token(environ: Mapping[str, str], name: str, problems: list[str]) -> SecretValue | None:
    """The token for the lifecycle server, held to the rules the server applies to its own."""
    token = secret(environ, name)
    if token is None:
        return None
    if is_placeholder(token.reveal()):
        problems.append(f"{name} is still a placeholder: set one of the server's tokens")
    elif (problem := bearer_token_problem(token.reveal())) is not None:
        problems.append(f"{name} {problem} (the lifecycle server would refuse it)")
    return token


def _required_url(environ: Mapping[str, str], name: str, problems: list[str]) -> str | None:
    value = http_url(environ, name, problems)
    if value is None and not environ.get(name, "").strip():
        problems.append(f"{name} is not set (or set TRUTH_EXPIRY_USE_FAKES=1 to run offline)")
    return value


def _extractor(environ: Mapping[str, str], problems: list[str]) -> ExtractorChoice:
    raw = environ.get("TRUTH_EXPIRY_CLAIM_EXTRACTOR", "").strip().lower() or "rules"
    try:
        choice = ExtractorChoice(raw)
    except ValueError:
        problems.append("TRUTH_EXPIRY_CLAIM_EXTRACTOR must be 'rules' or 'live'")
        return ExtractorChoice.RULES
    return choice


def _live_extractor_settings(environ: Mapping[str, str], problems: list[str]) -> LlmSettings | None:
    if environ.get("TRUTH_EXPIRY_CLAIM_EXTRACTOR", "").strip().lower() != ExtractorChoice.LIVE:
        return None
    return llm_settings(environ, problems)
