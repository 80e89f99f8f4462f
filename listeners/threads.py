"""The questions asked before a follow-up in the same thread, read again from Slack.

Only threads in the app's own direct-message conversation are read: the assistant panel and
threads in its Messages tab, where the app is one of the two people talking (`im:history`). A
mention's thread in a channel is not read (that would need the channels' history). The thread is
read with `conversations.replies` when the follow-up arrives, up to the follow-up itself; only
the asking person's own messages count, newest `MAX_EARLIER_QUESTIONS` kept. The text goes to
the pipeline for this one request and is kept nowhere: not here, not in a cache, not in a log.
When Slack cannot give the thread, the follow-up is answered on its own.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol

from slack_sdk.errors import SlackApiError

from listeners.parsing import is_from_a_person, question_text
from truthexpiry.models.verdicts import MAX_QUESTION_CHARS

log = logging.getLogger(__name__)

MAX_EARLIER_QUESTIONS = 5
PAGE_SIZE = 200  # messages per `conversations.replies` page
MAX_PAGES = 3  # a thread longer than this many pages is read only so far


class ThreadReplies(Protocol):
    """The one Web API method needed here (`slack_sdk.WebClient` has it)."""

    def conversations_replies(
        self,
        *,
        channel: str,
        ts: str,
        cursor: str | None = None,
        inclusive: bool | None = None,
        latest: str | None = None,
        limit: int | None = None,
        **kwargs: Any,
    ) -> Any: ...


def earlier_questions(
    client: ThreadReplies,
    event: Mapping[str, Any],
    *,
    bot_user_id: str | None,
    max_chars: int = MAX_QUESTION_CHARS,
) -> tuple[str, ...]:
    """What the person who sent `event` asked before it in its thread, oldest first; () outside
    a thread of the app's direct messages, for the thread's first message, or when Slack cannot
    give the thread."""
    channel, thread_ts, ts = event.get("channel"), event.get("thread_ts"), event.get("ts")
    user = event.get("user")
    if event.get("channel_type") != "im" or not (channel and thread_ts and ts and user):
        return ()
    before = _when(ts)
    if before is None or thread_ts == ts:
        return ()
    questions: deque[str] = deque(maxlen=MAX_EARLIER_QUESTIONS)
    cursor: str | None = None
    for _ in range(MAX_PAGES):
        try:
            page = client.conversations_replies(
                channel=channel,
                ts=thread_ts,
                cursor=cursor,
                latest=ts,
                inclusive=False,
                limit=PAGE_SIZE,
            )
        except SlackApiError as error:
            log.warning("thread unreadable", extra={"category": _code(error)})
            return ()
        for message in page.get("messages") or ():
            when = _when(message.get("ts"))
            asked = message.get("user") == user and is_from_a_person(message, bot_user_id)
            text = question_text(message.get("text"))[:max_chars] if asked else ""
            if text and when is not None and when < before:
                questions.append(text)
        cursor = (page.get("response_metadata") or {}).get("next_cursor") or None
        if not page.get("has_more") or not cursor:
            break
    return tuple(questions)


def _when(ts: object) -> Decimal | None:
    """A message timestamp as a number (`1714000000.000100`), or None."""
    if not isinstance(ts, str):
        return None
    try:
        return Decimal(ts)
    except InvalidOperation:
        return None


def _code(error: SlackApiError) -> str:
    """Slack's error code (`missing_scope`, `ratelimited`): bounded, never message text."""
    code = error.response.get("error") if error.response is not None else None
    return code if isinstance(code, str) and code.isascii() and len(code) < 60 else "unknown"
