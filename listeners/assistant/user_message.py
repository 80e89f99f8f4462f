"""A question in an assistant thread: show a status line while working, reply in the thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import BoltContext, Say, SetStatus

from listeners.answering import answer
from listeners.dependencies import ListenerDependencies
from listeners.parsing import action_token, is_from_a_person, question_text
from listeners.views.messages import WORKING_STATUS
from truthexpiry.models.verdicts import EntryPoint


def user_message_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_user_message(
        payload: dict[str, Any], say: Say, set_status: SetStatus, context: BoltContext
    ) -> None:
        if not is_from_a_person(payload, context.bot_user_id):
            return
        question = question_text(payload.get("text"))
        if not question:
            return
        set_status(WORKING_STATUS)
        reply = answer(
            deps,
            question,
            entry_point=EntryPoint.ASSISTANT,
            action_token=action_token(payload),
        )
        say(text=reply.text, blocks=reply.blocks)

    return handle_user_message
