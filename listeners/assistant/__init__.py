"""The assistant panel: suggested prompts when a thread opens, answers to questions in it."""

from __future__ import annotations

from typing import Any

from slack_bolt import App, Assistant

from listeners.assistant.thread_started import thread_started_callback
from listeners.assistant.user_message import user_message_callback
from listeners.dependencies import ListenerDependencies


def register(app: App, deps: ListenerDependencies) -> None:
    assistant = Assistant()
    assistant.thread_started(thread_started_callback(deps))
    assistant.user_message(user_message_callback(deps))

    @assistant.thread_context_changed
    def ignore_context_change(**_: Any) -> None:
        """The channel the user is viewing is not used: nothing to store."""

    app.use(assistant)
