"""What kind of conversation a channel is, and a small memory of lookups.

An event's `channel_type` says at once when a conversation is a DM (`im`) or private (`group`,
`mpim`). A channel (`channel`, or no type at all, as for mentions and shortcuts) needs its
details from `conversations.info`: a public channel may be shared with another organisation
(Slack Connect: `is_ext_shared`, or an invitation not yet accepted: `is_pending_ext_shared`) or
with other workspaces of one Enterprise organisation (`is_org_shared`, `is_shared`). A
conversation the app cannot look up counts as private.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")

_BY_CHANNEL_TYPE = {"im": "direct", "group": "private", "mpim": "private"}


class ChannelKind(StrEnum):
    PUBLIC = "public"  # a public channel of the installing workspace only
    DIRECT = "direct"  # a DM with the app, the assistant panel included
    PRIVATE = "private"  # private channels and group DMs
    SHARED = "shared"  # shared with another organisation, or an invitation to share pending
    ORG_SHARED = "org_shared"  # shared with other workspaces of the same Enterprise organisation


def kind_from_channel_type(channel_type: object) -> ChannelKind | None:
    """The kind an event's `channel_type` settles without a lookup (DMs, private ones)."""
    known = _BY_CHANNEL_TYPE.get(str(channel_type))
    return ChannelKind(known) if known is not None else None


def kind_from_details(details: Mapping[str, Any] | None) -> ChannelKind:
    """The kind of a conversation from its `conversations.info` flags (None: not visible)."""
    if details is None:
        return ChannelKind.PRIVATE
    if details.get("is_ext_shared") or details.get("is_pending_ext_shared"):
        return ChannelKind.SHARED
    if details.get("is_im"):
        return ChannelKind.DIRECT
    if not (details.get("is_channel") and details.get("is_private") is False):
        return ChannelKind.PRIVATE
    if details.get("is_org_shared") or details.get("is_shared"):
        return ChannelKind.ORG_SHARED
    return ChannelKind.PUBLIC


class Remembered(Generic[Key, Value]):
    """Answers looked up once per `ttl` seconds, at most `max_entries` of them; a failed lookup
    (None) is not remembered. Keys and values are IDs and flags, never message text."""

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
        self._entries: OrderedDict[Key, tuple[float, Value]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key, look_up: Callable[[Key], Value | None]) -> Value | None:
        now = self._clock()
        with self._lock:
            remembered = self._entries.get(key)
            if remembered is not None and now - remembered[0] < self._ttl:
                return remembered[1]
        value = look_up(key)
        if value is None:
            return None
        with self._lock:
            self._entries[key] = (now, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self._max_entries:
                self._entries.popitem(last=False)
        return value
