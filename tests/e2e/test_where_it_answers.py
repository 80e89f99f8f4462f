"""Where the worker answers, and whom, end to end: the workspace's own people get answers in
public channels only they can read, DMs and the assistant panel; a mention in a private channel,
a group DM or a channel shared with another organisation (or invited to be), and anyone from
another team, gets one short reply saying where it answers, and nothing is searched or checked.
The shortcut and the App Home follow the same rule."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import RunningWorker
from tests.e2e.test_worker import STALE_QUESTION, TOKEN, blocks_text, posted_in_thread
from tests.local_slack import events, interactions

pytestmark = pytest.mark.e2e
WHERE = "public channel"


def assert_declined(running: RunningWorker, ts: str) -> None:
    reply = posted_in_thread(running, ts)
    text = reply.args["text"]
    assert WHERE in text
    assert "direct message" in text
    assert "assistant panel" in text
    assert "shared with other organisations" in text
    assert_nothing_checked(running, blocks_text(reply))
    assert len(running.slack.calls_to("chat.postMessage")) == 1


def assert_nothing_checked(running: RunningWorker, shown: str) -> None:
    for internal in ("SUPERSEDED", "LC-101", "archives/C0"):  # labels, record IDs, permalinks
        assert internal not in shown
    assert not running.slack.calls_to("assistant.search.context")


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


@pytest.mark.parametrize("sharing", ["ext", "pending"])
def test_a_mention_in_a_channel_shared_with_another_organisation_is_declined(
    running: RunningWorker, sharing: str
) -> None:
    running.slack.shared_channels["C0CONNECT"] = sharing
    event = events.app_mention(STALE_QUESTION, channel="C0CONNECT", action_token=TOKEN)
    event["channel_type"] = "channel"  # says public, not whether it is shared

    running.slack.send_event(event)

    assert_declined(running, event["ts"])
    [lookup] = running.slack.calls_to("conversations.info")
    assert lookup.args["channel"] == "C0CONNECT"


def test_an_org_wide_channel_is_declined_when_the_app_is_on_one_workspace(
    running: RunningWorker,
) -> None:
    running.slack.shared_channels["C0ORGWIDE"] = "org"
    event = events.app_mention(STALE_QUESTION, channel="C0ORGWIDE", action_token=TOKEN)

    running.slack.send_event(event)

    assert_declined(running, event["ts"])


@pytest.mark.parametrize("user_team", ["T0OTHER", None])
def test_a_person_from_another_team_is_declined_in_a_public_channel(
    running: RunningWorker, user_team: str | None
) -> None:
    running.slack.user_teams["U0GUEST"] = "T0OTHER"
    event = events.app_mention(STALE_QUESTION, user="U0GUEST", action_token=TOKEN)
    if user_team is not None:
        event["user_team"] = user_team

    running.slack.send_event(event)

    assert_declined(running, event["ts"])
    [lookup] = running.slack.calls_to("users.info")
    assert lookup.args["user"] == "U0GUEST"


def test_a_person_from_another_team_gets_no_answer_in_a_dm(running: RunningWorker) -> None:
    running.slack.user_teams["U0GUEST"] = "T0OTHER"
    event = events.direct_message("is report export available on Starter?", user="U0GUEST")

    running.slack.send_event(event)
    reply = running.slack.wait_for_call("chat.postMessage", timeout=10)

    assert "direct message" in reply.args["text"]
    assert_nothing_checked(running, blocks_text(reply))


def test_the_shortcut_on_a_shared_channels_message_checks_nothing(running: RunningWorker) -> None:
    running.slack.shared_channels["C0CONNECT"] = "ext"
    payload = interactions.message_action(
        "check_message", text="Report export is enabled on Starter.", channel="C0CONNECT"
    )

    running.slack.send_interactive(payload)
    reply = running.slack.wait_for_call("chat.postMessage", timeout=10)

    assert reply.args["channel"] == "U0ASKER"
    assert "only this workspace" in reply.args["text"]
    assert_nothing_checked(running, blocks_text(reply))


def test_the_shortcut_used_by_someone_from_another_team_checks_nothing(
    running: RunningWorker,
) -> None:
    running.slack.user_teams["U0GUEST"] = "T0OTHER"
    payload = interactions.message_action(
        "check_message", text="Report export is enabled on Starter.", user="U0GUEST"
    )
    payload["user"]["team_id"] = "T0OTHER"

    running.slack.send_interactive(payload)
    reply = running.slack.wait_for_call("chat.postMessage", timeout=10)

    assert "I answer only this workspace" in reply.args["text"]
    assert_nothing_checked(running, blocks_text(reply))


def test_the_app_home_of_someone_from_another_team_shows_no_records(
    running: RunningWorker,
) -> None:
    running.slack.user_teams["U0GUEST"] = "T0OTHER"
    running.slack.send_event(events.app_home_opened(user="U0GUEST"))

    call = running.slack.wait_for_call("views.publish", timeout=10)

    view = json.dumps(call.args["view"])
    assert "I answer only this workspace" in view
    assert "Report export" not in view
    assert "LC-" not in view
