"""Block actions."""

from __future__ import annotations

from slack_bolt import App

from listeners.actions.feedback import ACTION_IDS, feedback_callback
from listeners.services import ListenerServices


def register(app: App, services: ListenerServices) -> None:
    callback = feedback_callback(services)
    for action_id in ACTION_IDS:
        app.action(action_id)(callback)
