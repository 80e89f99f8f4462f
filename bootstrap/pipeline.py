"""The pipeline and the adapters it answers through, for every caller: the CLI, the worker, the
demo, the benchmarks and the tests.

`build_pipeline` takes every port as a keyword; what is not given gets the default (the demo
corpus, the embedded dataset, the rules, the system clock). The MCP and language-model adapters
are imported only when asked for, so an offline answer never loads their libraries.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from adapters.clock import SystemClock
from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, demo_messages_path
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.ports import (
    ClaimExtractor,
    Clock,
    LifecycleEvidence,
    LifecycleHistory,
    MessageSearch,
    Turns,
)
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.services.pipeline import TruthExpiryPipeline

if TYPE_CHECKING:
    from pydantic import SecretStr

    from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
    from adapters.llm.extractor import PydanticAiClaimExtractor
    from settings.model import ModelSettings


def build_pipeline(
    *,
    search: MessageSearch | None = None,
    evidence: LifecycleEvidence | None = None,
    extractor: ClaimExtractor | None = None,
    clock: Clock | None = None,
    authority: AuthorityPolicy | None = None,
    history: LifecycleHistory | None = None,
    turns: Turns | None = None,
) -> TruthExpiryPipeline:
    """The pipeline over the given ports; defaults: the demo corpus, the embedded dataset read
    in this process, the rules extractor and the system clock. The records by date for change
    questions (`history`) come from the evidence source when it lists them. `turns`: who runs
    first when questions are answered side by side (the worker's; none by default)."""
    evidence = dataset_evidence(None) if evidence is None else evidence
    if history is None and isinstance(evidence, LifecycleHistory):
        history = evidence
    return TruthExpiryPipeline(
        search=corpus_search(None) if search is None else search,
        evidence=evidence,
        extractor=RulesClaimExtractor() if extractor is None else extractor,
        clock=SystemClock() if clock is None else clock,
        authority=authority,
        history=history,
        turns=turns,
    )


def corpus_search(messages: Path | Sequence[SearchMessage] | None) -> MessageSearch:
    """Search over a corpus file, a list of messages, or (None) the embedded demo corpus."""
    if messages is None or isinstance(messages, Path):
        return CorpusMessageSearch.from_path(messages or demo_messages_path())
    return CorpusMessageSearch(messages)


def dataset_evidence(
    lifecycle_data: Path | LifecycleRecordRepository | None,
) -> InProcessLifecycleEvidence:
    """Evidence from a dataset file, a loaded dataset, or (None) the embedded demo dataset, read
    in this process."""
    if isinstance(lifecycle_data, LifecycleRecordRepository):
        return InProcessLifecycleEvidence(lifecycle_data)
    repository = (
        LifecycleRecordRepository.from_path(lifecycle_data)
        if lifecycle_data
        else LifecycleRecordRepository.packaged()
    )
    return InProcessLifecycleEvidence(repository)


def mcp_evidence(url: str, *, token: str | None, timeout: float = 2.0) -> McpLifecycleEvidence:
    """Evidence from a lifecycle MCP server; close it when done."""
    from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence

    return McpLifecycleEvidence(url, token=token, timeout=timeout)


def live_extractor(settings: ModelSettings) -> PydanticAiClaimExtractor:
    """Claims proposed by the configured model, grounded, with the rules as the fallback;
    close it when done."""
    from adapters.llm.extractor import PydanticAiClaimExtractor
    from adapters.llm.model import openai_compatible_model
    from agent.factory import build_claim_agent

    model = openai_compatible_model(
        settings.llm_model,
        api_key=revealed(settings.openai_api_key) or "",
        base_url=settings.llm_base_url,
        timeout=settings.llm_timeout_seconds,
    )
    return PydanticAiClaimExtractor(
        build_claim_agent(model),
        rules=RulesClaimExtractor(every_message=True),  # the model may add topics
        timeout=settings.llm_timeout_seconds,
    )


def revealed(secret: SecretStr | None) -> str | None:
    """A secret setting's value, or None when it is not set."""
    return secret.get_secret_value() if secret is not None else None
