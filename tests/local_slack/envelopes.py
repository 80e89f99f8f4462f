"""The JSON messages Slack sends over a Socket Mode WebSocket.

* `hello` when a connection opens: `num_connections`, `debug_info`, `connection_info.app_id`.
* `disconnect` when Slack wants the client to move to a new URL (`reason`: `warning`,
  `refresh_requested`, `link_disabled`); the client calls `apps.connections.open` again.
* Envelopes: `{"envelope_id", "type", "payload", "accepts_response_payload"}`, plus
  `retry_attempt` and `retry_reason` for `events_api`. `events_api` payloads are Events API
  `event_callback` bodies; `interactive` payloads are interactivity payloads (shortcuts,
  `block_actions`, views). The client answers with `{"envelope_id": ...}` and, where
  `accepts_response_payload` is true, an optional `payload`.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from tests.local_slack.records import Identity

DEBUG_HOST = "local-slack"
# Slack lets the client answer these with a response payload (errors, options, view updates).
RESPONSE_PAYLOAD_TYPES = frozenset({"view_submission", "block_suggestion"})


def new_envelope_id() -> str:
    """A fresh envelope ID (Slack uses UUIDs)."""
    return str(uuid.uuid4())


def hello(identity: Identity, num_connections: int) -> dict[str, Any]:
    """The first message on every new connection."""
    return {
        "type": "hello",
        "num_connections": num_connections,
        "debug_info": {
            "host": DEBUG_HOST,
            "build_number": 1,
            "approximate_connection_time": 3600,
        },
        "connection_info": {"app_id": identity.app_id},
    }


def disconnect(reason: str) -> dict[str, Any]:
    """Slack's request that the client reconnect elsewhere."""
    return {"type": "disconnect", "reason": reason, "debug_info": {"host": DEBUG_HOST}}


def event_callback(
    identity: Identity,
    event: dict[str, Any],
    *,
    event_id: str,
    authorizations: list[dict[str, Any]] | None,
) -> dict[str, Any]:
    """The Events API body that wraps `event`; authorizations default to the bot's install."""
    default_authorization = {
        "enterprise_id": None,
        "team_id": identity.team_id,
        "user_id": identity.bot_user_id,
        "is_bot": True,
        "is_enterprise_install": False,
    }
    return {
        "token": "local-verification-token",
        "team_id": identity.team_id,
        "context_team_id": identity.team_id,
        "context_enterprise_id": None,
        "api_app_id": identity.app_id,
        "event": event,
        "type": "event_callback",
        "event_id": event_id,
        "event_time": int(time.time()),
        "authorizations": authorizations if authorizations is not None else [default_authorization],
        "is_ext_shared_channel": False,
        "event_context": f"4-local-{event_id}",
    }


def events_api(
    payload: dict[str, Any], *, envelope_id: str, retry_attempt: int, retry_reason: str
) -> dict[str, Any]:
    """An `events_api` envelope."""
    return {
        "envelope_id": envelope_id,
        "type": "events_api",
        "payload": payload,
        "accepts_response_payload": False,
        "retry_attempt": retry_attempt,
        "retry_reason": retry_reason,
    }


def interactive(payload: dict[str, Any], *, envelope_id: str) -> dict[str, Any]:
    """An `interactive` envelope."""
    return {
        "envelope_id": envelope_id,
        "type": "interactive",
        "payload": payload,
        "accepts_response_payload": payload.get("type") in RESPONSE_PAYLOAD_TYPES,
    }
