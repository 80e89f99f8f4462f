"""The feedback buttons on a verdict card: counted, nothing else kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import Ack

from listeners.dependencies import ListenerDependencies

ACTION_IDS = ("truthexpiry_feedback_up", "truthexpiry_feedback_down")


def feedback_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_feedback(ack: Ack, action: dict[str, Any]) -> None:
        ack()
        vote = str(action.get("value", ""))
        deps.metrics.feedback(vote)

    return handle_feedback
