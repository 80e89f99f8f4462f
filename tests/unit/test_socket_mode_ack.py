"""Which frames the Socket Mode relay acknowledges as they are read: Events API envelopes only
(`adapters.socket_relay.relay.event_envelope_id`); interactive envelopes wait for their
listener's ack. And which frames make it open a new connection (`is_disconnect`)."""

from __future__ import annotations

import json

import pytest

from adapters.socket_relay.relay import event_envelope_id, is_disconnect


def test_an_events_api_envelope_is_acknowledged_by_its_id() -> None:
    frame = json.dumps(
        {"envelope_id": "e-1", "type": "events_api", "payload": {"event": {"text": "hi"}}}
    )
    assert event_envelope_id(frame) == "e-1"


@pytest.mark.parametrize(
    "frame",
    [
        json.dumps({"type": "hello", "num_connections": 1}),
        json.dumps({"type": "disconnect", "reason": "refresh_requested"}),
        json.dumps({"envelope_id": "e-2", "type": "interactive", "payload": {}}),
        # a person's text naming the type is not the envelope's type
        json.dumps({"envelope_id": "e-3", "type": "slash_commands", "payload": '"events_api"'}),
        json.dumps({"type": "events_api", "payload": {}}),  # no envelope ID
        json.dumps({"type": "events_api", "envelope_id": 7}),
        '{"type": "events_api", "envelope_id": ',  # cut short
        json.dumps(["events_api"]),
    ],
)
def test_any_other_frame_is_left_to_bolt(frame: str) -> None:
    assert event_envelope_id(frame) is None


def test_slack_asking_for_a_new_connection_is_a_disconnect_frame() -> None:
    assert is_disconnect(json.dumps({"type": "disconnect", "reason": "refresh_requested"}))


@pytest.mark.parametrize(
    "frame",
    [
        json.dumps({"type": "hello", "num_connections": 1}),
        # a person's text naming the type is not the frame's type
        json.dumps({"envelope_id": "e-1", "type": "events_api", "payload": '"disconnect"'}),
        '{"type": "disconnect", ',  # cut short
        json.dumps(["disconnect"]),
    ],
)
def test_any_other_frame_keeps_the_connection(frame: str) -> None:
    assert not is_disconnect(frame)
