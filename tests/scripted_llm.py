"""Scripted language models for tests: `FunctionModel` replies, never a real provider.

`reply(...)` answers every request with the same proposals (or raw tool arguments, to script
invalid output); `rules_model(catalog)` answers what the rules extractor finds in the evidence
it was sent, so a test can run whole evaluation sets through the live path deterministically.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from adapters.llm.extractor import PydanticAiClaimExtractor
from agent.factory import build_claim_agent
from tests.readings import reading
from truthexpiry.models.answering.claims import Claim, Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.ports import ClaimExtractor
from truthexpiry.reading.extractor import RulesClaimExtractor

Proposals = dict[str, Any]
ModelFunction = Callable[[list[ModelMessage], AgentInfo], Awaitable[ModelResponse]]


GENEROUS_TIMEOUT = 60.0
"""Seconds a scripted model may take: only a hang trips it, however busy the machine is. A test
about the deadline itself passes its own `timeout`."""


def extractor(
    model: FunctionModel, *, timeout: float = GENEROUS_TIMEOUT, rules: ClaimExtractor | None = None
) -> PydanticAiClaimExtractor:
    """The live extractor on `model`; `rules` (default: the rules extractor) read beside it."""
    return PydanticAiClaimExtractor(
        build_claim_agent(model), rules=rules or RulesClaimExtractor(), timeout=timeout
    )


def answer(info: AgentInfo, arguments: Proposals | str) -> ModelResponse:
    """A reply calling the agent's output tool with `arguments` (a string is sent as is)."""
    return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, arguments)])


def reply(arguments: Proposals | str) -> FunctionModel:
    async def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return answer(info, arguments)

    return FunctionModel(respond)


def claim(
    entity: str,
    attribute: str,
    value: str,
    evidence: list[str],
    scope: dict[str, str] | None = None,
) -> Proposals:
    return {
        "entity": entity,
        "attribute": attribute,
        "scope": [{"key": k, "value": v} for k, v in (scope or {}).items()],
        "stated_value": value,
        "evidence_ids": evidence,
    }


def evidence_sent(messages: list[ModelMessage]) -> dict[str, str]:
    """The evidence items of the last user prompt, by ID."""
    for message in reversed(messages):
        for part in getattr(message, "parts", ()):
            if isinstance(part, UserPromptPart) and isinstance(part.content, str):
                document = json.loads(part.content)
                return {item["id"]: item["text"] for item in document["evidence"]}
    raise AssertionError("no user prompt was sent")


def rules_model(catalog: Catalog) -> FunctionModel:
    """Proposes exactly what the rules extractor reads in the evidence it is sent."""

    async def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        return answer(info, rules_proposals(evidence_sent(messages), catalog))

    return FunctionModel(respond)


def rules_proposals(evidence: dict[str, str], catalog: Catalog) -> Proposals:
    """What the rules extractor reads in `evidence` (by ID), as the model's proposals."""
    found = RulesClaimExtractor().extract(
        reading(evidence.get("question", ""), catalog),
        [_message(item_id, text) for item_id, text in evidence.items() if item_id != "question"],
        catalog,
    )
    return proposals_of(found)


def proposals_of(extraction: Extraction) -> Proposals:
    claims = [*extraction.question_claims, *extraction.message_claims]
    return {
        "claims": [
            claim(c.entity, c.attribute, c.stated_value, [_cited(c)], dict(c.scope)) for c in claims
        ],
        "value_queries": [
            {
                "entity": q.entity,
                "attribute": q.attribute,
                "scope": [{"key": k, "value": v} for k, v in q.scope],
            }
            for q in extraction.value_queries
        ],
        "mentioned_entities": list(extraction.topics),
    }


def _cited(found: Claim) -> str:
    return found.message.message_ts if found.message else "question"


def _message(item_id: str, text: str) -> SearchMessage:
    return SearchMessage(item_id, "C0", "general", "U0", "someone", text)
