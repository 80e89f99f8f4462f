"""A direct message in the app's Messages tab (outside an assistant thread): answer in place,
or, for a person from another team, say where the app answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import BoltContext, Say

from adapters.slack.events import action_token, is_from_a_person, question_text
from listeners.answering import answer, decline
from listeners.dependencies import ListenerDependencies
from listeners.views import messages
from truthexpiry.models.answering.requests import EntryPoint


def direct_message_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_direct_message(event: dict[str, Any], say: Say, context: BoltContext) -> None:
        if event.get("channel_type") != "im" or not is_from_a_person(event, context.bot_user_id):
            return
        question = question_text(event.get("text"))
        if not question:
            return
        entry_point = EntryPoint.DIRECT_MESSAGE
        if not deps.audience.answers_event(event):
            reply = decline(deps, messages.not_answered_here(), entry_point=entry_point)
        else:
            reply = answer(
                deps, question, entry_point=entry_point, action_token=action_token(event)
            )
        say(text=reply.text, blocks=reply.blocks, thread_ts=event.get("thread_ts"))

    return handle_direct_message
