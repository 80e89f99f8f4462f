"""The composition root: the one place that chooses adapters and builds the pipeline.

Every entry point (CLI, Slack worker) and every test that needs a pipeline calls these functions,
passing fakes where a test wants them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adapters.clock import SystemClock
from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, demo_messages_path
from lifecycle_mcp.repository import LifecycleRecordRepository
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
) -> TruthExpiryPipeline:
    return TruthExpiryPipeline(
        search=search,
        evidence=evidence,
        extractor=extractor or RulesClaimExtractor(),
        clock=clock or SystemClock(),
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
    if repository is None:
        repository = (
            LifecycleRecordRepository.from_path(lifecycle_data)
            if lifecycle_data
            else LifecycleRecordRepository.packaged()
        )
    if messages is None or isinstance(messages, Path):
        search = CorpusMessageSearch.from_path(messages or demo_messages_path())
    else:
        search = CorpusMessageSearch(messages)
    return build_pipeline(
        search=search,
        evidence=InProcessLifecycleEvidence(repository),
        extractor=extractor,
        clock=clock,
    )
