"""A new assistant thread is greeted with prompts drawn from the catalog."""

from __future__ import annotations

from listeners.assistant.thread_started import thread_started_callback
from listeners.dependencies import ListenerDependencies
from listeners.views.messages import GREETING
from tests.listeners.conftest import Recorder


def test_the_thread_is_greeted_with_suggested_prompts(
    deps: ListenerDependencies, say: Recorder
) -> None:
    prompts = Recorder()

    thread_started_callback(deps)(say=say, set_suggested_prompts=prompts)

    assert say.calls == [((GREETING,), {})]
    [(_, shown)] = prompts.calls
    assert shown["title"] == "Try asking"
    assert 1 <= len(shown["prompts"]) <= 4


def test_without_a_catalog_the_greeting_still_goes_out_without_prompts(
    down: ListenerDependencies, say: Recorder
) -> None:
    prompts = Recorder()

    thread_started_callback(down)(say=say, set_suggested_prompts=prompts)

    assert say.calls == [((GREETING,), {})]
    assert prompts.calls == []
