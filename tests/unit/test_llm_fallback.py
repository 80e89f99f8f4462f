"""When the model is slow, down or answers something unusable, the rules extractor answers and
the notice says so; concurrent calls from many threads share one event loop safely."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from pydantic_ai.exceptions import ModelHTTPError
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from tests.readings import reading
from tests.scripted_llm import (
    answer,
    evidence_sent,
    extractor,
    reply,
    rules_model,
    rules_proposals,
)
from truthexpiry.models.answering.claims import Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.notices import FallbackReason, ModelFallback
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.reading.extractor import RulesClaimExtractor
from wording.notices import notice_text

QUESTION = "Is report export available on Starter?"
MESSAGES = [
    SearchMessage(
        "1747100000.000200",
        "C0PROD",
        "product",
        "U0PM",
        "Priya",
        "Report export has been turned off for Starter since May.",
    )
]


def _rules(catalog: Catalog) -> Extraction:
    return RulesClaimExtractor().extract(reading(QUESTION, catalog), MESSAGES, catalog)


def _assert_fell_back(extraction: Extraction, catalog: Catalog, wording: str) -> None:
    expected = _rules(catalog)
    assert extraction.question_claims == expected.question_claims
    assert extraction.message_claims == expected.message_claims
    assert extraction.fallback is not None
    said = notice_text(ModelFallback(extraction.fallback))
    assert wording in said
    assert "rules" in said


async def _text_only(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    return ModelResponse(parts=[TextPart("Sure! Report export is CURRENT.")])


async def _down(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    raise ModelHTTPError(503, "scripted", body={"error": "overloaded"})


_INVALID = (FallbackReason.INVALID_OUTPUT, "could not be used")
_UNUSABLE = {
    "invalid JSON": (reply('{"claims": [{"entity": '), *_INVALID),
    "a field outside the schema": (reply({"claims": [], "status": "CURRENT"}), *_INVALID),
    "a claim missing fields": (reply({"claims": [{"entity": "report_export"}]}), *_INVALID),
    "prose instead of the output tool": (FunctionModel(_text_only), *_INVALID),
    "the provider is down": (FunctionModel(_down), FallbackReason.UNAVAILABLE, "unavailable"),
}


@pytest.mark.parametrize(
    ("model", "reason", "wording"),
    [pytest.param(*case, id=name) for name, case in _UNUSABLE.items()],
)
def test_unusable_answers_fall_back_to_the_rules_with_a_notice(
    catalog: Catalog, model: FunctionModel, reason: FallbackReason, wording: str
) -> None:
    live = extractor(model)

    extraction = live.extract(reading(QUESTION, catalog), MESSAGES, catalog)
    live.close()

    _assert_fell_back(extraction, catalog, wording)
    assert live.fallbacks.snapshot() == {reason.value: 1}


def test_a_slow_model_is_abandoned_at_the_deadline(catalog: Catalog) -> None:
    cancelled = threading.Event()

    async def slow(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return answer(info, {"claims": []})

    live = extractor(FunctionModel(slow), timeout=0.2)
    started = time.monotonic()

    extraction = live.extract(reading(QUESTION, catalog), MESSAGES, catalog)

    # The caller did not wait for the model's 30 s; how much sooner depends on the machine.
    assert time.monotonic() - started < 20
    _assert_fell_back(extraction, catalog, "did not answer in time")
    assert live.fallbacks.snapshot() == {FallbackReason.TIMEOUT.value: 1}
    assert cancelled.wait(20), "the abandoned model call keeps running"
    live.close()


def test_thirty_two_concurrent_requests_each_get_their_own_claims(catalog: Catalog) -> None:
    honest = rules_model(catalog)
    loops: set[int] = set()
    in_flight = peak = 0
    lock = threading.Lock()

    async def counted(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        nonlocal in_flight, peak
        loops.add(id(asyncio.get_running_loop()))
        with lock:
            in_flight += 1
            peak = max(peak, in_flight)
        # The first call waits for a second one to be in flight: only a loop that runs calls
        # one at a time keeps it waiting (until the limit, and `peak > 1` then fails).
        given_up = time.monotonic() + 30
        while peak < 2 and time.monotonic() < given_up:
            await asyncio.sleep(0.01)
        with lock:
            in_flight -= 1
        assert honest.function is not None
        response = honest.function(messages, info)
        assert not isinstance(response, ModelResponse)
        return await response

    live = extractor(FunctionModel(counted))

    def ask(n: int) -> Any:
        limit = SearchMessage(f"{n}.0", "C0", "eng", "U0", "Kim", f"Starter rate limit is {n} rpm.")
        extraction = live.extract(
            reading("What is the rate limit on Starter?", catalog), [limit], catalog
        )
        return [c.stated_value for c in extraction.message_claims], extraction.fallback

    with ThreadPoolExecutor(max_workers=32) as pool:
        results = list(pool.map(ask, range(100, 132)))
    live.close()

    assert results == [([f"{n} requests"], None) for n in range(100, 132)]
    assert len(loops) == 1
    assert peak > 1
    assert live.fallbacks.count() == live.dropped.count() == 0


def test_the_request_carries_opaque_evidence_ids_and_no_lifecycle_records(
    catalog: Catalog,
) -> None:
    seen: dict[str, Any] = {}

    async def spy(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen["evidence"] = evidence_sent(messages)
        seen["instructions"] = info.instructions
        seen["sent"] = repr(messages)
        return answer(info, {"claims": []})

    live = extractor(FunctionModel(spy))
    live.extract(reading(QUESTION, catalog), MESSAGES, catalog)
    live.close()

    assert list(seen["evidence"]) == ["question", "evidence-1"]
    assert seen["evidence"]["evidence-1"] == MESSAGES[0].content
    everything = seen["sent"] + str(seen["instructions"])
    for secret in ("LC-10", "SHIPPED", "EFFECTIVE", "2026-05-12", "supersedes", "1747100000"):
        assert secret not in everything
    assert "Priya" not in everything
    assert "C0PROD" not in everything
    assert "report_export" in str(seen["instructions"])


def test_in_a_thread_the_rules_read_the_follow_up_and_the_model_the_messages(
    catalog: Catalog,
) -> None:
    seen: list[dict[str, str]] = []

    async def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(evidence_sent(messages))
        return answer(info, rules_proposals(seen[-1], catalog))

    live = extractor(FunctionModel(respond))
    extraction = live.extract(reading("And on Team?", catalog, (QUESTION,)), MESSAGES, catalog)
    live.close()

    [asked] = extraction.question_claims
    assert (asked.entity, dict(asked.scope), asked.stated_value) == (
        "report_export",
        {"plan": "team"},
        "enabled",
    )
    assert extraction.message_claims == _rules(catalog).message_claims
    assert extraction.topics == ("report_export",)
    assert [sorted(items) for items in seen] == [["evidence-1"]]  # the question is not sent
