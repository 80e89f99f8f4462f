"""Socket Mode with an early acknowledgement for Events API envelopes.

Bolt acknowledges an envelope only after dispatching it (middleware, listener matching, handing
the listener to its thread pool). Under load that work competes for the interpreter with the
questions already being answered, and acknowledgements queue behind it; Slack redelivers what it
does not see acknowledged within 3 seconds. An event's acknowledgement carries no payload and
does not depend on the listener, so this handler sends it first and dispatches afterwards.
Interactive envelopes (shortcuts, buttons) keep Bolt's order: their listener calls `ack()`.
"""

from __future__ import annotations

from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.socket_mode.internals import run_bolt_app
from slack_sdk.socket_mode.builtin.client import SocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse


class EarlyAckSocketModeHandler(SocketModeHandler):
    def handle(self, client: SocketModeClient, req: SocketModeRequest) -> None:  # type: ignore[override]  # Bolt narrows it the same way
        if req.type != "events_api":
            super().handle(client, req)
            return
        client.send_socket_mode_response(SocketModeResponse(envelope_id=req.envelope_id))
        run_bolt_app(self.app, req)  # the response is the acknowledgement, already sent
