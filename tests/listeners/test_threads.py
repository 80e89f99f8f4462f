"""A follow-up's earlier questions: read from the app's own DM threads only, the asker's own
messages before the follow-up, newest few kept, nothing when Slack cannot give the thread."""

from __future__ import annotations

from typing import Any

from listeners.threads import MAX_EARLIER_QUESTIONS, earlier_questions
from tests.listeners.conftest import FakeWebClient
from tests.local_slack import events

THREAD = "1714000000.000100"


def message(text: str, n: int) -> dict[str, Any]:
    return {"type": "message", "user": "U0ASKER", "text": text, "ts": f"17140000{n:02d}.000100"}


def follow_up(n: int = 99) -> dict[str, Any]:
    return events.direct_message("and on Team?", thread_ts=THREAD, ts=f"17140000{n:02d}.000100")


def test_the_askers_questions_before_the_follow_up_oldest_first() -> None:
    client = FakeWebClient(
        threads={
            THREAD: [
                message("<@UBOT> is *report export* on Starter?", 1),
                {**message("a reply", 2), "user": "UBOT", "bot_id": "B0"},
                message(":wave:", 3),
                message("and on Pro?", 4),
            ]
        }
    )

    assert earlier_questions(client, follow_up(), bot_user_id="UBOT") == (
        "is report export on Starter?",
        "and on Pro?",
    )


def test_outside_a_dm_thread_or_for_its_first_message_nothing_is_read() -> None:
    client = FakeWebClient(threads={THREAD: [message("is report export on Starter?", 1)]})
    first = events.direct_message("is it on Pro?", thread_ts=THREAD, ts=THREAD)
    mention = events.app_mention("<@UBOT> and on Pro?", thread_ts=THREAD)
    top_level = events.direct_message("and on Pro?")

    for event in (first, mention, top_level):
        assert earlier_questions(client, event, bot_user_id="UBOT") == ()
    assert client.calls == []


def test_a_long_thread_gives_its_newest_questions_each_bounded() -> None:
    client = FakeWebClient(threads={THREAD: [message(f"question {n} " * 50, n) for n in range(20)]})

    found = earlier_questions(client, follow_up(), bot_user_id="UBOT", max_chars=30)

    assert len(found) == MAX_EARLIER_QUESTIONS
    assert found[-1].startswith("question 19")
    assert all(len(text) <= 30 for text in found)


def test_a_thread_slack_refuses_gives_nothing() -> None:
    client = FakeWebClient(
        threads={THREAD: [message("is report export on Starter?", 1)]}, thread_error="ratelimited"
    )

    assert earlier_questions(client, follow_up(), bot_user_id="UBOT") == ()


class PagedReplies:
    """`conversations.replies` in pages of one message, as Slack pages a long thread."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.cursors: list[str | None] = []

    def conversations_replies(self, **kwargs: Any) -> dict[str, Any]:
        cursor = kwargs.get("cursor")
        self.cursors.append(cursor)
        n = int(cursor or 0)
        more = n + 1 < len(self.texts)
        return {
            "messages": [message(self.texts[n], n + 1)],
            "has_more": more,
            "response_metadata": {"next_cursor": str(n + 1) if more else ""},
        }


def test_pages_are_followed_up_to_a_bound() -> None:
    replies = PagedReplies([f"question {n}" for n in range(10)])

    found = earlier_questions(replies, follow_up(), bot_user_id="UBOT")

    assert found == ("question 0", "question 1", "question 2")
    assert replies.cursors == [None, "1", "2"]
