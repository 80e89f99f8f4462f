"""`SlackWorkspaceFacts`: the installation (`auth.test`), a channel's details
(`conversations.info`) and a person's home team (`users.info`), read from the Web API.

Only IDs and flags are returned; a lookup Slack refuses returns None (the caller fails closed).
The installation is read once and kept (it does not change while the worker runs); channels
and people are remembered by the listeners, for a few minutes.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import Any, Protocol

from slack_sdk.errors import SlackApiError

from truthexpiry.models.answering.audience import HomeTeam, Installation

log = logging.getLogger(__name__)


class WorkspaceClient(Protocol):
    """The three Web API methods needed here (`slack_sdk.WebClient` has them)."""

    def auth_test(self, **kwargs: Any) -> Any: ...

    def conversations_info(self, *, channel: str, **kwargs: Any) -> Any: ...

    def users_info(self, *, user: str, **kwargs: Any) -> Any: ...


class SlackWorkspaceFacts:
    def __init__(self, client: WorkspaceClient) -> None:
        self._client = client
        self._installation: Installation | None = None
        self._lock = threading.Lock()

    def installation(self) -> Installation | None:
        """The team or organisation the app is installed on; None while Slack cannot say."""
        with self._lock:
            if self._installation is not None:
                return self._installation
        try:
            found = self._client.auth_test()
        except SlackApiError as error:
            log.warning("auth.test failed", extra={"category": slack_error_code(error)})
            return None
        installation = Installation(
            team_id=_text(found.get("team_id")),
            enterprise_id=_text(found.get("enterprise_id")),
            org_wide=bool(found.get("is_enterprise_install")),
        )
        with self._lock:
            self._installation = installation
        return installation

    def channel_info(self, channel: str) -> Mapping[str, Any] | None:
        """The conversation's flags (`is_channel`, `is_private`, `is_ext_shared`, ...), or
        None when it cannot be looked up (with public-channel scopes: a private one)."""
        try:
            found = self._client.conversations_info(channel=channel)
        except SlackApiError:
            return None
        details = found.get("channel")
        if not isinstance(details, Mapping):
            return None
        return {key: value for key, value in details.items() if key.startswith("is_")}

    def home_of(self, user: str) -> HomeTeam | None:
        """The person's home team and organisation, or None when Slack cannot say."""
        try:
            found = self._client.users_info(user=user)
        except SlackApiError as error:
            log.warning("users.info failed", extra={"category": slack_error_code(error)})
            return None
        person = found.get("user")
        if not isinstance(person, Mapping):
            return None
        enterprise = person.get("enterprise_user")
        enterprise_id = enterprise.get("enterprise_id") if isinstance(enterprise, Mapping) else None
        return HomeTeam(_text(person.get("team_id")), _text(enterprise_id))


def slack_error_code(error: SlackApiError) -> str:
    """Slack's error code (`missing_scope`, `ratelimited`): bounded, never message text."""
    code = error.response.get("error") if error.response is not None else None
    return code if isinstance(code, str) and code.isascii() and len(code) < 60 else "unknown"


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None
