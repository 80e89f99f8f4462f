"""The worker's start-up checks against the services it needs, each failure one line.

Slack: the bot token with the Web API's own check (`auth.test`) and the app token by opening a
Socket Mode connection URL (`apps.connections.open`; the URL is left unused and expires). The
lifecycle server: one catalog fetch. A refusal is a configuration error (`CONFIGURATION`: a
setting must change); an unreachable service is `UNREACHABLE` (it may come back by itself).
No line carries a token or anything Slack sent besides its error code.
"""

from __future__ import annotations

import urllib.error
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TextIO

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from settings.remedies import setting_remedy
from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError

SLACK_API = "https://slack.com/api/"
BOT_TOKEN = "SLACK_BOT_TOKEN"
APP_TOKEN = "SLACK_APP_TOKEN"
LIFECYCLE_URL = "TRUTH_EXPIRY_LIFECYCLE_MCP_URL"
_WHICH_TOKEN = {
    BOT_TOKEN: "the Bot User OAuth Token (xoxb-) from OAuth & Permissions",
    APP_TOKEN: "an app-level token (xapp-) with connections:write, from Basic Information",
}
# What Slack's error codes mean for the operator; any other code is named as Slack sent it.
_SLACK_SAYS = {
    "invalid_auth": "is not a valid token",
    "not_authed": "is not a valid token",
    "token_revoked": "has been revoked (the app was uninstalled or the token regenerated)",
    "token_expired": "has expired",
    "account_inactive": "belongs to a deactivated user or workspace",
    "not_allowed_token_type": "is the wrong kind of token",
    "missing_scope": "lacks a scope",
    "invalid_token": "is not a valid token",
}


class Severity(IntEnum):
    """The exit status a finding ends the worker with."""

    UNREACHABLE = 1
    CONFIGURATION = 2


@dataclass(frozen=True, slots=True)
class Finding:
    """One failed check, as one line that names the setting. `blocks_start`: the worker does
    not serve (False for a lifecycle server that is only down: it starts not ready)."""

    severity: Severity
    line: str
    blocks_start: bool = True


def reported(findings: list[Finding], *, checking: bool, out: TextIO) -> int:
    """Each finding as one line on `out`; the exit status: the worst severity among those that
    stop the worker (with `checking`, among all of them), or 0."""
    for finding in findings:
        serving = "" if checking or finding.blocks_start else "; starting not ready"
        print(f"startup: {finding.line}{serving}", file=out)
    stopping = [f.severity for f in findings if checking or f.blocks_start]
    return int(max(stopping, default=0))


def slack_findings(
    bot_token: str, app_token: str, api_url: str | None, timeout: float
) -> list[Finding]:
    """The bot token, then (only if Slack answered) the app token; empty when both work."""
    bot = _slack_call(BOT_TOKEN, bot_token, "auth.test", api_url, timeout)
    if bot is not None and bot.severity is Severity.UNREACHABLE:
        return [bot]
    app = _slack_call(APP_TOKEN, app_token, "apps.connections.open", api_url, timeout)
    return [finding for finding in (bot, app) if finding is not None]


def lifecycle_finding(
    catalog: Callable[[], object], *, url: str, token_set: bool
) -> Finding | None:
    """One catalog fetch: a refusal is a configuration error, silence or an outage is not."""
    try:
        catalog()
    except EvidenceUnavailableError as error:
        remedy = setting_remedy(error, token_set=token_set)
        if remedy is not None:
            line = f"{LIFECYCLE_URL}: the lifecycle server at {url} refused: {error}; {remedy}"
            return Finding(Severity.CONFIGURATION, line)
        if isinstance(error, EvidenceTimeoutError):
            line = f"{LIFECYCLE_URL}: {error} (at {url})"
        else:
            line = f"{LIFECYCLE_URL}: {error} (at {url}): is the lifecycle server running?"
        return Finding(Severity.UNREACHABLE, line, blocks_start=False)
    return None


def _slack_call(
    setting: str, token: str, method: str, api_url: str | None, timeout: float
) -> Finding | None:
    base = api_url or SLACK_API
    # The SDK annotates `timeout` as int, but hands it to urllib, which takes any seconds.
    client = WebClient(token=token, base_url=base, timeout=timeout)  # type: ignore[arg-type]
    try:
        client.api_call(method)
    except SlackApiError as error:
        return Finding(Severity.CONFIGURATION, _refusal(setting, method, error))
    except (TimeoutError, urllib.error.URLError, OSError) as error:
        return Finding(Severity.UNREACHABLE, _unreachable(setting, method, base, timeout, error))
    return None


def _refusal(setting: str, method: str, error: SlackApiError) -> str:
    code = str(error.response.get("error") or f"HTTP {error.response.status_code}")
    meaning = _SLACK_SAYS.get(code, "was refused")
    if code == "missing_scope" and error.response.get("needed"):
        meaning = f"lacks the scope {error.response.get('needed')}"
    return f"{setting} {meaning}: Slack answered {method} with {code}; set {_WHICH_TOKEN[setting]}"


def _unreachable(setting: str, method: str, base: str, timeout: float, error: BaseException) -> str:
    reason = error.reason if isinstance(error, urllib.error.URLError) else error
    if isinstance(reason, TimeoutError):
        said = f"did not answer {method} within {timeout:g} s"
    else:
        said = f"is unreachable ({type(reason).__name__})"
    hint = "check SLACK_API_URL" if base != SLACK_API else "check the network and proxy"
    return f"{setting} cannot be checked: Slack at {base} {said}; {hint}"
