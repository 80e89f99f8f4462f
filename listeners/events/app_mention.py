"""`@TruthExpiry ...` in a channel: answer in the thread of the mention; in a private or shared
channel, a group DM, or for a person from another team, say where it answers instead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import BoltContext, Say

from adapters.slack.events import action_token, is_from_a_person, question_text
from listeners.answering import answer, decline
from listeners.dependencies import ListenerDependencies
from listeners.views import messages
from truthexpiry.models.answering.requests import EntryPoint


def app_mention_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_app_mention(event: dict[str, Any], say: Say, context: BoltContext) -> None:
        if not is_from_a_person(event, context.bot_user_id) or not event.get("ts"):
            return
        question = question_text(event.get("text"))
        if not question:
            return
        if not deps.audience.answers_event(event):
            reply = decline(deps, messages.not_answered_here(), entry_point=EntryPoint.MENTION)
        else:
            reply = answer(
                deps,
                question,
                entry_point=EntryPoint.MENTION,
                action_token=action_token(event),
            )
        say(text=reply.text, blocks=reply.blocks, thread_ts=event.get("thread_ts") or event["ts"])

    return handle_app_mention
