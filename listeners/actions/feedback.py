"""The feedback buttons on a verdict card: counted, nothing else kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import Ack

from listeners.dependencies import ListenerDependencies
from listeners.views.verdict_card import FEEDBACK_BUTTONS

ACTION_IDS = tuple(action_id for action_id, _ in FEEDBACK_BUTTONS.values())


def feedback_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_feedback(ack: Ack, action: dict[str, Any]) -> None:
        ack()
        vote = str(action.get("value", ""))
        deps.metrics.feedback(vote)

    return handle_feedback
