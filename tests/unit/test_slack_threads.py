"""A follow-up's earlier questions: read from the app's own DM threads only, the asker's own
messages just before the follow-up however long the thread, newest few kept, nothing when Slack
cannot give the thread, and a thread too dense to read back says so."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.slack.threads import (
    MAX_EARLIER_QUESTIONS,
    MAX_READS,
    ThreadReading,
    earlier_questions,
)
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

    assert earlier_questions(client, follow_up(), bot_user_id="UBOT").questions == (
        "is report export on Starter?",
        "and on Pro?",
    )


def test_outside_a_dm_thread_or_for_its_first_message_nothing_is_read() -> None:
    client = FakeWebClient(threads={THREAD: [message("is report export on Starter?", 1)]})
    first = events.direct_message("is it on Pro?", thread_ts=THREAD, ts=THREAD)
    mention = events.app_mention("<@UBOT> and on Pro?", thread_ts=THREAD)
    top_level = events.direct_message("and on Pro?")

    for event in (first, mention, top_level):
        assert earlier_questions(client, event, bot_user_id="UBOT") == ThreadReading()
    assert client.calls == []


def test_a_long_thread_gives_its_newest_questions_each_bounded() -> None:
    client = FakeWebClient(threads={THREAD: [message(f"question {n} " * 50, n) for n in range(20)]})

    found = earlier_questions(client, follow_up(), bot_user_id="UBOT", max_chars=30).questions

    assert len(found) == MAX_EARLIER_QUESTIONS
    assert found[-1].startswith("question 19")
    assert all(len(text) <= 30 for text in found)


def test_a_thread_slack_refuses_gives_nothing() -> None:
    client = FakeWebClient(
        threads={THREAD: [message("is report export on Starter?", 1)]}, thread_error="ratelimited"
    )

    assert earlier_questions(client, follow_up(), bot_user_id="UBOT") == ThreadReading()


def long_thread(first: str, filler: int, last: str, *, step: int = 1) -> list[dict[str, Any]]:
    """The thread's first question, `filler` bot replies `step` seconds apart, then `last`."""
    start = 1714000000
    messages = [{"type": "message", "user": "U0ASKER", "text": first, "ts": f"{start}.000100"}]
    for n in range(1, filler + 1):
        ts = f"{start + n * step}.000100"
        messages.append({"type": "message", "user": "UBOT", "bot_id": "B0", "text": "ok", "ts": ts})
    end = start + (filler + 1) * step
    messages.append({"type": "message", "user": "U0ASKER", "text": last, "ts": f"{end}.000100"})
    return messages


def at_the_end(thread: list[dict[str, Any]]) -> dict[str, Any]:
    last = float(thread[-1]["ts"])
    return events.direct_message("and on Team?", thread_ts=THREAD, ts=f"{last + 1:.6f}")


@pytest.mark.parametrize("filler", [0, 199, 610, 5000])
def test_a_long_thread_is_read_from_its_newest_end_in_a_few_calls(filler: int) -> None:
    thread = long_thread(
        "is report export on Starter?", filler, "what is the rate limit on Starter?"
    )
    client = FakeWebClient(threads={THREAD: thread})

    found = earlier_questions(client, at_the_end(thread), bot_user_id="UBOT")

    assert found.questions[-1] == "what is the rate limit on Starter?"
    assert not found.too_long
    assert len(client.made("conversations.replies")) <= MAX_READS


def test_a_thread_too_dense_to_read_back_says_so_and_gives_nothing() -> None:
    start = 1714000000
    thread = [
        {"type": "message", "user": "U0ASKER", "text": "is export on?", "ts": f"{start}.000100"}
    ]
    thread += [  # a million bot messages in the last second before the follow-up, as Slack pages
        {
            "type": "message",
            "user": "UBOT",
            "bot_id": "B0",
            "text": "ok",
            "ts": f"{start + 9}.{n:06d}",
        }
        for n in range(0, 1_000_000, 2)
    ]
    client = FakeWebClient(threads={THREAD: thread})

    found = earlier_questions(client, at_the_end(thread), bot_user_id="UBOT")

    assert found == ThreadReading(too_long=True)
    assert len(client.made("conversations.replies")) == MAX_READS
