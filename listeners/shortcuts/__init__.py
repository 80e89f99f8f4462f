"""Message shortcuts."""

from __future__ import annotations

from slack_bolt import App

from listeners.dependencies import ListenerDependencies
from listeners.shortcuts.check_message import CALLBACK_ID, check_message_callback


def register(app: App, deps: ListenerDependencies) -> None:
    app.message_shortcut(CALLBACK_ID)(check_message_callback(deps))
