"""The questions asked just before a follow-up in the same thread, read again from Slack, from
the thread's newest end.

Only threads in the app's own direct-message conversation are read: the assistant panel and
threads in its Messages tab, where the app is one of the two people talking (`im:history`). A
mention's thread in a channel is not read (that would need the channels' history). Only the
asking person's own messages before the follow-up count, the newest `MAX_EARLIER_QUESTIONS`.

`conversations.replies` pages a thread oldest first, so a long thread is read by time instead:
the span from the thread's start to just before the follow-up is asked for in one call; when
Slack says it holds more than a page, the span is halved and the newer half read first, and so
on, so the messages just before the follow-up are reached in a few calls however long the
thread. At most `MAX_READS` calls are made, and at most `MORE_READS` more once a question has
been found; when they end before any earlier question was found, the follow-up is answered on
its own and the reply says the thread was too long to read.
The text goes to the pipeline for this one request and is kept nowhere.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from typing import Any, Protocol

from slack_sdk.errors import SlackApiError

from adapters.slack.events import is_from_a_person, question_text
from truthexpiry.models.answering.requests import MAX_QUESTION_CHARS

log = logging.getLogger(__name__)

MAX_EARLIER_QUESTIONS = 5
PAGE_SIZE = 200  # messages per `conversations.replies` call
MAX_READS = 8  # calls per follow-up: a thread denser than this finds is read only so far
MORE_READS = 2  # calls for older questions once one is found (the newest matters most)
_MICROSECOND = Decimal("0.000001")  # the resolution of a Slack timestamp


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
        oldest: str | None = None,
        **kwargs: Any,
    ) -> Any: ...


@dataclass(frozen=True)
class ThreadReading:
    """The earlier questions, oldest first; `too_long`: none was found in what was read, and
    the thread goes back further than that."""

    questions: tuple[str, ...] = field(default=(), repr=False)
    too_long: bool = False


class SlackThreads:
    """The listeners' way to a thread's earlier questions, over the worker's Web API client."""

    def __init__(self, client: ThreadReplies) -> None:
        self._client = client

    def earlier_questions(
        self, event: Mapping[str, Any], *, bot_user_id: str | None, max_chars: int
    ) -> ThreadReading:
        return earlier_questions(self._client, event, bot_user_id=bot_user_id, max_chars=max_chars)


def earlier_questions(
    client: ThreadReplies,
    event: Mapping[str, Any],
    *,
    bot_user_id: str | None,
    max_chars: int = MAX_QUESTION_CHARS,
) -> ThreadReading:
    """What the person who sent `event` asked just before it in its thread; nothing outside a
    thread of the app's direct messages, for the thread's first message, or when Slack cannot
    give the thread."""
    channel, thread_ts, ts = event.get("channel"), event.get("thread_ts"), event.get("ts")
    user = event.get("user")
    if event.get("channel_type") != "im" or not (channel and thread_ts and ts and user):
        return ThreadReading()
    start, before = _when(thread_ts), _when(ts)
    if start is None or before is None or start >= before:
        return ThreadReading()
    asker = _Asker(str(user), bot_user_id, max_chars)
    try:
        return _read_newest_first(client, str(channel), str(thread_ts), (start, before), asker)
    except SlackApiError as error:
        log.warning("thread unreadable", extra={"category": _code(error)})
        return ThreadReading()


@dataclass(frozen=True)
class _Asker:
    user: str
    bot_user_id: str | None
    max_chars: int

    def questions(self, messages: list[Any], low: Decimal, high: Decimal) -> list[str]:
        """The asker's questions among `messages` timed within [low, high], oldest first."""
        found = []
        for message in messages:
            when = _when(message.get("ts"))
            if when is None or not low <= when <= high or message.get("user") != self.user:
                continue
            text = (
                question_text(message.get("text"))
                if is_from_a_person(message, self.bot_user_id)
                else ""
            )
            if text:
                found.append(text[: self.max_chars])
        return found


def _read_newest_first(
    client: ThreadReplies,
    channel: str,
    thread_ts: str,
    span: tuple[Decimal, Decimal],
    asker: _Asker,
) -> ThreadReading:
    newest_first: list[str] = []
    spans = [(span[0], span[1] - _MICROSECOND)]  # a stack: the newest span on top
    reads, found_at = 0, None
    while spans and reads < MAX_READS and len(newest_first) < MAX_EARLIER_QUESTIONS:
        if found_at is not None and reads - found_at >= MORE_READS:
            break
        low, high = spans.pop()
        page = client.conversations_replies(
            channel=channel,
            ts=thread_ts,
            oldest=_ts(low - _MICROSECOND),  # both bounds excluded: the span is [low, high]
            latest=_ts(high + _MICROSECOND),
            inclusive=False,
            limit=PAGE_SIZE,
        )
        reads += 1
        if page.get("has_more"):
            middle = ((low + high) / 2).quantize(_MICROSECOND, rounding=ROUND_FLOOR)
            spans += [(low, middle), (middle + _MICROSECOND, high)] if middle < high else []
            continue
        newest_first.extend(reversed(asker.questions(list(page.get("messages") or ()), low, high)))
        if newest_first and found_at is None:
            found_at = reads
    questions = tuple(reversed(newest_first[:MAX_EARLIER_QUESTIONS]))
    unread = bool(spans) and len(newest_first) < MAX_EARLIER_QUESTIONS
    return ThreadReading(questions, too_long=unread and not questions)


def _when(ts: object) -> Decimal | None:
    """A message timestamp as a number (`1714000000.000100`), or None."""
    if not isinstance(ts, str):
        return None
    try:
        return Decimal(ts)
    except InvalidOperation:
        return None


def _ts(when: Decimal) -> str:
    return f"{when:.6f}"


def _code(error: SlackApiError) -> str:
    """Slack's error code (`missing_scope`, `ratelimited`): bounded, never message text."""
    code = error.response.get("error") if error.response is not None else None
    return code if isinstance(code, str) and code.isascii() and len(code) < 60 else "unknown"
