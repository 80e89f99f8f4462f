"""Readers for settings in an environment mapping, shared by every settings module.

Each reader takes the mapping, the variable's name and a `problems` list: a value that cannot be
used appends one problem naming the variable (never the value) and the default is returned, so
a loader can report every problem at once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from truthexpiry.config.secrets import SecretValue

HTTP_URL = re.compile(r"^https?://[^/\s:]+(:\d{1,5})?(/\S*)?$")


def flag(environ: Mapping[str, str], name: str, problems: list[str]) -> bool:
    value = environ.get(name, "").strip()
    if value not in ("", "0", "1"):
        problems.append(f"{name} must be 0 or 1")
    return value == "1"


def port(
    environ: Mapping[str, str], name: str, default: int, problems: list[str], *, lowest: int = 0
) -> int:
    """A TCP port from `lowest` to 65535 (0, where allowed, asks for a free one)."""
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 5) or not lowest <= int(raw) <= 65535:
        problems.append(f"{name} must be a port number from {lowest} to 65535, got {raw[:20]!r}")
        return default
    return int(raw)


def seconds(
    environ: Mapping[str, str],
    name: str,
    default: float,
    problems: list[str],
    *,
    high: float,
    zero_allowed: bool = False,
) -> float:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    low_ok = value >= 0 if zero_allowed else value > 0
    if not (low_ok and value <= high):
        lowest = "0" if zero_allowed else "more than 0"
        problems.append(f"{name} must be a number of seconds from {lowest} to {high:g}")
        return default
    return value


def http_url(
    environ: Mapping[str, str], name: str, problems: list[str], *, trailing_slash: bool = False
) -> str | None:
    value = environ.get(name, "").strip()
    if not value:
        return None
    if not HTTP_URL.match(value):
        problems.append(f"{name} must be an http(s) URL")
        return None
    return value + "/" if trailing_slash and not value.endswith("/") else value


def secret(environ: Mapping[str, str], name: str) -> SecretValue | None:
    value = environ.get(name, "").strip()
    return SecretValue(value) if value else None
