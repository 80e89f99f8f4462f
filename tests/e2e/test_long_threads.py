"""Follow-ups in long threads, end to end: the follow-up is completed from the questions just
before it, read from the thread's newest end however long the thread; when the thread is too
dense to read back that far, it is answered on its own and the reply says so."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.conftest import RunningWorker
from tests.e2e.test_worker import TOKEN, blocks_text, reply_naming
from tests.local_slack import events

pytestmark = pytest.mark.e2e
CHANNEL = "D0DIRECT"


def said(user: str, text: str, at: float) -> dict[str, Any]:
    return {"type": "message", "user": user, "text": text, "ts": f"{at:.6f}"}


def bot_said(at: float) -> dict[str, Any]:
    return {**said("UBOT", "Here is what the records say.", at), "bot_id": "B0TEST"}


def a_long_thread(running: RunningWorker, *, filler: int, spacing: float) -> str:
    """A thread about report export, then `filler` bot replies `spacing` seconds apart, then a
    question about the API rate limit; its timestamp. Slack holds it already (no events)."""
    start = time.time() - 3600
    thread_ts = f"{start:.6f}"
    messages = [bot_said(start), said("U0ASKER", "is report export on Starter?", start + 1)]
    messages += [bot_said(start + 2 + n * spacing) for n in range(filler)]
    if spacing >= 1:
        messages.append(said("U0ASKER", "what is the API rate limit on Starter?", time.time() - 5))
    for message in messages[1:]:
        message["thread_ts"] = thread_ts
    running.slack.add_messages(CHANNEL, messages)
    return thread_ts


@pytest.mark.parametrize("filler", [10, 650])
def test_a_follow_up_is_completed_from_the_question_just_before_it(
    running: RunningWorker, filler: int
) -> None:
    thread_ts = a_long_thread(running, filler=filler, spacing=1.0)

    follow_up = events.direct_message("and on Team?", thread_ts=thread_ts, action_token=TOKEN)
    running.slack.send_event(follow_up)
    reply = reply_naming(running, thread_ts, "LC-112")  # the rate limit on Team

    assert "500" in reply.args["text"]
    assert "LC-101" not in blocks_text(reply)  # not about the thread's first subject
    assert "too long" not in reply.args["text"]
    replies = running.slack.calls_to("conversations.replies")
    ours = [c for c in replies if "include_all_metadata" not in c.args]
    assert 1 <= len(ours) <= 8  # not Bolt's thread-context reads


def test_a_thread_too_dense_to_read_back_is_answered_alone_and_says_so(
    running: RunningWorker,
) -> None:
    thread_ts = a_long_thread(running, filler=3000, spacing=0.000001)

    follow_up = events.direct_message(
        "what is the API rate limit on Team?", thread_ts=thread_ts, action_token=TOKEN
    )
    running.slack.send_event(follow_up)
    reply = reply_naming(running, thread_ts, "LC-112")

    assert "too long for me to read back" in reply.args["text"]
    assert "too long for me to read back" in blocks_text(reply)
