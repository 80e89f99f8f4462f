"""`@TruthExpiry ...` in a channel: answer in the thread of the mention."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import BoltContext, Say

from listeners.answering import answer
from listeners.parsing import action_token, is_from_a_person, question_text
from listeners.services import ListenerServices
from truthexpiry.models.verdicts import EntryPoint


def app_mention_callback(services: ListenerServices) -> Callable[..., None]:
    def handle_app_mention(event: dict[str, Any], say: Say, context: BoltContext) -> None:
        if not is_from_a_person(event, context.bot_user_id) or not event.get("ts"):
            return
        question = question_text(event.get("text"))
        if not question:
            return
        reply = answer(
            services, question, entry_point=EntryPoint.MENTION, action_token=action_token(event)
        )
        say(text=reply.text, blocks=reply.blocks, thread_ts=event.get("thread_ts") or event["ts"])

    return handle_app_mention
