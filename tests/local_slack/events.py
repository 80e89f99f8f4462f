"""Builders for the events the app handles, in shapes Bolt routes; interactions are next door.

Give an event to `LocalSlack.send_event`, and an `interactions` payload to `send_interactive`.
How Bolt routes them (slack_bolt 1.30):
* `app_mention` → `@app.event("app_mention")`.
* a DM without `thread_ts` → `@app.event("message")` / `@app.message(...)`: `channel_type` "im".
* a DM with `thread_ts` and no `bot_id` → the `Assistant`'s `user_message` listener when an
  `Assistant` is registered (it claims every such event); otherwise the plain message listeners.
* `assistant_thread_started` → the `Assistant`'s `thread_started` listener.
* `message_action` → `@app.shortcut(callback_id)`; `block_actions` → `@app.action(action_id)`.
* `app_home_opened` → `@app.event("app_home_opened")`.
Events whose `user` is the bot user (or whose `bot_id` is the bot's) are dropped by Bolt and
acked; events no listener matches are not acked at all.
`action_token` (for `assistant.search.context`) rides in `event["assistant_thread"]`.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

TEAM_ID = "T0TEST"
_sequence = itertools.count(1)


def new_ts() -> str:
    """A message timestamp, unique in this process."""
    return f"{int(time.time())}.{next(_sequence):06d}"


def app_mention(
    text: str,
    *,
    channel: str = "C0PUBLIC",
    user: str = "U0ASKER",
    ts: str | None = None,
    thread_ts: str | None = None,
    action_token: str | None = None,
) -> dict[str, Any]:
    """`@TruthExpiry ...` in a channel; `text` is the whole text, mention included."""
    return _message_like(
        "app_mention",
        text,
        channel=channel,
        user=user,
        ts=ts,
        thread_ts=thread_ts,
        action_token=action_token,
    )


def direct_message(
    text: str,
    *,
    channel: str = "D0DIRECT",
    user: str = "U0ASKER",
    ts: str | None = None,
    thread_ts: str | None = None,
    action_token: str | None = None,
) -> dict[str, Any]:
    """A `message.im` event; with `thread_ts` it is a message in an assistant thread."""
    event = _message_like(
        "message",
        text,
        channel=channel,
        user=user,
        ts=ts,
        thread_ts=thread_ts,
        action_token=action_token,
    )
    event["channel_type"] = "im"
    return event


def assistant_thread_started(
    *,
    channel: str = "D0DIRECT",
    user: str = "U0ASKER",
    thread_ts: str | None = None,
    context_channel: str | None = None,
    action_token: str | None = None,
) -> dict[str, Any]:
    """The assistant panel opened a thread (Bolt's `Assistant.thread_started`)."""
    context: dict[str, Any] = {"team_id": TEAM_ID, "enterprise_id": None}
    if context_channel is not None:
        context["channel_id"] = context_channel
    thread: dict[str, Any] = {
        "user_id": user,
        "context": context,
        "channel_id": channel,
        "thread_ts": thread_ts or new_ts(),
    }
    if action_token is not None:
        thread["action_token"] = action_token
    return {"type": "assistant_thread_started", "assistant_thread": thread, "event_ts": new_ts()}


def app_home_opened(*, user: str = "U0ASKER", channel: str = "D0DIRECT") -> dict[str, Any]:
    """The user opened the app's Home tab."""
    return {
        "type": "app_home_opened",
        "user": user,
        "channel": channel,
        "tab": "home",
        "event_ts": new_ts(),
    }


def _message_like(
    kind: str,
    text: str,
    *,
    channel: str,
    user: str,
    ts: str | None,
    thread_ts: str | None,
    action_token: str | None,
) -> dict[str, Any]:
    event: dict[str, Any] = {
        "type": kind,
        "user": user,
        "text": text,
        "ts": ts or new_ts(),
        "channel": channel,
        "team": TEAM_ID,
    }
    event["event_ts"] = event["ts"]
    event["client_msg_id"] = f"msg-{event['ts']}"
    if thread_ts is not None:
        event["thread_ts"] = thread_ts
    if action_token is not None:
        event["assistant_thread"] = {"action_token": action_token}
    return event
