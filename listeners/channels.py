"""Where TruthExpiry answers: public channels, direct messages and the assistant panel; never in
private channels or group DMs.

An event's `channel_type` decides when Slack sends one (message events do); otherwise, as for
mentions and shortcuts, `conversations.info` does. Its answer is remembered per channel ID for a
few minutes, so a busy channel costs one call (a rate-limited method), not one per mention; a
failed lookup is not remembered. A conversation the app cannot look up (with public-channel
scopes only, a private one) counts as private. Only channel IDs and their kind are kept.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Protocol

from slack_sdk.errors import SlackApiError

_BY_CHANNEL_TYPE = {"channel": "public", "im": "direct", "group": "private", "mpim": "private"}


class ChannelKind(StrEnum):
    PUBLIC = "public"
    DIRECT = "direct"  # a DM with the app, the assistant panel included
    PRIVATE = "private"  # private channels and group DMs

    @property
    def answered(self) -> bool:
        return self is not ChannelKind.PRIVATE


class Conversations(Protocol):
    """The one Web API method needed here (`slack_sdk.WebClient` has it)."""

    def conversations_info(self, *, channel: str) -> Any: ...


class ChannelDirectory:
    """The kind of each channel asked about, looked up once per `ttl` seconds."""

    def __init__(
        self,
        *,
        ttl: float = 300.0,
        max_entries: int = 1024,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._ttl = ttl
        self._max_entries = max_entries
        self._clock = clock
        self._kinds: OrderedDict[str, tuple[float, ChannelKind]] = OrderedDict()
        self._lock = threading.Lock()

    def kind_of_event(self, client: Conversations, event: Mapping[str, Any]) -> ChannelKind:
        known = _BY_CHANNEL_TYPE.get(str(event.get("channel_type")))
        if known is not None:
            return ChannelKind(known)
        channel = event.get("channel")
        return self.kind(client, channel) if isinstance(channel, str) else ChannelKind.PRIVATE

    def kind(self, client: Conversations, channel: str) -> ChannelKind:
        now = self._clock()
        with self._lock:
            remembered = self._kinds.get(channel)
            if remembered is not None and now - remembered[0] < self._ttl:
                return remembered[1]
        try:
            info = client.conversations_info(channel=channel)
        except SlackApiError:
            return ChannelKind.PRIVATE  # not visible with public-channel scopes, or unknown
        kind = _kind(info.get("channel") or {})
        with self._lock:
            self._kinds[channel] = (now, kind)
            self._kinds.move_to_end(channel)
            while len(self._kinds) > self._max_entries:
                self._kinds.popitem(last=False)
        return kind


def _kind(details: Mapping[str, Any]) -> ChannelKind:
    if details.get("is_im"):
        return ChannelKind.DIRECT
    if details.get("is_channel") and details.get("is_private") is False:
        return ChannelKind.PUBLIC
    return ChannelKind.PRIVATE
