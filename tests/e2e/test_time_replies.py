"""Questions about time end to end, on the demo dataset through a real lifecycle server: a change
question in a mention gets the transitions with their record IDs, and a follow-up in an assistant
thread keeps the earlier question's window for the scope it names. The windows asked about have
passed, so the answers do not depend on the day the tests run."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import RunningWorker
from tests.e2e.test_worker import (
    TOKEN,
    assistant_thread_asked,
    posted_in_thread,
    reply_naming,
)
from tests.local_slack import ApiCall, events
from tests.unit import block_kit

pytestmark = pytest.mark.e2e


def card_text(call: ApiCall) -> str:
    """Every text of the posted card's blocks, as the reader sees them."""
    blocks = call.args["blocks"]
    return block_kit.all_text(json.loads(blocks) if isinstance(blocks, str) else blocks)


def test_a_change_question_in_a_mention_lists_the_transitions_with_their_records(
    running: RunningWorker,
) -> None:
    event = events.app_mention(
        "<@UBOT> what changed for Starter between January 2025 and June 2026?", action_token=TOKEN
    )

    running.slack.send_event(event)
    reply = posted_in_thread(running, event["ts"])
    blocks = card_text(reply)

    assert "3 changes in the records" in blocks
    assert "Changes from 2025-01-01 to 2026-06-30 for plan=starter" in blocks
    for day, record_id, change in [
        ("2025-03-01", "LC-191", "5 \u2192 10"),
        ("2025-09-01", "LC-142", "disabled \u2192 enabled"),
        ("2026-05-12", "LC-101", "enabled \u2192 disabled"),
    ]:
        assert f"*{day}*" in blocks
        assert f"{change} · {record_id}" in blocks
        assert record_id in reply.args["text"]
    assert running.metrics.requests[-1] == ("mention", "answered")


def test_a_follow_up_about_time_in_an_assistant_thread_keeps_the_window_for_the_new_scope(
    running: RunningWorker,
) -> None:
    thread_ts = assistant_thread_asked(running, "What changed for Starter in 2025?", "LC-191")

    follow_up = events.direct_message("and for Enterprise?", thread_ts=thread_ts)
    running.slack.send_event(follow_up)
    reply = reply_naming(running, thread_ts, "LC-132")

    read = running.slack.wait_for_call(
        "conversations.replies", lambda call: call.args.get("latest") == follow_up["ts"]
    )
    assert read.args["ts"] == thread_ts
    card = card_text(reply)
    assert "Changes from 2025-01-01 to 2025-12-31 for plan=enterprise" in card
    assert "90 \u2192 365 · LC-132" in card
    assert "LC-191" not in card
