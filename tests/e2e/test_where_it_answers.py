"""Where the worker answers, end to end: public channels, DMs and the assistant panel get
answers; a mention in a private channel or a group DM gets one short reply saying where to ask,
and nothing is searched or checked."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import RunningWorker
from tests.e2e.test_worker import STALE_QUESTION, TOKEN, blocks_text, posted_in_thread
from tests.local_slack import events

pytestmark = pytest.mark.e2e
WHERE = "public channel"


def assert_declined(running: RunningWorker, ts: str) -> None:
    reply = posted_in_thread(running, ts)
    text = reply.args["text"]
    assert WHERE in text
    assert "direct message" in text
    assert "assistant panel" in text
    assert "SUPERSEDED" not in blocks_text(reply)
    assert "LC-101" not in blocks_text(reply)
    assert not running.slack.calls_to("assistant.search.context")
    assert len(running.slack.calls_to("chat.postMessage")) == 1


def test_a_mention_in_a_private_channel_gets_one_short_reply_and_no_search(
    running: RunningWorker,
) -> None:
    running.slack.private_channels = {"C0SECRET"}
    event = events.app_mention(STALE_QUESTION, channel="C0SECRET", action_token=TOKEN)

    envelope = running.slack.send_event(event)

    assert_declined(running, event["ts"])
    running.slack.wait_for_ack(envelope)
    [lookup] = running.slack.calls_to("conversations.info")
    assert lookup.args["channel"] == "C0SECRET"


@pytest.mark.parametrize("channel_type", ["mpim", "group"])
def test_a_mention_whose_event_says_private_is_declined_without_a_lookup(
    running: RunningWorker, channel_type: str
) -> None:
    event = events.app_mention(STALE_QUESTION, channel="G0GROUPDM", action_token=TOKEN)
    event["channel_type"] = channel_type

    running.slack.send_event(event)

    assert_declined(running, event["ts"])
    assert not running.slack.calls_to("conversations.info")


def test_a_public_channel_is_looked_up_once_for_many_mentions(running: RunningWorker) -> None:
    first = events.app_mention(STALE_QUESTION, action_token=TOKEN)
    second = events.app_mention(STALE_QUESTION, action_token=TOKEN)

    running.slack.send_event(first)
    posted_in_thread(running, first["ts"])
    running.slack.send_event(second)
    reply = posted_in_thread(running, second["ts"])

    assert "SUPERSEDED" in blocks_text(reply)
    assert len(running.slack.calls_to("conversations.info")) == 1
    assert len(running.slack.calls_to("assistant.search.context")) == 2
