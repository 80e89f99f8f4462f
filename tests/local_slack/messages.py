"""Messages: `chat.*` and `conversations.replies` over an in-memory store per channel.

Messages posted here are remembered so that `chat.update`, the streaming methods and
`conversations.replies` behave as Slack does; so are people's messages delivered as events
(`receive`), so that a thread read back holds both sides. Bolt's assistant thread-context store
reads a thread back through `conversations.replies` and looks for the bot's first reply (`user` =
the bot user, no `subtype`), so posted messages carry the bot's identity like real bot posts.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from tests.local_slack.records import Identity


class ApiError(Exception):
    """A Slack error code, answered as `{"ok": false, "error": <str(self)>}`."""


class MessageStore:
    """The bot's messages by channel, and the `chat.*` / `conversations.replies` handlers."""

    def __init__(self, identity: Identity) -> None:
        self.identity = identity
        self._lock = threading.Lock()
        self._last_micros = 0
        self._by_channel: dict[str, list[dict[str, Any]]] = {}

    def post_message(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = required(args, "channel", "channel_not_found")
        if not args.get("text") and not args.get("blocks"):
            raise ApiError("no_text")
        message = self._remember(channel, args, str(args.get("text") or ""))
        return {"channel": channel, "ts": message["ts"], "message": message}

    def update_message(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = required(args, "channel", "channel_not_found")
        message = self._find(channel, required(args, "ts", "message_not_found"))
        for key in ("text", "blocks", "metadata"):
            if key in args:
                message[key] = decoded(args[key])
        text = message.get("text", "")
        return {"channel": channel, "ts": message["ts"], "text": text, "message": message}

    def post_ephemeral(self, args: dict[str, Any]) -> dict[str, Any]:
        required(args, "channel", "channel_not_found")
        required(args, "user", "user_not_in_channel")
        if not args.get("text") and not args.get("blocks"):
            raise ApiError("no_text")
        return {"message_ts": self.next_ts()}

    def start_stream(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = required(args, "channel", "channel_not_found")
        required(args, "thread_ts", "invalid_arguments")
        message = self._remember(channel, args, str(args.get("markdown_text") or ""))
        return {"channel": channel, "ts": message["ts"]}

    def append_stream(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = required(args, "channel", "channel_not_found")
        message = self._find(channel, required(args, "ts", "message_not_found"))
        message["text"] = message.get("text", "") + str(args.get("markdown_text") or "")
        return {"channel": channel, "ts": message["ts"]}

    def stop_stream(self, args: dict[str, Any]) -> dict[str, Any]:
        result = self.append_stream(args)
        message = self._find(result["channel"], result["ts"])
        for key in ("blocks", "metadata"):
            if key in args:
                message[key] = decoded(args[key])
        return {**result, "message": message}

    def permalink(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = required(args, "channel", "channel_not_found")
        ts = required(args, "message_ts", "message_not_found")
        host = f"https://{self.identity.team_domain}.slack.com"
        return {
            "channel": channel,
            "permalink": f"{host}/archives/{channel}/p{ts.replace('.', '')}",
        }

    def replies(self, args: dict[str, Any]) -> dict[str, Any]:
        """The thread, oldest first, within `oldest`/`latest` (`inclusive` keeps the bounds), in
        pages of `limit` (default 1000) with `cursor`, as Slack pages it."""
        channel = required(args, "channel", "channel_not_found")
        ts = required(args, "ts", "thread_not_found")
        inclusive = str(args.get("inclusive", "0")).lower() in ("1", "true")
        latest = float(args.get("latest") or "inf")
        oldest = float(args.get("oldest") or "0")
        with self._lock:
            stored = self._by_channel.get(channel, [])
            thread = [m for m in stored if ts in (m["ts"], m.get("thread_ts"))]
        thread.sort(key=lambda m: float(m["ts"]))
        within = [
            m
            for m in thread
            if m["ts"] == ts  # the parent always comes first, as Slack sends it
            or (
                (oldest <= float(m["ts"]) <= latest)
                if inclusive
                else (oldest < float(m["ts"]) < latest)
            )
        ]
        limit = int(args.get("limit") or 1000)
        start = int(str(args.get("cursor") or "0"))
        more = len(within) > start + limit
        cursor = str(start + limit) if more else ""
        page = within[start : start + limit]
        return {"messages": page, "has_more": more, "response_metadata": {"next_cursor": cursor}}

    def add(self, channel: str, messages: list[dict[str, Any]]) -> None:
        """Messages Slack holds already (a long thread's history), without delivering events."""
        with self._lock:
            self._by_channel.setdefault(channel, []).extend(dict(m) for m in messages)

    def receive(self, event: dict[str, Any]) -> None:
        """A person's message delivered as an event (a DM, a mention): Slack has it too."""
        channel, ts = event.get("channel"), event.get("ts")
        if event.get("type") not in ("message", "app_mention") or event.get("bot_id"):
            return
        if not (isinstance(channel, str) and isinstance(ts, str)):
            return
        keys = ("type", "user", "text", "ts", "thread_ts", "team", "client_msg_id")
        message = {key: event[key] for key in keys if key in event}
        message["type"] = "message"
        with self._lock:
            self._by_channel.setdefault(channel, []).append(message)

    def next_ts(self) -> str:
        """A message timestamp, unique and strictly increasing across the server."""
        with self._lock:
            self._last_micros = max(self._last_micros + 1, time.time_ns() // 1000)
            seconds, micros = divmod(self._last_micros, 1_000_000)
            return f"{seconds}.{micros:06d}"

    def _remember(self, channel: str, args: dict[str, Any], text: str) -> dict[str, Any]:
        ident = self.identity
        message: dict[str, Any] = {
            "type": "message",
            "user": ident.bot_user_id,
            "bot_id": ident.bot_id,
            "app_id": ident.app_id,
            "team": ident.team_id,
            "ts": self.next_ts(),
            "text": text,
        }
        for key in ("blocks", "metadata", "thread_ts"):
            if args.get(key):
                message[key] = decoded(args[key])
        with self._lock:
            self._by_channel.setdefault(channel, []).append(message)
        return message

    def _find(self, channel: str, ts: str) -> dict[str, Any]:
        with self._lock:
            for message in self._by_channel.get(channel, []):
                if message["ts"] == ts:
                    return message
        raise ApiError("message_not_found")


def required(args: dict[str, Any], key: str, error: str) -> str:
    """The non-empty string argument `key`, or `ApiError(error)`."""
    value = args.get(key)
    if not isinstance(value, str) or not value:
        raise ApiError(error)
    return value


def decoded(value: Any) -> Any:
    """Form-encoded calls carry blocks, metadata and views as JSON strings: decode those."""
    if isinstance(value, str) and value[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value
