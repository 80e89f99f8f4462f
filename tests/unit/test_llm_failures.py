"""Any exception from the model or its adapter falls back to the rules, counted by reason, with a
notice in the reply: never an error reply, never a traceback.

"Any" is every `Exception` and `asyncio.CancelledError` (`adapters/llm/failures.py`); a scripted
model raises each kind below from inside the run, as a provider, its HTTP client or pydantic-ai
would. The command line over a real HTTP server that answers garbage is in
`tests/integration/test_llm_wire.py`.
"""

from __future__ import annotations

import asyncio
from datetime import date

import httpx2
import openai
import pytest
from pydantic import ValidationError
from pydantic_ai.exceptions import (
    ConcurrencyLimitExceeded,
    ContentFilterError,
    IncompleteToolCall,
    ModelHTTPError,
    ModelTimeoutError,
    UnexpectedModelBehavior,
    UsageLimitExceeded,
    UserError,
)
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agent.proposals import ClaimProposals
from bootstrap import build_pipeline, corpus_search
from listeners.views.verdict_card import verdict_reply
from tests.fakes import FixedClock
from tests.readings import reading
from tests.scripted_llm import extractor
from tests.unit.test_llm_fallback import MESSAGES, QUESTION
from truthexpiry.models.answering.notices import FallbackReason, ModelFallback
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.reading.extractor import RulesClaimExtractor
from wording.notices import notice_text

REQUEST = httpx2.Request("POST", "http://127.0.0.1:9/v1/chat/completions")


def _validation_error() -> ValidationError:
    try:
        ClaimProposals.model_validate({"claims": [], "status": "CURRENT"})
    except ValidationError as error:
        return error
    raise AssertionError("the schema accepted a status")


class _SurpriseError(Exception):
    """An exception no one planned for."""


TIMEOUT, UNAVAILABLE = FallbackReason.TIMEOUT, FallbackReason.UNAVAILABLE
INVALID, FAILED = FallbackReason.INVALID_OUTPUT, FallbackReason.FAILED
RAISED: dict[str, tuple[BaseException, FallbackReason]] = {
    "UnexpectedModelBehavior": (UnexpectedModelBehavior("scripted"), INVALID),
    "ContentFilterError": (ContentFilterError("scripted"), INVALID),
    "IncompleteToolCall": (IncompleteToolCall("scripted"), INVALID),
    "UsageLimitExceeded": (UsageLimitExceeded("scripted"), INVALID),
    "a pydantic ValidationError": (_validation_error(), INVALID),
    "ValueError": (ValueError("scripted"), INVALID),
    "ModelHTTPError": (ModelHTTPError(503, "local-model", body={"error": "busy"}), UNAVAILABLE),
    "httpx2.ConnectError": (httpx2.ConnectError("refused", request=REQUEST), UNAVAILABLE),
    "httpx2.RemoteProtocolError": (httpx2.RemoteProtocolError("hung up"), UNAVAILABLE),
    "openai.APIConnectionError": (openai.APIConnectionError(request=REQUEST), UNAVAILABLE),
    "ConnectionResetError": (ConnectionResetError(), UNAVAILABLE),
    "openai.APITimeoutError": (openai.APITimeoutError(REQUEST), TIMEOUT),
    "ModelTimeoutError": (ModelTimeoutError("local-model", "slow"), TIMEOUT),
    "TimeoutError": (TimeoutError(), TIMEOUT),
    "RuntimeError": (RuntimeError("scripted"), FAILED),
    "KeyError": (KeyError("choices"), FAILED),
    "TypeError": (TypeError("scripted"), FAILED),
    "AttributeError": (AttributeError("scripted"), FAILED),
    "ZeroDivisionError": (ZeroDivisionError(), FAILED),
    "UserError": (UserError("scripted"), FAILED),
    "ConcurrencyLimitExceeded": (ConcurrencyLimitExceeded("scripted"), FAILED),
    "an ExceptionGroup": (ExceptionGroup("several", [ValueError(), KeyError()]), FAILED),
    "an exception of its own": (_SurpriseError(), FAILED),
    "asyncio.CancelledError": (asyncio.CancelledError(), FAILED),
}


def _raising(error: BaseException) -> FunctionModel:
    async def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        raise error

    return FunctionModel(respond)


@pytest.mark.parametrize(
    ("error", "reason"), [pytest.param(*case, id=name) for name, case in RAISED.items()]
)
def test_any_exception_from_the_model_falls_back_to_the_rules_and_is_counted(
    catalog: Catalog, error: BaseException, reason: FallbackReason
) -> None:
    live = extractor(_raising(error))
    try:
        extraction = live.extract(reading(QUESTION, catalog), MESSAGES, catalog)
    finally:
        live.close()

    rules = RulesClaimExtractor().extract(reading(QUESTION, catalog), MESSAGES, catalog)
    assert (extraction.question_claims, extraction.message_claims) == (
        rules.question_claims,
        rules.message_claims,
    )
    assert extraction.fallback is reason
    assert live.fallbacks.snapshot() == {reason.value: 1}


@pytest.mark.parametrize("name", ["KeyError", "asyncio.CancelledError", "an exception of its own"])
def test_the_worker_reply_names_the_failure_and_gives_the_rules_verdicts(name: str) -> None:
    error, reason = RAISED[name]
    live = extractor(_raising(error))
    pipeline = build_pipeline(
        search=corpus_search(MESSAGES), extractor=live, clock=FixedClock(date(2026, 11, 30))
    )
    try:
        response = pipeline.run(TruthExpiryRequest(QUESTION))
    finally:
        live.close()

    assert response.notices == (ModelFallback(reason),)
    assert [v.status.value for v in response.verdicts] == ["SUPERSEDED", "CURRENT"]
    reply = verdict_reply(response)
    said = notice_text(ModelFallback(reason))
    assert said in reply.text
    assert "built-in rules" in said


def test_a_closed_extractor_falls_back_to_the_rules(catalog: Catalog) -> None:
    live = extractor(_raising(_SurpriseError()))
    live.close()

    extraction = live.extract(reading(QUESTION, catalog), MESSAGES, catalog)

    assert extraction.fallback is FallbackReason.FAILED
    assert (
        extraction.message_claims
        == RulesClaimExtractor()
        .extract(reading(QUESTION, catalog), MESSAGES, catalog)
        .message_claims
    )
