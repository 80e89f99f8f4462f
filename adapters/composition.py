"""The composition root: the one place that chooses adapters and builds the pipeline.

Every entry point (CLI, Slack worker) and every test that needs a pipeline calls these functions,
passing fakes where a test wants them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adapters.clock import SystemClock
from adapters.lifecycle_mcp.evidence import McpLifecycleEvidence
from adapters.llm.extractor import PydanticAiClaimExtractor
from adapters.llm.model import openai_compatible_model
from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, demo_messages_path
from agent.factory import build_claim_agent
from lifecycle_mcp.repository import LifecycleRecordRepository
from truthexpiry.config.llm import LlmSettings
from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.messages import SearchMessage
from truthexpiry.ports import ClaimExtractor, Clock, LifecycleEvidence, MessageSearch
from truthexpiry.services.extraction.rules import RulesClaimExtractor
from truthexpiry.services.pipeline import TruthExpiryPipeline


def build_pipeline(
    *,
    search: MessageSearch,
    evidence: LifecycleEvidence,
    extractor: ClaimExtractor | None = None,
    clock: Clock | None = None,
    authority: AuthorityPolicy | None = None,
) -> TruthExpiryPipeline:
    return TruthExpiryPipeline(
        search=search,
        evidence=evidence,
        extractor=extractor or RulesClaimExtractor(),
        clock=clock or SystemClock(),
        authority=authority,
    )


def corpus_search(messages: Path | Sequence[SearchMessage] | None) -> CorpusMessageSearch:
    """Search over a corpus file, a list of messages, or (None) the embedded demo corpus."""
    if messages is None or isinstance(messages, Path):
        return CorpusMessageSearch.from_path(messages or demo_messages_path())
    return CorpusMessageSearch(messages)


def in_process_evidence(lifecycle_data: Path | None) -> InProcessLifecycleEvidence:
    """Evidence from a dataset file, or (None) the embedded demo dataset, in this process."""
    repository = (
        LifecycleRecordRepository.from_path(lifecycle_data)
        if lifecycle_data
        else LifecycleRecordRepository.packaged()
    )
    return InProcessLifecycleEvidence(repository)


def mcp_evidence(url: str, *, token: str | None, timeout: float = 2.0) -> McpLifecycleEvidence:
    """Evidence from a lifecycle MCP server; close it when done."""
    return McpLifecycleEvidence(url, token=token, timeout=timeout)


def live_claim_extractor(settings: LlmSettings) -> PydanticAiClaimExtractor:
    """Claims proposed by the configured model, grounded, with the rules as the fallback;
    close it when done."""
    return PydanticAiClaimExtractor(
        build_claim_agent(openai_compatible_model(settings)),
        fallback=RulesClaimExtractor(),
        timeout=settings.timeout_seconds,
    )


def build_offline_pipeline(
    *,
    lifecycle_data: Path | None = None,
    messages: Path | Sequence[SearchMessage] | None = None,
    repository: LifecycleRecordRepository | None = None,
    extractor: ClaimExtractor | None = None,
    clock: Clock | None = None,
) -> TruthExpiryPipeline:
    """The whole pipeline in this process: a dataset file (default: the embedded demo dataset)
    and a message corpus (default: the embedded demo corpus)."""
    evidence = (
        InProcessLifecycleEvidence(repository)
        if repository
        else in_process_evidence(lifecycle_data)
    )
    return build_pipeline(
        search=corpus_search(messages), evidence=evidence, extractor=extractor, clock=clock
    )
