"""Block actions."""

from __future__ import annotations

from slack_bolt import App

from listeners.actions.feedback import ACTION_IDS, feedback_callback
from listeners.dependencies import ListenerDependencies


def register(app: App, deps: ListenerDependencies) -> None:
    callback = feedback_callback(deps)
    for action_id in ACTION_IDS:
        app.action(action_id)(callback)
