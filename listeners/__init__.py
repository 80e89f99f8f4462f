"""The Slack boundary: listeners parse an event, make one pipeline call, and render.

`register_listeners` wires every kind; each kind's package has `register(app, deps)` and one
callback per module.
"""

from __future__ import annotations

from slack_bolt import App

from listeners import actions, assistant, events, shortcuts
from listeners.dependencies import ListenerDependencies
from listeners.middleware import deduplicate_events


def register_listeners(app: App, deps: ListenerDependencies) -> None:
    app.middleware(deduplicate_events(deps.dedup))
    assistant.register(app, deps)
    events.register(app, deps)
    shortcuts.register(app, deps)
    actions.register(app, deps)
    events.register_catch_all(app)
