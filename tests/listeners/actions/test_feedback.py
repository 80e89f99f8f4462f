"""A click on a feedback button is acknowledged and counted, and nothing else is kept."""

from __future__ import annotations

from listeners.actions.feedback import ACTION_IDS, feedback_callback
from listeners.dependencies import ListenerDependencies
from tests.listeners.conftest import Recorder, metrics_of


def test_a_vote_is_acknowledged_and_counted(deps: ListenerDependencies) -> None:
    ack = Recorder()

    feedback_callback(deps)(ack=ack, action={"action_id": ACTION_IDS[0], "value": "up"})

    assert len(ack.calls) == 1
    assert metrics_of(deps).votes == ["up"]


def test_both_buttons_are_registered() -> None:
    assert ACTION_IDS == ("truthexpiry_feedback_up", "truthexpiry_feedback_down")
