"""A mention in a public channel is answered in its thread; in a private one the reply says
where the app answers, and nothing is searched or checked."""

from __future__ import annotations

from slack_bolt import BoltContext

from listeners.dependencies import ListenerDependencies
from listeners.events.app_mention import app_mention_callback
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


def test_a_public_mention_is_answered_in_its_thread(
    say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    deps = dependencies()
    event = events.app_mention(STALE, channel="C0PUBLIC", ts="10.1", action_token=TOKEN)

    app_mention_callback(deps)(event=event, say=say, context=context)

    [(_, said)] = say.calls
    assert said["thread_ts"] == "10.1"
    assert "SUPERSEDED" in str(said["blocks"])
    assert metrics_of(deps).requests == [("mention", "answered")]


def test_a_private_mention_gets_where_to_ask_and_nothing_is_searched(
    say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    search = FakeMessageSearch()
    deps = dependencies(search=search)
    event = events.app_mention(STALE, channel="C0PRIVATE", ts="10.2")

    app_mention_callback(deps)(event=event, say=say, context=context)

    [text] = say.texts
    assert "private channels" in text
    assert search.calls == 0
    assert metrics_of(deps).requests == [("mention", "refused")]


def test_a_mention_with_no_question_or_from_a_bot_is_not_answered(
    deps: ListenerDependencies, say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    callback = app_mention_callback(deps)

    callback(event=events.app_mention("<@UBOT>"), say=say, context=context)
    bot = {**events.app_mention(STALE), "bot_id": "B0OTHER"}
    callback(event=bot, say=say, context=context)

    assert say.calls == []


def test_a_change_question_gets_its_transitions_and_counts_as_answered(
    say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    deps = dependencies()
    question = "<@UBOT> what changed for Starter since 2025?"
    event = events.app_mention(question, channel="C0PUBLIC", ts="10.3")

    app_mention_callback(deps)(event=event, say=say, context=context)

    [(_, said)] = say.calls
    blocks = str(said["blocks"])
    for record_id, date in [("LC-191", "2025-03-01"), ("LC-142", "2025-09-01")]:
        assert f"*{date}*" in blocks
        assert record_id in blocks
    assert "enabled \u2192 disabled · LC-101" in blocks
    assert "enabled \u2192 disabled (LC-101)" in said["text"]
    assert metrics_of(deps).requests == [("mention", "answered")]


def test_a_date_with_nothing_to_judge_on_it_is_no_claim(
    say: Recorder, context: BoltContext, client: FakeWebClient
) -> None:
    deps = dependencies()
    event = events.app_mention("<@UBOT> will it rain next month?", channel="C0PUBLIC", ts="10.4")

    app_mention_callback(deps)(event=event, say=say, context=context)

    assert "No claim to check" in say.texts[0]
    assert metrics_of(deps).requests == [("mention", "no_claim")]
