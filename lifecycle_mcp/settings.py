"""The lifecycle MCP server's settings, read once from the environment by the server's `main`.

`ServerSettings.load(environ)` checks every variable and raises `ConfigError` with the full
list of problems, so that an operator fixes them in one round; no message carries a value.
Bearer tokens are `SecretStr`s. Unlike the worker, the server reads no `.env` file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

from pydantic import BeforeValidator, Field, SecretStr, ValidationInfo
from pydantic import field_validator as checks
from pydantic_settings import NoDecode

from lifecycle_mcp.http.limits import Limits
from settings.environment import (
    EnvironmentSettings,
    flag,
    port,
    problem,
    seconds,
    whole_number,
)
from settings.tokens import MIN_BEARER_TOKEN_LENGTH, TOKEN_CHARACTERS

PREFIX = "TRUTH_EXPIRY_LIFECYCLE_MCP_"
HOST = PREFIX + "HOST"
PORT = PREFIX + "PORT"
HEALTH_PORT = PREFIX + "HEALTH_PORT"
DATASET_PATH = PREFIX + "DATASET_PATH"
TOKENS = PREFIX + "TOKENS"
AUTH_DISABLED = PREFIX + "AUTH_DISABLED"
ALLOWED_HOSTS = PREFIX + "ALLOWED_HOSTS"
RELOAD_SECONDS = PREFIX + "RELOAD_SECONDS"
MAX_CONNECTIONS = PREFIX + "MAX_CONNECTIONS"
MAX_IN_FLIGHT = PREFIX + "MAX_IN_FLIGHT"
READ_TIMEOUT = PREFIX + "READ_TIMEOUT_SECONDS"
METRICS_ENABLED = "TRUTH_EXPIRY_METRICS_ENABLED"  # shared with the worker, as in the design notes
METRICS_PORT = "TRUTH_EXPIRY_METRICS_PORT"

ServerPort = Annotated[int, BeforeValidator(port(lowest=1))]
_LIMITS = Limits()


def _tokens(value: object) -> object:
    if not isinstance(value, str):
        return value
    tokens = [part.strip() for part in value.split(",") if part.strip()]
    for position, token in enumerate(tokens, start=1):
        if len(token) < MIN_BEARER_TOKEN_LENGTH:
            raise problem(f": token #{position} is shorter than {MIN_BEARER_TOKEN_LENGTH}")
        if not set(token) <= TOKEN_CHARACTERS:
            raise problem(f": token #{position} has characters outside visible ASCII")
    return tuple(SecretStr(token) for token in tokens)


def _allowed_hosts(value: object) -> object:
    if not isinstance(value, str):
        return value
    hosts = tuple(part.strip() for part in value.split(",") if part.strip())
    for position, host in enumerate(hosts, start=1):
        if "/" in host or any(ch.isspace() for ch in host):
            raise problem(f": host #{position} is not a Host header value")
    return hosts


def _auth_disabled(value: object) -> object:
    if isinstance(value, str) and value not in ("0", "1"):
        raise problem("must be 1 (disable auth) or 0")
    return flag(value)


class ServerSettings(EnvironmentSettings):
    host: str = Field("127.0.0.1", alias=HOST)
    port: ServerPort = Field(8000, alias=PORT)
    health_port: ServerPort = Field(8001, alias=HEALTH_PORT, validate_default=True)
    metrics_enabled: Annotated[bool, BeforeValidator(flag)] = Field(False, alias=METRICS_ENABLED)
    metrics_port: ServerPort | None = Field(  # Prometheus text here when metrics are enabled
        9090, alias=METRICS_PORT, validate_default=True
    )
    dataset_path: Path | None = Field(None, alias=DATASET_PATH)  # None: the packaged demo dataset
    tokens: Annotated[tuple[SecretStr, ...], NoDecode, BeforeValidator(_tokens)] = Field(
        (), alias=TOKENS
    )
    auth_disabled: Annotated[bool, BeforeValidator(_auth_disabled)] = Field(
        False, alias=AUTH_DISABLED, validate_default=True
    )
    allowed_hosts: Annotated[tuple[str, ...], NoDecode, BeforeValidator(_allowed_hosts)] = Field(
        (), alias=ALLOWED_HOSTS
    )
    reload_seconds: Annotated[float, BeforeValidator(seconds(86_400, zero_allowed=True))] = Field(
        0.0, alias=RELOAD_SECONDS
    )
    max_in_flight: Annotated[int, BeforeValidator(whole_number(1, 4096))] = Field(
        _LIMITS.max_in_flight, alias=MAX_IN_FLIGHT
    )  # requests to /mcp served at once; more get 503
    max_connections: Annotated[int, BeforeValidator(whole_number(1, 65536))] = Field(
        _LIMITS.max_connections, alias=MAX_CONNECTIONS
    )  # open connections on the MCP port
    read_timeout: Annotated[float, BeforeValidator(seconds(300))] = Field(
        _LIMITS.read_timeout, alias=READ_TIMEOUT
    )  # to send a request head, and again its body

    @checks("host")
    @classmethod
    def _host(cls, value: str) -> str:
        if any(ch.isspace() or ch in "/@" for ch in value):
            raise problem("is not a host name or IP address")
        return value

    @checks("health_port")
    @classmethod
    def _ports_differ(cls, value: int, info: ValidationInfo) -> int:
        if value == info.data.get("port"):
            raise problem(f"{PORT} and {HEALTH_PORT} must differ (both {value})", whole=True)
        return value

    @checks("metrics_port")
    @classmethod
    def _metrics_port(cls, value: int | None, info: ValidationInfo) -> int | None:
        if not info.data.get("metrics_enabled"):
            return None
        if value in (info.data.get("port"), info.data.get("health_port")):
            raise problem(f"must differ from {PORT} and {HEALTH_PORT}")
        return value

    @checks("dataset_path")
    @classmethod
    def _readable_file(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_file():
            raise problem("is not an existing file")
        if value is not None and not os.access(value, os.R_OK):
            raise problem("is not readable")
        return value

    @checks("auth_disabled")
    @classmethod
    def _auth_chosen(cls, value: bool, info: ValidationInfo) -> bool:
        if "tokens" not in info.data:
            return value
        if value and info.data["tokens"]:
            raise problem(f"{TOKENS} is set but {AUTH_DISABLED}=1: choose one", whole=True)
        if not value and not info.data["tokens"]:
            text = f"set {TOKENS} (comma-separated bearer tokens) or {AUTH_DISABLED}=1"
            raise problem(text, whole=True)
        return value

    @checks("reload_seconds")
    @classmethod
    def _reload_needs_a_path(cls, value: float, info: ValidationInfo) -> float:
        if value > 0 and "dataset_path" in info.data and info.data["dataset_path"] is None:
            raise problem(f"needs an explicit {DATASET_PATH} to watch")
        return value

    @checks("max_connections")
    @classmethod
    def _room_for_requests(cls, value: int, info: ValidationInfo) -> int:
        in_flight = info.data.get("max_in_flight")
        if in_flight is not None and value < in_flight:
            raise problem(f"must be at least {MAX_IN_FLIGHT} ({in_flight})")
        return value

    @property
    def limits(self) -> Limits:
        """Connections, requests in flight and the read timeout, before fitting to open files."""
        return Limits(
            max_connections=self.max_connections,
            max_in_flight=self.max_in_flight,
            read_timeout=self.read_timeout,
        )

    @property
    def auth_summary(self) -> str:
        if self.auth_disabled:
            return "disabled"
        return f"bearer ({len(self.tokens)} accepted token{'s' if len(self.tokens) != 1 else ''})"
