"""A question in an assistant thread: a status line while working, then the verdict card; a
follow-up reads the thread's earlier questions again and is answered for what it changes."""

from __future__ import annotations

from typing import Any

from slack_bolt import BoltContext

from listeners.assistant.user_message import user_message_callback
from listeners.dependencies import ListenerDependencies
from listeners.views.messages import WORKING_STATUS
from tests.fakes import FakeMessageSearch
from tests.listeners.conftest import (
    STALE,
    TOKEN,
    FakeWebClient,
    Recorder,
    dependencies,
    metrics_of,
)
from tests.local_slack import events

THREAD = "1714000000.000100"


def asked(text: str, ts: str, *, user: str = "U0ASKER") -> dict[str, Any]:
    """A message of the thread as `conversations.replies` gives it."""
    return {"type": "message", "user": user, "text": text, "ts": ts, "thread_ts": THREAD}


def bot_reply(ts: str) -> dict[str, Any]:
    return {"type": "message", "user": "UBOT", "bot_id": "B0", "text": "SUPERSEDED", "ts": ts}


def test_a_question_gets_a_status_line_then_the_verdict(
    say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    search = FakeMessageSearch()
    deps = dependencies(search=search, client=client)
    status = Recorder()
    payload = events.direct_message(STALE, thread_ts="1.0", action_token=TOKEN)

    user_message_callback(deps)(payload=payload, say=say, set_status=status, context=context)

    assert status.calls == [((WORKING_STATUS,), {})]
    [text] = say.texts
    assert "SUPERSEDED" in text
    assert search.tokens_seen == [True]  # the event's action token reached the search
    assert metrics_of(deps).requests == [("assistant", "answered")]


def test_a_follow_up_is_answered_for_the_scope_it_names(
    deps: ListenerDependencies, say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    client.threads[THREAD] = [
        {"type": "message", "user": "UBOT", "bot_id": "B0", "text": "Hi!", "ts": THREAD},
        asked("<@UBOT> what is the API rate limit on Starter?", "1714000001.000100"),
        bot_reply("1714000002.000100"),
    ]
    payload = events.direct_message("and on Team?", thread_ts=THREAD, ts="1714000003.000100")

    user_message_callback(deps)(payload=payload, say=say, set_status=Recorder(), context=context)

    [replies] = client.made("conversations.replies")
    assert replies["channel"] == payload["channel"]
    assert replies["ts"] == THREAD
    assert replies["latest"] == payload["ts"]
    [text] = say.texts
    assert "500" in text  # Team's rate limit
    assert "plan=team" in text


def test_only_the_askers_earlier_messages_count(
    deps: ListenerDependencies, say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    client.threads[THREAD] = [
        asked("what is the API rate limit on Starter?", "1714000001.000100", user="U0OTHER"),
        {**asked("what is the API rate limit on Starter?", "1714000002.000100"), "subtype": "x"},
        asked("what is the API rate limit on Starter?", "1714000009.000100"),  # after it
    ]
    payload = events.direct_message("and on Team?", thread_ts=THREAD, ts="1714000003.000100")

    user_message_callback(deps)(payload=payload, say=say, set_status=Recorder(), context=context)

    [text] = say.texts
    assert "500" not in text
    assert "No claim to check" in text


def test_a_thread_slack_cannot_give_leaves_the_follow_up_on_its_own(
    deps: ListenerDependencies, say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    client.thread_error = "missing_scope"
    payload = events.direct_message("what is the API rate limit on Team?", thread_ts=THREAD)

    user_message_callback(deps)(payload=payload, say=say, set_status=Recorder(), context=context)

    [text] = say.texts
    assert "500" in text
    assert client.made("conversations.replies")


def test_messages_from_the_app_itself_or_without_words_are_ignored(
    deps: ListenerDependencies, say: Recorder, context: BoltContext, client: FakeWebClient
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
        payload=events.direct_message("<@UBOT> :wave:"),
        say=say,
        set_status=status,
        context=context,
    )

    assert say.calls == status.calls == []
    assert client.calls == []


def test_a_follow_up_about_time_keeps_the_earlier_window_for_the_new_scope(
    deps: ListenerDependencies, say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    client.threads[THREAD] = [
        asked("What changed for Starter in 2025?", "1714000001.000100"),
        bot_reply("1714000002.000100"),
    ]
    payload = events.direct_message("and for Enterprise?", thread_ts=THREAD, ts="1714000003.000100")

    user_message_callback(deps)(payload=payload, say=say, set_status=Recorder(), context=context)

    [(_, said)] = say.calls
    blocks = str(said["blocks"])
    assert "Changes from 2025-01-01 to 2025-12-31 for plan=enterprise" in blocks
    assert "90 \u2192 365 · LC-132" in blocks
    assert "LC-191" not in blocks  # Starter's change is not this one's
    assert metrics_of(deps).requests == [("assistant", "answered")]
