"""A question in an assistant thread (or a thread of the app's direct messages): show a status
line while working, read the thread's earlier questions again for a follow-up, reply in the
thread. Someone from another team gets where the app answers, and nothing is read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import BoltContext, Say, SetStatus

from adapters.slack.events import action_token, is_from_a_person, question_text
from listeners.answering import answer, decline
from listeners.dependencies import ListenerDependencies
from listeners.views import messages
from listeners.views.messages import WORKING_STATUS
from truthexpiry.models.answering.requests import EntryPoint


def user_message_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_user_message(
        payload: dict[str, Any],
        say: Say,
        set_status: SetStatus,
        context: BoltContext,
    ) -> None:
        if not is_from_a_person(payload, context.bot_user_id):
            return
        question = question_text(payload.get("text"))
        if not question:
            return
        if not deps.audience.answers_event(payload):
            reply = decline(deps, messages.not_answered_here(), entry_point=EntryPoint.ASSISTANT)
            say(text=reply.text, blocks=reply.blocks)
            return
        set_status(WORKING_STATUS)
        thread = deps.threads.earlier_questions(
            payload, bot_user_id=context.bot_user_id, max_chars=deps.max_question_chars
        )
        reply = answer(
            deps,
            question,
            entry_point=EntryPoint.ASSISTANT,
            action_token=action_token(payload),
            earlier_questions=thread.questions,
        )
        if thread.too_long:
            reply = messages.thread_too_long(reply)
        say(text=reply.text, blocks=reply.blocks)

    return handle_user_message
