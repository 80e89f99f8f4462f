"""The Slack boundary: listeners parse an event, make one pipeline call, and render.

`register_listeners` wires every kind; each kind's package has `register(app, services)` and one
callback per module.
"""

from __future__ import annotations

from slack_bolt import App

from listeners import actions, assistant, events, shortcuts
from listeners.middleware import deduplicate_events
from listeners.services import ListenerServices


def register_listeners(app: App, services: ListenerServices) -> None:
    app.middleware(deduplicate_events(services.dedup))
    assistant.register(app, services)
    events.register(app, services)
    shortcuts.register(app, services)
    actions.register(app, services)
    events.register_catch_all(app)
