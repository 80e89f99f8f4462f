"""A new assistant thread: greet and suggest questions drawn from the catalog; someone from
another team is told where the app answers instead."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from slack_bolt import Say, SetSuggestedPrompts

from listeners.dependencies import ListenerDependencies
from listeners.views.messages import GREETING, WHERE_I_ANSWER, suggested_prompts
from truthexpiry.models.errors import EvidenceUnavailableError

log = logging.getLogger(__name__)


def thread_started_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_thread_started(
        say: Say, set_suggested_prompts: SetSuggestedPrompts, payload: dict[str, Any]
    ) -> None:
        user = (payload.get("assistant_thread") or {}).get("user_id") or payload.get("user")
        if not (isinstance(user, str) and deps.audience.is_own(user)):
            say(WHERE_I_ANSWER)
            return
        say(GREETING)
        try:
            prompts = suggested_prompts(deps.catalog())
        except EvidenceUnavailableError:
            log.warning("assistant: catalog unavailable for suggested prompts")
            return
        if prompts:
            set_suggested_prompts(prompts=prompts, title="Try asking")

    return handle_thread_started
