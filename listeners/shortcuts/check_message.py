"""The "Check this message" shortcut: label the claims of one public message, privately.

Only messages in the public channels only this workspace can read are checked, and only for
its own people (`adapters.slack.audience` decides); the result goes to the user's direct messages
with the app, so nothing is posted where the message lives.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from slack_bolt import Ack
from slack_sdk import WebClient

from listeners.answering import answer
from listeners.dependencies import ListenerDependencies
from listeners.views import messages
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.requests import EntryPoint

log = logging.getLogger(__name__)
CALLBACK_ID = "check_message"


def check_message_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_check_message(ack: Ack, body: dict[str, Any], client: WebClient) -> None:
        ack()
        person = body.get("user") or {}
        user = person.get("id")
        channel = (body.get("channel") or {}).get("id")
        message = body.get("message") or {}
        if not (isinstance(user, str) and isinstance(channel, str) and message.get("ts")):
            return
        if not deps.audience.is_own(user, team_hint=person.get("team_id")):
            reply = messages.not_answered_here()
        elif not deps.audience.answers_channel(channel):
            reply = messages.not_public()
        else:
            subject = _subject(deps, channel, message)
            reply = answer(deps, "", entry_point=EntryPoint.SHORTCUT, subject_message=subject)
        client.chat_postMessage(channel=user, text=reply.text, blocks=reply.blocks)

    return handle_check_message


def _subject(deps: ListenerDependencies, channel: str, message: dict[str, Any]) -> SearchMessage:
    ts = str(message["ts"])
    return SearchMessage(
        message_ts=ts,
        channel_id=channel,
        channel_name="",
        author_user_id=str(message.get("user", "")),
        author_name="",
        content=str(message.get("text", ""))[:4000],
        permalink=deps.permalinks.permalink(channel, ts),
    )
