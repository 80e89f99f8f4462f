"""The Slack worker's settings: one class, read once at the edge (`app.py`).

`WorkerSettings.load()` reads the process environment and `.env` (the environment wins);
`WorkerSettings.load(mapping)` reads only the mapping. Every problem is named at once and no
message carries a value. Secrets are `SecretStr`: their repr is `**********`. The language
model's part is `ModelSettings` (`settings/model.py`), read only for the live extractor.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, SecretStr, ValidationInfo, model_validator
from pydantic import field_validator as checks
from pydantic_settings import SettingsConfigDict

from settings.environment import flag, on_text, port, problem, seconds
from settings.model import MISSING_KEY, MODEL_VARIABLES, ModelSettings, Url, header_safe
from settings.tokens import bearer_token_problem, is_placeholder

_REDIS_URL = re.compile(
    r"^rediss?://"
    r"(?:[^@/\s]*@)?"  # optional user:password
    r"(?:[A-Za-z0-9.\-_]+|\[[0-9A-Fa-f:.]+\])"  # host name, IPv4 or [IPv6]
    r"(?::(?P<port>\d{1,5}))?"
    r"(?:/(?P<db>\d{1,2})?)?"
    r"(?:\?\S*)?$"
)
_HOST = re.compile(r"^[A-Za-z0-9.:\-\[\]]+$")
_CHANNEL_ID = re.compile(r"^[CG][A-Z0-9]{2,20}$")
WHO_POSTS_NOTICES = (
    "TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL needs TRUTH_EXPIRY_DEDUP_REDIS_URL (replicas share which "
    "notices were posted) or TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER set: 1 on exactly one replica, "
    "0 on the others"
)
_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


Flag = Annotated[bool, BeforeValidator(flag)]


class ExtractorChoice(StrEnum):
    RULES = "rules"
    LIVE = "live"


def _slack_token(prefix: str) -> BeforeValidator:
    def check(value: str) -> str:
        if not value.startswith(prefix):
            raise problem(f"must start with {prefix!r}")
        if is_placeholder(value):
            raise problem("is still the placeholder from .env.sample: paste the real token")
        return header_safe(value)

    return on_text(check)


def _lifecycle_token(value: str) -> str:
    """The token for the lifecycle server, held to the rules the server applies to its own."""
    if is_placeholder(value):
        raise problem("is still a placeholder: set one of the server's tokens")
    if (reason := bearer_token_problem(value)) is not None:
        raise problem(f"{reason} (the lifecycle server would refuse it)")
    return value


def _redis_url(value: str) -> str:
    match = _REDIS_URL.match(value)
    if match is None:
        raise problem("must be a redis:// or rediss:// URL (redis://host:6379/0)")
    if match.group("port") is not None and not 0 < int(match.group("port")) <= 65535:
        raise problem("has a port outside 1-65535")
    return value


def _days(value: object) -> int:
    """A notice window: 1 to 90 days."""
    text = str(value)
    if text.isascii() and text.isdigit() and 1 <= int(text) <= 90:
        return int(text)
    raise problem("must be a number of days from 1 to 90")


class WorkerSettings(ModelSettings):
    model_config = SettingsConfigDict(env_file=".env")

    offline: Flag = Field(False, alias="TRUTH_EXPIRY_USE_FAKES")  # demo corpus, embedded dataset
    slack_bot_token: Annotated[SecretStr, _slack_token("xoxb-")] = Field(alias="SLACK_BOT_TOKEN")
    slack_app_token: Annotated[SecretStr, _slack_token("xapp-")] = Field(alias="SLACK_APP_TOKEN")
    slack_api_url: Url | None = Field(None, alias="SLACK_API_URL")
    slack_startup_timeout: Annotated[float, BeforeValidator(seconds(60))] = Field(
        10.0, alias="TRUTH_EXPIRY_SLACK_STARTUP_TIMEOUT"
    )  # how long each start-up check of a Slack token waits for Slack
    lifecycle_mcp_url: Url | None = Field(
        None, alias="TRUTH_EXPIRY_LIFECYCLE_MCP_URL", validate_default=True
    )  # None only when offline
    lifecycle_mcp_token: Annotated[SecretStr | None, on_text(_lifecycle_token)] = Field(
        None, alias="TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN"
    )
    lifecycle_timeout_seconds: Annotated[float, BeforeValidator(seconds(60))] = Field(
        2.0, alias="TRUTH_EXPIRY_LIFECYCLE_MCP_TIMEOUT"
    )
    extractor: ExtractorChoice = Field(
        ExtractorChoice.RULES, alias="TRUTH_EXPIRY_CLAIM_EXTRACTOR", validate_default=True
    )
    dedup_redis_url: Annotated[SecretStr | None, on_text(_redis_url)] = Field(
        None, alias="TRUTH_EXPIRY_DEDUP_REDIS_URL"
    )  # shared dedup across replicas; memory when None
    authority_policy_path: str | None = Field(None, alias="TRUTH_EXPIRY_AUTHORITY_POLICY_PATH")
    # Change notices (opt-in): the channel, who posts, how far back, how often to look.
    change_notice_channel: str | None = Field(None, alias="TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL")
    change_notice_notifier: Annotated[bool | None, on_text(flag)] = Field(
        None, alias="TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER", validate_default=True
    )  # None: every replica with Redis posts (Redis decides who); without Redis, required
    change_notice_window_days: Annotated[int, BeforeValidator(_days)] = Field(
        7, alias="TRUTH_EXPIRY_CHANGE_NOTICE_WINDOW_DAYS"
    )  # a change older than this is never announced
    change_notice_interval: Annotated[float, BeforeValidator(seconds(3600))] = Field(
        60.0, alias="TRUTH_EXPIRY_CHANGE_NOTICE_INTERVAL"
    )  # seconds between looks at the records
    # Operations: side ports, metrics, draining, logging.
    ops_host: str = Field("0.0.0.0", alias="TRUTH_EXPIRY_OPS_HOST")  # health and metrics servers
    health_port: Annotated[int, BeforeValidator(port())] = Field(
        8080, alias="TRUTH_EXPIRY_HEALTH_PORT"
    )
    metrics_enabled: Flag = Field(False, alias="TRUTH_EXPIRY_METRICS_ENABLED")
    metrics_port: Annotated[int, BeforeValidator(port())] = Field(
        9090, alias="TRUTH_EXPIRY_METRICS_PORT", validate_default=True
    )
    drain_seconds: Annotated[float, BeforeValidator(seconds(300, zero_allowed=True))] = Field(
        20.0, alias="TRUTH_EXPIRY_DRAIN_SECONDS"
    )  # how long shutdown waits for questions in flight
    log_level: str = Field("INFO", alias="TRUTH_EXPIRY_LOG_LEVEL")
    lifecycle_health_url: Url | None = Field(
        None, alias="TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_URL"
    )  # the MCP server's /readyz; else readiness calls the MCP server
    socket_ping_interval: Annotated[float, BeforeValidator(seconds(60))] = Field(
        10.0, alias="TRUTH_EXPIRY_SOCKET_PING_INTERVAL"
    )  # bounds how fast a dead socket is seen

    @model_validator(mode="before")
    @classmethod
    def _model_only_when_live(cls, data: Any) -> Any:
        """The model's variables are read (and checked) only for the live extractor."""
        if not isinstance(data, dict):
            return data
        choice = str(data.get("TRUTH_EXPIRY_CLAIM_EXTRACTOR", "")).strip().lower()
        if choice == ExtractorChoice.LIVE:
            return data
        return {key: value for key, value in data.items() if key not in MODEL_VARIABLES}

    @checks("slack_api_url")
    @classmethod
    def _trailing_slash(cls, value: str | None) -> str | None:
        return value if value is None or value.endswith("/") else value + "/"

    @checks("lifecycle_mcp_url")
    @classmethod
    def _required_online(cls, value: str | None, info: ValidationInfo) -> str | None:
        if info.data.get("offline"):
            return None
        if value is None and "offline" in info.data:
            raise problem("is not set (or set TRUTH_EXPIRY_USE_FAKES=1 to run offline)")
        return value

    @checks("extractor", mode="before")
    @classmethod
    def _choice(cls, value: object) -> object:
        if isinstance(value, str) and value.lower() not in tuple(ExtractorChoice):
            raise problem("must be 'rules' or 'live'")
        return value.lower() if isinstance(value, str) else value

    @checks("extractor")
    @classmethod
    def _live_needs_a_key(cls, value: ExtractorChoice, info: ValidationInfo) -> ExtractorChoice:
        known = "openai_api_key" in info.data
        if value is ExtractorChoice.LIVE and known and info.data["openai_api_key"] is None:
            raise problem(MISSING_KEY, whole=True)
        return value

    @checks("change_notice_channel")
    @classmethod
    def _channel_id(cls, value: str | None) -> str | None:
        if value is not None and not _CHANNEL_ID.match(value):
            raise problem("must be a channel ID such as C0123ABCD (not a #name)")
        return value

    @checks("change_notice_notifier")
    @classmethod
    def _who_posts(cls, value: bool | None, info: ValidationInfo) -> bool | None:
        """Without Redis, the replicas cannot share which notices were posted: say which one
        posts. (Skipped when the channel or the Redis URL has a problem of its own.)"""
        if "change_notice_channel" not in info.data or "dedup_redis_url" not in info.data:
            return value
        alone = info.data["dedup_redis_url"] is None
        if info.data["change_notice_channel"] and alone and value is None:
            raise problem(WHO_POSTS_NOTICES, whole=True)
        return value

    @checks("ops_host")
    @classmethod
    def _host(cls, value: str) -> str:
        if not _HOST.match(value):
            raise problem("must be a host name or address")
        return value

    @checks("metrics_port")
    @classmethod
    def _ports_differ(cls, value: int, info: ValidationInfo) -> int:
        if info.data.get("metrics_enabled") and value == info.data.get("health_port") != 0:
            raise problem("and TRUTH_EXPIRY_HEALTH_PORT must differ")
        return value

    @checks("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        if value.upper() not in _LEVELS:
            raise problem(f"must be one of {', '.join(_LEVELS)}")
        return value.upper()

    @property
    def posts_change_notices(self) -> bool:
        """Whether this replica posts change notices: a channel is set, and this replica is
        the notifier (or, with Redis deciding who, not told it is not)."""
        if self.change_notice_channel is None:
            return False
        if self.change_notice_notifier is not None:
            return self.change_notice_notifier
        return self.dedup_redis_url is not None

    @property
    def live_model(self) -> ModelSettings | None:
        """The model's settings when the extractor is live, else None (the rules)."""
        return self if self.extractor is ExtractorChoice.LIVE else None
