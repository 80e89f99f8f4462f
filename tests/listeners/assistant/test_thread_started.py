"""A new assistant thread is greeted with prompts drawn from the catalog; someone from another
team is told where the app answers, with no prompts."""

from __future__ import annotations

from listeners.assistant.thread_started import thread_started_callback
from listeners.dependencies import ListenerDependencies
from listeners.views.messages import GREETING, WHERE_I_ANSWER
from tests.listeners.conftest import Recorder
from tests.local_slack import events


def test_the_thread_is_greeted_with_suggested_prompts(
    deps: ListenerDependencies, say: Recorder
) -> None:
    prompts = Recorder()

    thread_started_callback(deps)(
        say=say, set_suggested_prompts=prompts, payload=events.assistant_thread_started()
    )

    assert say.calls == [((GREETING,), {})]
    [(_, shown)] = prompts.calls
    assert shown["title"] == "Try asking"
    assert 1 <= len(shown["prompts"]) <= 4


def test_without_a_catalog_the_greeting_still_goes_out_without_prompts(
    down: ListenerDependencies, say: Recorder
) -> None:
    prompts = Recorder()

    thread_started_callback(down)(
        say=say, set_suggested_prompts=prompts, payload=events.assistant_thread_started()
    )

    assert say.calls == [((GREETING,), {})]
    assert prompts.calls == []


def test_someone_from_another_team_gets_where_the_app_answers_and_no_prompts(
    deps: ListenerDependencies, say: Recorder
) -> None:
    prompts = Recorder()
    opened = events.assistant_thread_started(user="U0GUEST")

    thread_started_callback(deps)(say=say, set_suggested_prompts=prompts, payload=opened)

    assert say.calls == [((WHERE_I_ANSWER,), {})]
    assert prompts.calls == []
