"""Event listeners: mentions, direct messages, the App Home, and a catch-all that acks the rest."""

from __future__ import annotations

import re
from typing import Any

from slack_bolt import App

from listeners.dependencies import ListenerDependencies
from listeners.events.app_home_opened import app_home_opened_callback
from listeners.events.app_mention import app_mention_callback
from listeners.events.direct_message import direct_message_callback


def register(app: App, deps: ListenerDependencies) -> None:
    app.event("app_mention")(app_mention_callback(deps))
    app.event("message")(direct_message_callback(deps))
    app.event("app_home_opened")(app_home_opened_callback(deps))


def register_catch_all(app: App) -> None:
    """Bolt leaves events without a listener unacknowledged, and Slack would redeliver them:
    acknowledge every other event, shortcut and action, and do nothing else."""

    def ignore(**_: Any) -> None:
        return None

    def ack_only(ack: Any) -> None:
        ack()

    app.event(re.compile(".*"))(ignore)
    app.action(re.compile(".*"))(ack_only)
    app.shortcut(re.compile(".*"))(ack_only)
    app.view(re.compile(".*"))(ack_only)
