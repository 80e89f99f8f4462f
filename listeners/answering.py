"""The one place where a question becomes a reply, and an error becomes a user message.

Listeners call `answer`; it runs the pipeline and renders the verdict card. Expected failures
(`TruthExpiryError`) become short user messages; anything else becomes an "internal error" reply
and is logged by type only, so no question or message text reaches a log.
"""

from __future__ import annotations

import logging

from listeners.services import ListenerServices
from listeners.views import messages
from listeners.views.blocks import Reply
from listeners.views.verdict_card import verdict_reply
from truthexpiry.models.errors import EvidenceUnavailableError, TruthExpiryError
from truthexpiry.models.messages import SearchMessage
from truthexpiry.models.verdicts import EntryPoint, TruthExpiryRequest

log = logging.getLogger(__name__)


def answer(
    services: ListenerServices,
    question: str,
    *,
    entry_point: EntryPoint,
    action_token: str | None = None,
    subject_message: SearchMessage | None = None,
) -> Reply:
    if len(question) > services.max_question_chars:
        return messages.too_long(services.max_question_chars)
    request = TruthExpiryRequest(
        question,
        entry_point=entry_point,
        action_token=action_token,
        subject_message=subject_message,
    )
    try:
        return verdict_reply(services.pipeline.run(request))
    except EvidenceUnavailableError:
        log.warning("answer failed: evidence unavailable", extra={"entry_point": entry_point})
        return messages.evidence_unavailable()
    except TruthExpiryError as error:
        log.warning("answer failed: %s", type(error).__name__)
        return messages.internal_error()
    except Exception as error:  # the reply must still go out; the type is enough to debug
        log.error("answer crashed: %s", type(error).__name__)
        return messages.internal_error()
