"""A direct message is answered in place; other message events are left alone."""

from __future__ import annotations

from slack_bolt import BoltContext

from listeners.dependencies import ListenerDependencies
from listeners.events.direct_message import direct_message_callback
from tests.listeners.conftest import STALE, Recorder, metrics_of
from tests.local_slack import events


def test_a_direct_message_is_answered(
    deps: ListenerDependencies, say: Recorder, context: BoltContext
) -> None:
    direct_message_callback(deps)(event=events.direct_message(STALE), say=say, context=context)

    [text] = say.texts
    assert "SUPERSEDED" in text
    assert metrics_of(deps).requests == [("direct_message", "answered")]


def test_channel_messages_edits_and_the_apps_own_messages_are_ignored(
    deps: ListenerDependencies, say: Recorder, context: BoltContext
) -> None:
    callback = direct_message_callback(deps)
    channel_message = {**events.direct_message(STALE), "channel_type": "channel"}
    edit = {**events.direct_message(STALE), "subtype": "message_changed"}
    own = {**events.direct_message(STALE), "user": "UBOT"}

    for event in (channel_message, edit, own):
        callback(event=event, say=say, context=context)

    assert say.calls == []
