"""Block Kit checks for rendered views: what Slack would reject, written as assertions.

Shapes and limits follow Slack's Block Kit reference for the block types the views use
(header, section, context, divider, actions with buttons). `check_escaped` asserts that mrkdwn
has no `<`, `>` or bare `&` outside Slack's own link (`<url|text>`) and channel (`<#C1>`) syntax.
"""

from __future__ import annotations

import re
from typing import Any

MAX_MESSAGE_BLOCKS = 50
MAX_VIEW_BLOCKS = 100
MAX_SECTION_TEXT = 3000
MAX_FIELDS = 10
MAX_FIELD_TEXT = 2000
MAX_HEADER_TEXT = 150
MAX_CONTEXT_ELEMENTS = 10
MAX_BUTTON_TEXT = 75
MAX_ACTION_ID = 255
MAX_BUTTON_VALUE = 2000
MAX_BLOCK_ID = 255
MAX_ACTIONS_ELEMENTS = 25
MAX_FALLBACK = 3000
MAX_MESSAGE_TEXT = 12_000  # Slack answers `msg_blocks_too_long` from about here

_SLACK_LINK = re.compile(r"<https?://[^\s|<>]+\|[^<>]*>|<#C[A-Z0-9]+>")
_BARE_AMPERSAND = re.compile(r"&(?!amp;|lt;|gt;)")
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")


def check_text_object(obj: Any, *, limit: int, plain_only: bool = False) -> None:
    assert isinstance(obj, dict), obj
    assert obj.get("type") in ({"plain_text"} if plain_only else {"plain_text", "mrkdwn"}), obj
    assert set(obj) <= {"type", "text", "emoji", "verbatim"}, obj
    if obj["type"] == "mrkdwn":
        assert "emoji" not in obj
    text = obj.get("text")
    assert isinstance(text, str), obj
    assert text.strip(), "empty text objects are rejected"
    assert len(text) <= limit, (len(text), limit)


def check_block(block: Any) -> None:
    assert isinstance(block, dict), block
    kind = block.get("type")
    if "block_id" in block:
        assert isinstance(block["block_id"], str)
        assert 0 < len(block["block_id"]) <= MAX_BLOCK_ID
    if kind == "header":
        assert set(block) <= {"type", "text", "block_id"}
        check_text_object(block["text"], limit=MAX_HEADER_TEXT, plain_only=True)
    elif kind == "section":
        assert set(block) <= {"type", "text", "fields", "block_id"}
        assert "text" in block or "fields" in block
        if "text" in block:
            check_text_object(block["text"], limit=MAX_SECTION_TEXT)
        for field in block.get("fields", []):
            check_text_object(field, limit=MAX_FIELD_TEXT)
        assert len(block.get("fields", [])) <= MAX_FIELDS
    elif kind == "context":
        assert set(block) <= {"type", "elements", "block_id"}
        assert 1 <= len(block["elements"]) <= MAX_CONTEXT_ELEMENTS
        for element in block["elements"]:
            check_text_object(element, limit=MAX_SECTION_TEXT)
    elif kind == "divider":
        assert set(block) <= {"type", "block_id"}
    elif kind == "actions":
        assert set(block) <= {"type", "elements", "block_id"}
        assert 1 <= len(block["elements"]) <= MAX_ACTIONS_ELEMENTS
        for element in block["elements"]:
            check_button(element)
    else:
        raise AssertionError(f"unexpected block type {kind!r}")


def check_button(element: Any) -> None:
    assert element.get("type") == "button"
    assert set(element) <= {"type", "text", "action_id", "value", "style", "url"}
    check_text_object(element["text"], limit=MAX_BUTTON_TEXT, plain_only=True)
    assert 0 < len(element["action_id"]) <= MAX_ACTION_ID
    assert len(element.get("value", "")) <= MAX_BUTTON_VALUE


def check_blocks(blocks: list[Any], *, max_blocks: int) -> None:
    assert isinstance(blocks, list)
    assert 0 < len(blocks) <= max_blocks, len(blocks)
    for block in blocks:
        check_block(block)
    ids = [b["block_id"] for b in blocks if "block_id" in b]
    assert len(ids) == len(set(ids)), "block_id must be unique in a message"


def check_message(text: str, blocks: list[Any]) -> None:
    """A reply Slack would accept: valid blocks within the message limits, a bounded fallback."""
    check_blocks(blocks, max_blocks=MAX_MESSAGE_BLOCKS)
    assert text.strip()
    assert len(text) <= MAX_FALLBACK
    assert total_text(blocks) <= MAX_MESSAGE_TEXT
    check_escaped(text)
    for mrkdwn in mrkdwn_texts(blocks):
        check_escaped(mrkdwn)


def check_view(view: dict[str, Any]) -> None:
    assert view["type"] == "home"
    assert set(view) == {"type", "blocks"}
    check_blocks(view["blocks"], max_blocks=MAX_VIEW_BLOCKS)
    for mrkdwn in mrkdwn_texts(view["blocks"]):
        check_escaped(mrkdwn)


def check_escaped(text: str) -> None:
    rest = _SLACK_LINK.sub("", text)
    assert "<" not in rest, text
    assert ">" not in rest, text
    assert not _BARE_AMPERSAND.search(text), text


def text_objects(blocks: list[Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for block in blocks:
        if isinstance(block.get("text"), dict):
            found.append(block["text"])
        found += block.get("fields", [])
        for element in block.get("elements", []):
            found.append(element["text"] if element.get("type") == "button" else element)
    return found


def mrkdwn_texts(blocks: list[Any]) -> list[str]:
    return [t["text"] for t in text_objects(blocks) if t["type"] == "mrkdwn"]


def all_text(blocks: list[Any]) -> str:
    return "\n".join(t["text"] for t in text_objects(blocks))


def total_text(blocks: list[Any]) -> int:
    return sum(len(t["text"]) for t in text_objects(blocks))


def section_texts(blocks: list[Any]) -> list[str]:
    return [b["text"]["text"] for b in blocks if b["type"] == "section" and "text" in b]
