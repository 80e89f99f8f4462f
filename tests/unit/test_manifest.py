"""The app manifest asks for exactly what the worker uses, and nothing on behalf of users."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from listeners.shortcuts.check_message import CALLBACK_ID

MANIFEST: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "manifest.json").read_text()
)
# Web API method or event -> the bot scope it needs (none for auth.test, views.publish,
# chat.getPermalink and apps.connections.open, which uses the app-level token).
SCOPES_USED = {
    "app_mention event": "app_mentions:read",
    "message.im event": "im:history",
    # A follow-up reads its own thread again: the app's DM or assistant thread only. A mention's
    # thread in a channel is not read, so no channels:history.
    "conversations.replies (a follow-up's DM or assistant thread)": "im:history",
    "assistant.threads.setStatus / setSuggestedPrompts": "assistant:write",
    # Change notices go to a channel the app has been invited to: no chat:write.public.
    "chat.postMessage / chat.update (replies, change notices)": "chat:write",
    "conversations.info (is the channel public, and shared with no other organisation?)": (
        "channels:read"
    ),
    "users.info (is the person from the installing team?)": "users:read",
    "message shortcut": "commands",
    "assistant.search.context (public channels)": "search:read.public",
}


def test_bot_scopes_are_exactly_those_used() -> None:
    asked = MANIFEST["oauth_config"]["scopes"]["bot"]
    assert sorted(asked) == sorted(set(SCOPES_USED.values()))
    assert not {"channels:history", "groups:history", "mpim:history", "chat:write.public"} & set(
        asked
    )


def test_no_user_scopes_and_no_mcp() -> None:
    assert "user" not in MANIFEST["oauth_config"]["scopes"]
    assert MANIFEST["settings"]["is_mcp_enabled"] is False
    assert MANIFEST["settings"]["socket_mode_enabled"] is True


def test_events_are_those_with_listeners() -> None:
    assert sorted(MANIFEST["settings"]["event_subscriptions"]["bot_events"]) == [
        "app_home_opened",
        "app_mention",
        "assistant_thread_context_changed",
        "assistant_thread_started",
        "message.im",
    ]


def test_the_shortcut_and_the_messages_tab_are_declared() -> None:
    [shortcut] = MANIFEST["features"]["shortcuts"]
    assert shortcut["callback_id"] == CALLBACK_ID
    assert shortcut["type"] == "message"
    assert MANIFEST["features"]["app_home"]["messages_tab_enabled"] is True
