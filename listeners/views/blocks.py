"""Block Kit building blocks: Slack's limits, mrkdwn escaping, and the few block shapes we use.

Every view in this package builds its blocks through these helpers, so that escaping and the
limits are applied in one place. Text from data (values, record IDs, explanations, notices,
links) goes through `inline` or `link`, which escape `&`, `<` and `>` and clip to a length
without cutting an escape sequence or a link in half. Everything here is pure: plain dicts and
strings in, plain dicts and strings out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE_BLOCKS = 50
MAX_VIEW_BLOCKS = 100
MAX_TEXT = 3000  # a section's text, a context element's text
MAX_HEADER = 150
MAX_BUTTON_TEXT = 75
MAX_CONTEXT_ELEMENTS = 10
MAX_FALLBACK = 3000  # our own bound for the plain-text fallback
MAX_CARD_TEXT = 10_000  # all text of one message: well under where `msg_blocks_too_long` starts
MAX_URL = 500  # a longer "permalink" is not a Slack permalink: shown as text, not linked

ELLIPSIS = "\u2026"
_PUBLIC_CHANNEL_ID = re.compile(r"C[A-Z0-9]{2,20}")
_URL = re.compile(r"https?://\S+")

Block = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Reply:
    """A message ready to post: `text` is the fallback shown in notifications and read by screen
    readers; `blocks` is the Block Kit layout."""

    text: str
    blocks: list[Block]


def packed(lines: list[str], limit: int = MAX_TEXT - 100) -> list[list[str]]:
    """Lines grouped into as few sections as fit, each group's text at most `limit` long."""
    chunks: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if chunks[-1] and size + 1 + len(line) > limit:
            chunks.append([])
            size = -1
        chunks[-1].append(line)
        size += 1 + len(line)
    return chunks


def escape(text: str) -> str:
    """Slack mrkdwn escaping: the three characters Slack reserves for links and mentions."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def clip(text: str, limit: int) -> str:
    """`text`, or its first `limit - 1` characters and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def clip_mrkdwn(text: str, limit: int) -> str:
    """Like `clip`, but never leaves half an escape (`&am`) or half a link (`<https://...`)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if cut.rfind("<") > cut.rfind(">"):
        cut = cut[: cut.rfind("<")]
    if cut.rfind("&") > cut.rfind(";"):
        cut = cut[: cut.rfind("&")]
    return cut + ELLIPSIS


def inline(value: str, limit: int) -> str:
    """A data value for mrkdwn: whitespace folded to single spaces, escaped, clipped."""
    return clip_mrkdwn(escape(" ".join(value.split())), limit)


def link(url: str | None, label: str) -> str:
    """`<url|label>` in Slack's link syntax (never Markdown), or just the label when the URL is
    missing or is not a plain http(s) URL of a sane length."""
    shown = inline(label, 200)
    if not url or not _URL.fullmatch(url):
        return shown
    target = escape(url).replace("|", "%7C")
    return shown if len(target) > MAX_URL else f"<{target}|{shown}>"


def channel(channel_id: str) -> str:
    """`<#C123>`, which Slack shows as the channel's name; empty for anything but a channel ID."""
    return f"<#{channel_id}>" if _PUBLIC_CHANNEL_ID.fullmatch(channel_id) else ""


def plain_text(text: str, limit: int = MAX_TEXT) -> dict[str, Any]:
    return {"type": "plain_text", "text": clip(text, limit) or " ", "emoji": True}


def mrkdwn(text: str) -> dict[str, Any]:
    # Callers build text well under the limit; the clip is a last guard, never the plan.
    return {"type": "mrkdwn", "text": clip_mrkdwn(text, MAX_TEXT) or " "}


def header(text: str) -> Block:
    return {"type": "header", "text": plain_text(" ".join(text.split()), MAX_HEADER)}


def section(text: str) -> Block:
    return {"type": "section", "text": mrkdwn(text)}


def context(*texts: str) -> Block:
    return {"type": "context", "elements": [mrkdwn(t) for t in texts[:MAX_CONTEXT_ELEMENTS]]}


def divider() -> Block:
    return {"type": "divider"}


def button(text: str, *, action_id: str, value: str) -> dict[str, Any]:
    return {
        "type": "button",
        "text": plain_text(text, MAX_BUTTON_TEXT),
        "action_id": action_id,
        "value": value,
    }


def actions(block_id: str, *elements: dict[str, Any]) -> Block:
    return {"type": "actions", "block_id": block_id, "elements": list(elements)}


def text_length(value: object) -> int:
    """Characters of text in blocks (every `text` string, nested or not): what a card spends of
    Slack's undocumented overall size limit (`msg_blocks_too_long`, seen near 12,000)."""
    if isinstance(value, list):
        return sum(text_length(item) for item in value)
    if not isinstance(value, dict):
        return 0
    return sum(
        len(item) if key == "text" and isinstance(item, str) else text_length(item)
        for key, item in value.items()
    )
