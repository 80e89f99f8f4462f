"""The lifecycle MCP server's configuration, read once from an environment mapping.

`load_settings(os.environ)` is called by the server's `main` and nowhere else. It checks every
variable and raises `SettingsError` carrying the full list of problems, so that an operator fixes
them in one round. Bearer tokens are held as `SecretValue`s: their repr is hidden, and no message
here ever contains one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from lifecycle_mcp.limits import Limits, parse_limits
from truthexpiry.config.environment import flag, port
from truthexpiry.config.secrets import SecretValue
from truthexpiry.config.tokens import MIN_BEARER_TOKEN_LENGTH, TOKEN_CHARACTERS

PREFIX = "TRUTH_EXPIRY_LIFECYCLE_MCP_"
HOST = PREFIX + "HOST"
PORT = PREFIX + "PORT"
HEALTH_PORT = PREFIX + "HEALTH_PORT"
DATASET_PATH = PREFIX + "DATASET_PATH"
TOKENS = PREFIX + "TOKENS"
AUTH_DISABLED = PREFIX + "AUTH_DISABLED"
ALLOWED_HOSTS = PREFIX + "ALLOWED_HOSTS"
RELOAD_SECONDS = PREFIX + "RELOAD_SECONDS"
METRICS_ENABLED = "TRUTH_EXPIRY_METRICS_ENABLED"  # shared with the worker, as in the design notes
METRICS_PORT = "TRUTH_EXPIRY_METRICS_PORT"


class SettingsError(Exception):
    """The configuration is incomplete or incoherent; `problems` names each issue."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class ServerSettings:
    host: str = "127.0.0.1"
    port: int = 8000
    health_port: int = 8001
    dataset_path: Path | None = None  # None: the packaged demo dataset
    tokens: tuple[SecretValue, ...] = ()
    auth_disabled: bool = False
    allowed_hosts: tuple[str, ...] = ()
    reload_seconds: float = 0.0
    metrics_port: int | None = None  # Prometheus text served here when metrics are enabled
    limits: Limits = field(default_factory=Limits)  # connections, requests in flight, timeouts

    @property
    def auth_summary(self) -> str:
        if self.auth_disabled:
            return "disabled"
        return f"bearer ({len(self.tokens)} accepted token{'s' if len(self.tokens) != 1 else ''})"


def load_settings(environ: Mapping[str, str]) -> ServerSettings:
    """Settings from `environ`, or `SettingsError` listing every problem found."""
    settings, problems = parse_settings(environ)
    if problems:
        raise SettingsError(problems)
    return settings


def parse_settings(environ: Mapping[str, str]) -> tuple[ServerSettings, list[str]]:
    """Settings (defaults where a value is unusable) and the list of every problem found."""
    problems: list[str] = []
    settings = ServerSettings(
        host=_host(environ.get(HOST, ""), problems),
        port=port(environ, PORT, 8000, problems, lowest=1),
        health_port=port(environ, HEALTH_PORT, 8001, problems, lowest=1),
        metrics_port=_metrics_port(environ, problems),
        dataset_path=_dataset_path(environ.get(DATASET_PATH, ""), problems),
        tokens=_tokens(environ.get(TOKENS, ""), problems),
        auth_disabled=_auth_disabled(environ.get(AUTH_DISABLED, ""), problems),
        allowed_hosts=_allowed_hosts(environ.get(ALLOWED_HOSTS, ""), problems),
        reload_seconds=_reload_seconds(environ.get(RELOAD_SECONDS, ""), problems),
        limits=parse_limits(environ, problems),
    )
    problems.extend(_coherence_problems(settings))
    return settings, problems


def _host(raw: str, problems: list[str]) -> str:
    host = raw.strip() or "127.0.0.1"
    if any(ch.isspace() or ch in "/@" for ch in host):
        problems.append(f"{HOST} is not a host name or IP address")
    return host


def _dataset_path(raw: str, problems: list[str]) -> Path | None:
    if not raw.strip():
        return None
    path = Path(raw.strip())
    if not path.is_file():
        problems.append(f"{DATASET_PATH} is not an existing file: {path}")
    elif not os.access(path, os.R_OK):
        problems.append(f"{DATASET_PATH} is not readable: {path}")
    return path


def _tokens(raw: str, problems: list[str]) -> tuple[SecretValue, ...]:
    tokens = [part.strip() for part in raw.split(",") if part.strip()]
    for position, token in enumerate(tokens, start=1):
        if len(token) < MIN_BEARER_TOKEN_LENGTH:
            problems.append(
                f"{TOKENS}: token #{position} is shorter than {MIN_BEARER_TOKEN_LENGTH}"
            )
        if not set(token) <= TOKEN_CHARACTERS:
            problems.append(f"{TOKENS}: token #{position} has characters outside visible ASCII")
    return tuple(SecretValue(token) for token in tokens)


def _auth_disabled(raw: str, problems: list[str]) -> bool:
    value = raw.strip()
    if value not in ("", "0", "1"):
        problems.append(f"{AUTH_DISABLED} must be 1 (disable auth) or 0, got {value[:20]!r}")
    return value == "1"


def _allowed_hosts(raw: str, problems: list[str]) -> tuple[str, ...]:
    hosts = tuple(part.strip() for part in raw.split(",") if part.strip())
    for host in hosts:
        if "/" in host or any(ch.isspace() for ch in host):
            problems.append(f"{ALLOWED_HOSTS}: {host[:60]!r} is not a Host header value")
    return hosts


def _reload_seconds(raw: str, problems: list[str]) -> float:
    value = raw.strip()
    if not value:
        return 0.0
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86_400:
        problems.append(f"{RELOAD_SECONDS} must be a number of seconds from 0 to 86400")
        return 0.0
    return seconds


def _metrics_port(environ: Mapping[str, str], problems: list[str]) -> int | None:
    if not flag(environ, METRICS_ENABLED, problems):
        return None
    return port(environ, METRICS_PORT, 9090, problems, lowest=1)


def _coherence_problems(settings: ServerSettings) -> list[str]:
    problems = []
    if settings.port == settings.health_port:
        problems.append(f"{PORT} and {HEALTH_PORT} must differ (both {settings.port})")
    if settings.metrics_port in (settings.port, settings.health_port):
        problems.append(f"{METRICS_PORT} must differ from {PORT} and {HEALTH_PORT}")
    if settings.reload_seconds > 0 and settings.dataset_path is None:
        problems.append(f"{RELOAD_SECONDS} needs an explicit {DATASET_PATH} to watch")
    if settings.auth_disabled and settings.tokens:
        problems.append(f"{TOKENS} is set but {AUTH_DISABLED}=1: choose one")
    if not settings.auth_disabled and not settings.tokens:
        problems.append(f"set {TOKENS} (comma-separated bearer tokens) or {AUTH_DISABLED}=1")
    return problems
