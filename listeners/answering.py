"""The one place where a question becomes a reply, and an error becomes a user message.

Listeners call `answer`; it runs the pipeline and renders the verdict card. Expected failures
(`TruthExpiryError`) become short user messages; anything else becomes an "internal error" reply
and is logged by type only, so no question or message text reaches a log.
"""

from __future__ import annotations

import logging
import time

from listeners.dependencies import ListenerDependencies
from listeners.views import messages
from listeners.views.blocks import Reply
from listeners.views.verdict_card import verdict_reply
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.requests import (
    EntryPoint,
    TruthExpiryRequest,
    TruthExpiryResponse,
)
from truthexpiry.ops.logs import request_scope
from truthexpiry.ops.metrics import Outcome

log = logging.getLogger(__name__)


def answer(
    deps: ListenerDependencies,
    question: str,
    *,
    entry_point: EntryPoint,
    action_token: str | None = None,
    subject_message: SearchMessage | None = None,
    earlier_questions: tuple[str, ...] = (),
) -> Reply:
    """Answer one question; every call is counted by entry point and outcome.
    `earlier_questions`: the thread's questions before this one (a follow-up's context)."""
    started = time.perf_counter()
    outcome = Outcome.REFUSED
    with request_scope():
        try:
            if len(question) > deps.max_question_chars:
                return messages.too_long(deps.max_question_chars)
            if not deps.drain.enter():
                return messages.restarting()
            try:
                request = TruthExpiryRequest(
                    question,
                    entry_point=entry_point,
                    action_token=action_token,
                    subject_message=subject_message,
                    earlier_questions=earlier_questions,
                )
                with deps.turns.answering():
                    reply, outcome = _run(deps, request)
                return reply
            finally:
                deps.drain.leave()
        finally:
            seconds = time.perf_counter() - started
            deps.metrics.request_finished(entry_point, outcome, seconds)
            log.info(
                "answered",
                extra={
                    "entry_point": entry_point.value,
                    "outcome": outcome.value,
                    "seconds": round(seconds, 4),
                },
            )


def decline(deps: ListenerDependencies, reply: Reply, *, entry_point: EntryPoint) -> Reply:
    """A reply given instead of an answer (nothing searched, nothing checked), counted as
    refused like every other refusal."""
    deps.metrics.request_finished(entry_point, Outcome.REFUSED, 0.0)
    log.info("answered", extra={"entry_point": entry_point.value, "outcome": Outcome.REFUSED.value})
    return reply


def _run(deps: ListenerDependencies, request: TruthExpiryRequest) -> tuple[Reply, Outcome]:
    try:
        response = deps.pipeline.run(request)
    except Exception as error:  # the reply must still go out; the type is enough to debug
        log.error("answer failed", extra={"category": type(error).__name__})
        return messages.internal_error(), Outcome.FAILED
    for verdict in response.verdicts:
        deps.metrics.verdict(verdict.status)
    return verdict_reply(response), _outcome(response)


def _outcome(response: TruthExpiryResponse) -> Outcome:
    """Answered: a verdict, an answer, or the changes or what is coming that a question about
    time asked for (even none). A date alone, with no claim to judge on it, is no claim."""
    lists = response.time is not None and response.time.lists
    return Outcome.ANSWERED if response.verdicts or response.answers or lists else Outcome.NO_CLAIM
