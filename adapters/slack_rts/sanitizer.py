"""Raw `assistant.search.context` message results turned into bounded `SearchMessage`s.

Pure. What is kept, per entry of `results.messages`:
- only public-channel messages: the channel id starts with `C`, and any private, DM or
  group-DM marker present in the entry (`is_private`, `is_im`, `is_mpim`, `channel_type`)
  says otherwise is dropped (a `C` id alone does not prove a channel public: the request asks
  for public channels only, this is the second line);
- only messages written by people: `is_author_bot`, a `bot_id`, a `bot_message` subtype, a bot
  author id (`B...`) or our own bot user drop the entry;
- only well-formed entries: a message timestamp, a channel id and some text. A malformed entry
  is dropped; the others still count.

Sizes are bounded: at most `limit` messages, content at most `MAX_CONTENT_CHARS` characters of
plain text (Slack markup reduced, see `markup`), names and ids cut to fixed lengths. Up to
`MAX_TICKETS` ticket references (`PROD-482`, `R-102`) are lifted from the text, and a permalink
is kept only if it is a plain https URL.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from adapters.slack.markup import plain_text
from truthexpiry.models.answering.messages import SearchMessage

MAX_CONTENT_CHARS = 4000
MAX_NAME_CHARS = 80
MAX_PERMALINK_CHARS = 500
MAX_TICKETS = 5

_TIMESTAMP = re.compile(r"\d{1,12}\.\d{1,9}")
_PUBLIC_CHANNEL = re.compile(r"C[A-Z0-9]{2,30}")
_USER_ID = re.compile(r"[A-Z0-9]{2,32}")
_TICKET = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{0,9}-\d{1,9}(?!\w)")
_NOT_PUBLIC_TYPES = frozenset({"private_channel", "private", "group", "im", "mpim"})
_UNSAFE_IN_LINK = re.compile(r"[\s<>|\"'`\\]")


def sanitize_messages(
    raw_messages: Iterable[object], *, limit: int, own_bot_user_id: str | None = None
) -> tuple[SearchMessage, ...]:
    """The public, human-written, well-formed messages among `raw_messages`, at most `limit`."""
    kept: list[SearchMessage] = []
    seen: set[tuple[str, str]] = set()
    for raw in raw_messages:
        if len(kept) >= limit:
            break
        message = _message(raw, own_bot_user_id)
        if message is not None and (message.channel_id, message.message_ts) not in seen:
            seen.add((message.channel_id, message.message_ts))
            kept.append(message)
    return tuple(kept)


def extract_tickets(text: str) -> tuple[str, ...]:
    """Distinct ticket references in order of appearance, at most `MAX_TICKETS`."""
    found: dict[str, None] = {}
    for match in _TICKET.finditer(text):
        found.setdefault(match.group(), None)
        if len(found) == MAX_TICKETS:
            break
    return tuple(found)


def safe_permalink(value: object) -> str | None:
    """`value` if it is an https URL with a host, short and free of characters that would
    break a Slack link (`<url|text>`); otherwise None."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_PERMALINK_CHARS:
        return None
    if _UNSAFE_IN_LINK.search(value) or not value.isprintable():
        return None
    try:
        parts = urlsplit(value)
    except ValueError:
        return None
    if parts.scheme != "https" or not parts.hostname or "@" in parts.netloc:
        return None
    return value


def _message(raw: object, own_bot_user_id: str | None) -> SearchMessage | None:
    if not isinstance(raw, Mapping):
        return None
    ts, channel_id, content = raw.get("message_ts"), raw.get("channel_id"), raw.get("content")
    if not (_matches(_TIMESTAMP, ts) and _matches(_PUBLIC_CHANNEL, channel_id)):
        return None
    if not isinstance(content, str) or not _is_public(raw) or _is_bot(raw, own_bot_user_id):
        return None
    text = plain_text(content[: 4 * MAX_CONTENT_CHARS])[:MAX_CONTENT_CHARS].strip()
    if not text:
        return None
    author_id = raw.get("author_user_id")
    return SearchMessage(
        message_ts=str(ts),
        channel_id=str(channel_id),
        channel_name=_name(raw.get("channel_name")),
        author_user_id=str(author_id) if _matches(_USER_ID, author_id) else "",
        author_name=_name(raw.get("author_name")),
        content=text,
        permalink=safe_permalink(raw.get("permalink")),
        tickets=extract_tickets(text),
    )


def _is_public(raw: Mapping[str, object]) -> bool:
    flags = ("is_private", "is_im", "is_mpim", "is_group")
    if any(raw.get(flag) not in (None, False) for flag in flags):
        return False
    channel_type = raw.get("channel_type")
    return not (isinstance(channel_type, str) and channel_type.lower() in _NOT_PUBLIC_TYPES)


def _is_bot(raw: Mapping[str, object], own_bot_user_id: str | None) -> bool:
    author = raw.get("author_user_id")
    return (
        raw.get("is_author_bot") not in (None, False)
        or bool(raw.get("bot_id"))
        or raw.get("subtype") == "bot_message"
        or (isinstance(author, str) and author.startswith("B"))
        or (own_bot_user_id is not None and author == own_bot_user_id)
    )


def _matches(pattern: re.Pattern[str], value: object) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _name(value: object) -> str:
    if not isinstance(value, str):
        return ""
    return " ".join(value[: 4 * MAX_NAME_CHARS].split())[:MAX_NAME_CHARS]
