"""Builders for interaction payloads (`LocalSlack.send_interactive`), in shapes Bolt routes.

`message_action` (a message shortcut) reaches `@app.shortcut(callback_id)`; `block_actions`
reaches `@app.action(action_id)`. Both carry `user`, `team`, `channel` and a `trigger_id` as
objects, the way Bolt reads them for its context (`body["user"]["id"]`, ...). The listener must
call `ack()`; the ack is sent when it does.
"""

from __future__ import annotations

from typing import Any

from tests.local_slack.events import TEAM_ID, new_ts

BOT_USER_ID = "UBOT"


def message_action(
    callback_id: str,
    *,
    text: str,
    message_ts: str | None = None,
    channel: str = "C0PUBLIC",
    user: str = "U0ASKER",
    author: str = "U0AUTHOR",
) -> dict[str, Any]:
    """A message shortcut (`callback_id`) chosen on the message `text` by `author`."""
    ts = message_ts or new_ts()
    message = {"type": "message", "user": author, "text": text, "ts": ts, "team": TEAM_ID}
    return {
        **_interaction("message_action", user, channel),
        "callback_id": callback_id,
        "message_ts": ts,
        "message": message,
        "action_ts": new_ts(),
    }


def block_actions(
    action_id: str,
    *,
    value: str = "",
    block_id: str = "feedback",
    channel: str = "C0PUBLIC",
    user: str = "U0ASKER",
    message_ts: str | None = None,
) -> dict[str, Any]:
    """A button click on a bot message (`action_id`, `value`)."""
    ts = message_ts or new_ts()
    action = {
        "type": "button",
        "action_id": action_id,
        "block_id": block_id,
        "value": value,
        "text": {"type": "plain_text", "text": action_id},
        "action_ts": new_ts(),
    }
    container = {"type": "message", "message_ts": ts, "channel_id": channel, "is_ephemeral": False}
    message = {"type": "message", "user": BOT_USER_ID, "text": "", "ts": ts, "team": TEAM_ID}
    return {
        **_interaction("block_actions", user, channel),
        "container": container,
        "message": message,
        "state": {"values": {}},
        "actions": [action],
    }


def _interaction(kind: str, user: str, channel: str) -> dict[str, Any]:
    return {
        "type": kind,
        "token": "local-verification-token",
        "api_app_id": "A0TEST",
        "team": {"id": TEAM_ID, "domain": "truthexpiry-test"},
        "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM_ID},
        "channel": {"id": channel, "name": f"channel-{channel.lower()}"},
        "enterprise": None,
        "is_enterprise_install": False,
        "trigger_id": f"trigger-{new_ts()}",
        "response_url": f"https://hooks.slack.invalid/actions/{TEAM_ID}/{new_ts()}",
    }
