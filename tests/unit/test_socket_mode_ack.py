"""Which frames the Socket Mode client acknowledges as they are read: Events API envelopes only
(`adapters.socket_mode._event_envelope_id`); interactive envelopes wait for their listener's ack.
And how a new socket checks text frames (`adapters.socket_mode._decode_text_only`)."""

from __future__ import annotations

import json

import pytest
from websocket import WebSocket, WebSocketApp

from adapters.socket_mode import _decode_text_only, _event_envelope_id


def test_an_events_api_envelope_is_acknowledged_by_its_id() -> None:
    frame = json.dumps(
        {"envelope_id": "e-1", "type": "events_api", "payload": {"event": {"text": "hi"}}}
    )
    assert _event_envelope_id(frame) == "e-1"


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
    assert _event_envelope_id(frame) is None


def test_a_new_socket_leaves_the_utf8_check_of_text_frames_to_their_decoding() -> None:
    session = WebSocketApp("ws://127.0.0.1:1/")
    session.sock = WebSocket()

    _decode_text_only(session)

    assert session.sock.cont_frame.skip_utf8_validation is True
    assert session.sock.frame_buffer.skip_utf8_validation is False  # close reasons: checked


def test_a_session_without_a_socket_is_left_as_it_is() -> None:
    _decode_text_only(WebSocketApp("ws://127.0.0.1:1/"))
