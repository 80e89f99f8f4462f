"""A question in an assistant thread: a status line while working, then the verdict card."""

from __future__ import annotations

from slack_bolt import BoltContext

from listeners.assistant.user_message import user_message_callback
from listeners.dependencies import ListenerDependencies
from listeners.views.messages import WORKING_STATUS
from tests.fakes import FakeMessageSearch
from tests.listeners.conftest import STALE, TOKEN, Recorder, dependencies, metrics_of
from tests.local_slack import events


def test_a_question_gets_a_status_line_then_the_verdict(
    say: Recorder, context: BoltContext
) -> None:
    search = FakeMessageSearch()
    deps = dependencies(search=search)
    status = Recorder()
    payload = events.direct_message(STALE, thread_ts="1.0", action_token=TOKEN)

    user_message_callback(deps)(payload=payload, say=say, set_status=status, context=context)

    assert status.calls == [((WORKING_STATUS,), {})]
    [text] = say.texts
    assert "SUPERSEDED" in text
    assert search.tokens_seen == [True]  # the event's action token reached the search
    assert metrics_of(deps).requests == [("assistant", "answered")]


def test_messages_from_the_app_itself_or_without_words_are_ignored(
    deps: ListenerDependencies, say: Recorder, context: BoltContext
) -> None:
    status = Recorder()
    callback = user_message_callback(deps)

    callback(
        payload={**events.direct_message(STALE), "user": "UBOT"},
        say=say,
        set_status=status,
        context=context,
    )
    callback(
        payload=events.direct_message("<@UBOT> :wave:"), say=say, set_status=status, context=context
    )

    assert say.calls == status.calls == []
