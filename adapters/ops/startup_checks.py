"""The worker's start-up checks against the services it needs, each failure one line.

Slack: the bot token with the Web API's own check (`auth.test`) and the app token by opening a
Socket Mode connection URL (`apps.connections.open`; the URL is left unused and expires). The
lifecycle server: one catalog fetch. A refusal is a configuration error (`CONFIGURATION`: a
setting must change); an unreachable service is `UNREACHABLE` (it may come back by itself).
No line carries a token or anything Slack sent besides its error code. Each line names the
setting to change by the variable name the composition root hands in (from `settings/`).
"""

from __future__ import annotations

import urllib.error
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TextIO

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError

SLACK_API = "https://slack.com/api/"
_BOT_TOKEN = "the Bot User OAuth Token (xoxb-) from OAuth & Permissions"
_APP_TOKEN = "an app-level token (xapp-) with connections:write, from Basic Information"
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


@dataclass(frozen=True, slots=True)
class SlackSettingNames:
    """The variables the Slack settings are read from, for the lines that name them."""

    bot_token: str
    app_token: str
    api_url: str


def slack_findings(
    bot_token: str, app_token: str, api_url: str | None, timeout: float, names: SlackSettingNames
) -> list[Finding]:
    """The bot token, then (only if Slack answered) the app token; empty when both work."""
    slack = _Slack(api_url or SLACK_API, timeout, names.api_url)
    bot = slack.call((names.bot_token, _BOT_TOKEN), bot_token, "auth.test")
    if bot is not None and bot.severity is Severity.UNREACHABLE:
        return [bot]
    app = slack.call((names.app_token, _APP_TOKEN), app_token, "apps.connections.open")
    return [finding for finding in (bot, app) if finding is not None]


def lifecycle_finding(
    catalog: Callable[[], object],
    *,
    url: str,
    setting: str,
    remedy_for: Callable[[EvidenceUnavailableError], str | None],
) -> Finding | None:
    """One catalog fetch: a refusal is a configuration error, silence or an outage is not.
    `setting` names the server's URL; `remedy_for` says which setting fixes a refusal."""
    try:
        catalog()
    except EvidenceUnavailableError as error:
        remedy = remedy_for(error)
        if remedy is not None:
            line = f"{setting}: the lifecycle server at {url} refused: {error}; {remedy}"
            return Finding(Severity.CONFIGURATION, line)
        if isinstance(error, EvidenceTimeoutError):
            line = f"{setting}: {error} (at {url})"
        else:
            line = f"{setting}: {error} (at {url}): is the lifecycle server running?"
        return Finding(Severity.UNREACHABLE, line, blocks_start=False)
    return None


@dataclass(frozen=True, slots=True)
class _Slack:
    base: str
    timeout: float
    api_url_setting: str

    def call(self, setting: tuple[str, str], token: str, method: str) -> Finding | None:
        """`setting`: the token's variable and what to set it to."""
        # The SDK annotates `timeout` as int, but hands it to urllib, which takes any seconds.
        client = WebClient(token=token, base_url=self.base, timeout=self.timeout)  # type: ignore[arg-type]
        try:
            client.api_call(method)
        except SlackApiError as error:
            return Finding(Severity.CONFIGURATION, _refusal(setting, method, error))
        except (TimeoutError, urllib.error.URLError, OSError) as error:
            return Finding(Severity.UNREACHABLE, self._unreachable(setting[0], method, error))
        return None

    def _unreachable(self, setting: str, method: str, error: BaseException) -> str:
        reason = error.reason if isinstance(error, urllib.error.URLError) else error
        if isinstance(reason, TimeoutError):
            said = f"did not answer {method} within {self.timeout:g} s"
        else:
            said = f"is unreachable ({type(reason).__name__})"
        if self.base != SLACK_API:
            hint = f"check {self.api_url_setting}"
        else:
            hint = "check the network and proxy"
        return f"{setting} cannot be checked: Slack at {self.base} {said}; {hint}"


def _refusal(setting: tuple[str, str], method: str, error: SlackApiError) -> str:
    code = str(error.response.get("error") or f"HTTP {error.response.status_code}")
    meaning = _SLACK_SAYS.get(code, "was refused")
    if code == "missing_scope" and error.response.get("needed"):
        meaning = f"lacks the scope {error.response.get('needed')}"
    name, value = setting
    return f"{name} {meaning}: Slack answered {method} with {code}; set {value}"
