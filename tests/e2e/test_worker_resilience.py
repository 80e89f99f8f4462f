"""The worker under trouble: reconnects, redeliveries, a dead lifecycle server, bad events."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from devtools.lifecycle_server import LocalLifecycleServer
from tests.e2e.conftest import RunningWorker, demo_corpus, start_worker, stop_worker
from tests.e2e.test_worker import STALE_QUESTION, TOKEN, blocks_text, posted_in_thread
from tests.local_slack import LocalSlack, events

pytestmark = pytest.mark.e2e


def ask_and_wait(running: RunningWorker, text: str = STALE_QUESTION) -> str:
    event = events.app_mention(text, action_token=TOKEN)
    running.slack.send_event(event)
    return blocks_text(posted_in_thread(running, event["ts"]))


@pytest.mark.parametrize("how", ["disconnect", "drop", "close_frame"])
def test_after_a_reconnect_the_next_question_is_answered(running: RunningWorker, how: str) -> None:
    opened = running.slack.connections_opened
    if how == "disconnect":
        running.slack.send_disconnect()
    elif how == "drop":
        running.slack.drop_socket()
    else:
        running.slack.drop_socket(close_code=1001)

    running.slack.wait_for_connection(opened + 1, timeout=30)

    assert "SUPERSEDED" in ask_and_wait(running)


def test_a_redelivered_event_is_answered_once(running: RunningWorker) -> None:
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)
    first = running.slack.send_event(event, event_id="Ev0REDELIVER")
    posted_in_thread(running, event["ts"])

    again = running.slack.send_event(
        event, event_id="Ev0REDELIVER", retry_attempt=1, retry_reason="timeout"
    )
    running.slack.wait_for_ack(first)
    running.slack.wait_for_ack(again)
    time.sleep(0.5)  # room for a second reply, which must not come

    replies = [
        c
        for c in running.slack.calls_to("chat.postMessage")
        if c.args.get("thread_ts") == event["ts"]
    ]
    assert len(replies) == 1


@pytest.fixture
def own_lifecycle() -> Iterator[LocalLifecycleServer]:
    with LocalLifecycleServer() as server:
        yield server


def test_with_the_lifecycle_server_stopped_replies_say_unavailable_and_the_worker_lives(
    own_lifecycle: LocalLifecycleServer,
) -> None:
    with LocalSlack() as slack:
        slack.search_corpus = demo_corpus()
        running = start_worker(slack, own_lifecycle)
        try:
            assert "SUPERSEDED" in ask_and_wait(running)

            own_lifecycle.stop()
            outage = ask_and_wait(running)
            assert "UNVERIFIED" in outage or "unavailable" in outage.lower()
            assert "SUPERSEDED" not in outage

            own_lifecycle.start()
            assert "SUPERSEDED" in ask_and_wait(running)
        finally:
            stop_worker(running)


def test_malformed_and_unknown_events_are_acked_without_crash_or_reply(
    running: RunningWorker,
) -> None:
    mention = events.app_mention(STALE_QUESTION, action_token=TOKEN)
    bad = [
        {"type": "app_mention"},  # no user, text, ts or channel
        {**mention, "text": None},
        {**mention, "user": None},
        {**mention, "subtype": "message_changed"},
        {**mention, "bot_id": "B0OTHER"},
        {"type": "message", "channel_type": "im"},
        {"type": "reaction_added", "user": "U0ASKER", "reaction": "eyes"},
        {"type": "totally_unknown_event", "weird": ["x"] * 3},
    ]

    envelopes = [running.slack.send_event(event) for event in bad]
    for envelope in envelopes:
        running.slack.wait_for_ack(envelope)
    assert "SUPERSEDED" in ask_and_wait(running)  # still alive

    assert len(running.slack.calls_to("chat.postMessage")) == 1


def test_a_huge_question_gets_one_short_reply(running: RunningWorker) -> None:
    event = events.app_mention(
        "<@UBOT> " + "is report export on Starter? " * 2000, action_token=TOKEN
    )

    envelope = running.slack.send_event(event)
    reply = posted_in_thread(running, event["ts"])
    running.slack.wait_for_ack(envelope)
    time.sleep(0.3)

    assert "too long" in reply.args["text"].lower()
    assert len(running.slack.calls_to("chat.postMessage")) == 1
    assert not running.slack.calls_to("assistant.search.context")


def test_every_envelope_of_a_session_is_acked(running: RunningWorker) -> None:
    sent = [
        running.slack.send_event(events.app_mention(STALE_QUESTION, action_token=TOKEN)),
        running.slack.send_event(events.app_home_opened()),
        running.slack.send_event(events.assistant_thread_started(action_token=TOKEN)),
    ]

    for envelope in sent:
        running.slack.wait_for_ack(envelope, timeout=30)
