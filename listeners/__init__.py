"""The Slack boundary: listeners parse an event, make one pipeline call, and render.

`register_listeners` wires every kind; each kind's package has `register(app, deps)` and one
callback per module. The kinds are imported when registered, so importing the pure views in
`listeners.views` never loads Bolt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from slack_bolt import App

    from listeners.dependencies import ListenerDependencies


def register_listeners(app: App, deps: ListenerDependencies) -> None:
    from listeners import actions, assistant, events, shortcuts
    from listeners.middleware import deduplicate_events

    app.middleware(deduplicate_events(deps.dedup))
    assistant.register(app, deps)
    events.register(app, deps)
    shortcuts.register(app, deps)
    actions.register(app, deps)
    events.register_catch_all(app)
