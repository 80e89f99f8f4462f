"""Turning Slack events into questions: markup out, bots and edits ignored. Pure functions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adapters.slack.markup import query_text


def question_text(text: object) -> str:
    """The words a person typed to the app: mentions, channels, bare links, emoji and
    emphasis marks removed (`<@U123> is *export* on?` -> `is export on?`); "" for no text."""
    return query_text(text) if isinstance(text, str) else ""


def action_token(event: Mapping[str, Any]) -> str | None:
    """Slack's per-event token for search: on the event, or on its assistant thread."""
    token = event.get("action_token")
    if isinstance(token, str) and token:
        return token
    thread = event.get("assistant_thread")
    if isinstance(thread, Mapping):
        token = thread.get("action_token")
        if isinstance(token, str) and token:
            return token
    return None


def is_from_a_person(event: Mapping[str, Any], bot_user_id: str | None) -> bool:
    """False for bot messages, edits, deletions, joins and the app's own messages."""
    if event.get("bot_id") or event.get("bot_profile") or event.get("subtype"):
        return False
    user = event.get("user")
    return isinstance(user, str) and bool(user) and user != bot_user_id
