"""A message's permalink (`chat.getPermalink`), for the shortcut's citation of the message it
checks; None when Slack cannot give it (the reply then cites the message without a link)."""

from __future__ import annotations

from typing import Any, Protocol

from slack_sdk.errors import SlackApiError


class PermalinkClient(Protocol):
    """The one Web API method needed here (`slack_sdk.WebClient` has it)."""

    def chat_getPermalink(self, *, channel: str, message_ts: str, **kwargs: Any) -> Any: ...  # noqa: N802


class SlackPermalinks:
    def __init__(self, client: PermalinkClient) -> None:
        self._client = client

    def permalink(self, channel: str, message_ts: str) -> str | None:
        try:
            found = self._client.chat_getPermalink(channel=channel, message_ts=message_ts)
        except SlackApiError:
            return None
        permalink = found.get("permalink")
        return permalink if isinstance(permalink, str) else None
