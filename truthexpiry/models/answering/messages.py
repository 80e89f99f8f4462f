"""Messages found by search, in the shape of `assistant.search.context` results.

These objects carry Slack text. They live only for one request and are never logged,
cached or stored; their `repr` leaves the content out so that a stray log line cannot leak it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class MessageRef:
    """Where a claim came from: an evidence reference, never claim identity."""

    message_ts: str
    channel_id: str
    permalink: str | None = None
    tickets: tuple[str, ...] = ()  # ticket references found in the message, e.g. PROD-482
    author_user_id: str | None = None  # decides only whether an owner's confirmation counts


@dataclass(frozen=True, slots=True)
class SearchMessage:
    message_ts: str
    channel_id: str
    channel_name: str
    author_user_id: str
    author_name: str
    content: str = field(repr=False)
    permalink: str | None = None
    tickets: tuple[str, ...] = ()

    @property
    def ref(self) -> MessageRef:
        return MessageRef(
            self.message_ts, self.channel_id, self.permalink, self.tickets, self.author_user_id
        )
