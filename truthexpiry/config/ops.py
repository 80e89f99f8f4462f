"""The worker's operational settings: side ports, metrics, draining, logging.

Read once at the edge with `load_ops_settings`, which names every problem at once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from truthexpiry.config.environment import flag, http_url, port, seconds
from truthexpiry.config.worker import ConfigError

_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
_HOST = re.compile(r"^[A-Za-z0-9.:\-\[\]]+$")


@dataclass(frozen=True, slots=True)
class OpsSettings:
    host: str  # where the health and metrics servers listen
    health_port: int
    metrics_enabled: bool
    metrics_port: int
    drain_seconds: float  # how long shutdown waits for questions in flight
    log_level: str
    lifecycle_health_url: str | None  # the MCP server's /readyz; else readiness calls the MCP
    socket_ping_interval: float = 10.0  # Socket Mode ping; bounds how fast a dead socket is seen


def load_ops_settings(environ: Mapping[str, str]) -> OpsSettings:
    problems: list[str] = []
    settings = OpsSettings(
        host=_host(environ.get("TRUTH_EXPIRY_OPS_HOST", "").strip() or "0.0.0.0", problems),
        health_port=port(environ, "TRUTH_EXPIRY_HEALTH_PORT", 8080, problems),
        metrics_enabled=flag(environ, "TRUTH_EXPIRY_METRICS_ENABLED", problems),
        metrics_port=port(environ, "TRUTH_EXPIRY_METRICS_PORT", 9090, problems),
        drain_seconds=seconds(
            environ, "TRUTH_EXPIRY_DRAIN_SECONDS", 20.0, problems, high=300, zero_allowed=True
        ),
        log_level=_level(environ, problems),
        lifecycle_health_url=http_url(environ, "TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_URL", problems),
        socket_ping_interval=seconds(
            environ, "TRUTH_EXPIRY_SOCKET_PING_INTERVAL", 10.0, problems, high=60
        ),
    )
    if settings.metrics_enabled and settings.metrics_port == settings.health_port != 0:
        problems.append("TRUTH_EXPIRY_METRICS_PORT and TRUTH_EXPIRY_HEALTH_PORT must differ")
    if problems:
        raise ConfigError(problems)
    return settings


def _host(value: str, problems: list[str]) -> str:
    if not _HOST.match(value):
        problems.append("TRUTH_EXPIRY_OPS_HOST must be a host name or address")
    return value


def _level(environ: Mapping[str, str], problems: list[str]) -> str:
    level = environ.get("TRUTH_EXPIRY_LOG_LEVEL", "").strip().upper() or "INFO"
    if level not in _LEVELS:
        problems.append(f"TRUTH_EXPIRY_LOG_LEVEL must be one of {', '.join(_LEVELS)}")
        return "INFO"
    return level
