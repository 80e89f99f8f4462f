"""`PydanticAiClaimExtractor`: claims proposed by a language model, grounded before use.

The agent runs on one background event loop shared by every caller, so Bolt's worker threads can
call `extract` concurrently (a pydantic-ai agent and its HTTP client must stay on one loop). When
the model is slow, down or answers something unusable, the rules extractor answers instead and
the extraction says why (`fallback`). Only counts are kept: no question, message or proposal text.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from dataclasses import replace

from pydantic import ValidationError
from pydantic_ai import Agent
from pydantic_ai.exceptions import AgentRunError, ModelAPIError

from adapters.lifecycle_mcp_client.bridge import BackgroundLoop
from adapters.llm.counts import ReasonCounts
from agent.factory import ProposalContext, evidence_prompt
from agent.proposals import ClaimProposals
from agent.vocabulary import render_vocabulary
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.claims import Extraction
from truthexpiry.models.messages import SearchMessage
from truthexpiry.models.notices import FallbackReason
from truthexpiry.ports import ClaimExtractor
from truthexpiry.services.extraction.evidence import Evidence
from truthexpiry.services.extraction.grounding import DropReason, ground
from truthexpiry.services.extraction.vocabulary import VocabularyIndex, vocabulary_index

_GRACE_SECONDS = 1.0  # past the run's own deadline, before the caller stops waiting
_CACHED_VOCABULARIES = 4


class _FallbackError(Exception):
    def __init__(self, reason: FallbackReason) -> None:
        self.reason = reason


class PydanticAiClaimExtractor:
    """Satisfies the `ClaimExtractor` port. Close it to stop the loop it owns."""

    def __init__(
        self,
        agent: Agent[ProposalContext, ClaimProposals],
        *,
        fallback: ClaimExtractor,
        timeout: float,
        loop: BackgroundLoop | None = None,
    ) -> None:
        self._agent = agent
        self._fallback = fallback
        self._timeout = timeout
        self._owns_loop = loop is None
        self._loop = loop or BackgroundLoop(name="llm-extraction")
        self._vocabularies: dict[str, tuple[str, VocabularyIndex]] = {}
        self._vocabulary_lock = threading.Lock()
        self.dropped: ReasonCounts[DropReason] = ReasonCounts()  # proposals grounding refused
        self.fallbacks: ReasonCounts[FallbackReason] = ReasonCounts()

    def extract(
        self,
        question: str,
        messages: Sequence[SearchMessage],
        catalog: Catalog,
        *,
        earlier: Sequence[str] = (),
    ) -> Extraction:
        """In a thread (`earlier` given), the question's own part is read by the rules, which
        complete a follow-up from the earlier questions; the model reads the messages."""
        if earlier:
            thread = self._fallback.extract(question, (), catalog, earlier=earlier)
            found = self._extract("", messages, catalog)
            return replace(
                found,
                question_claims=thread.question_claims,
                value_queries=thread.value_queries,
                topics=thread.topics,
            )
        return self._extract(question, messages, catalog)

    def _extract(
        self, question: str, messages: Sequence[SearchMessage], catalog: Catalog
    ) -> Extraction:
        evidence = Evidence(question, messages)
        if not evidence.prompt_items:
            return Extraction()
        vocabulary, index = self._vocabulary(catalog)
        try:
            proposals = self._propose(evidence, vocabulary)
        except _FallbackError as failure:
            self.fallbacks.add(failure.reason)
            extraction = self._fallback.extract(question, messages, catalog)
            return replace(extraction, fallback=failure.reason)
        dropped: list[DropReason] = []
        extraction = ground(proposals, evidence, catalog, index, dropped)
        for reason in dropped:
            self.dropped.add(reason)
        return extraction

    def close(self) -> None:
        if self._owns_loop:
            self._loop.close()

    def _propose(self, evidence: Evidence, vocabulary: str) -> ClaimProposals:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            pass
        else:  # waiting here would block the caller's own loop: use the rules instead
            raise _FallbackError(FallbackReason.UNAVAILABLE)
        context = ProposalContext(vocabulary)
        run = self._agent.run(evidence_prompt(evidence.prompt_items), deps=context)
        future = asyncio.run_coroutine_threadsafe(
            asyncio.wait_for(run, self._timeout), self._loop.loop
        )
        try:
            return future.result(self._timeout + _GRACE_SECONDS).output
        except TimeoutError:
            future.cancel()
            raise _FallbackError(FallbackReason.TIMEOUT) from None
        except (ModelAPIError, OSError):
            raise _FallbackError(FallbackReason.UNAVAILABLE) from None
        except (AgentRunError, ValidationError, ValueError):
            raise _FallbackError(FallbackReason.INVALID_OUTPUT) from None

    def _vocabulary(self, catalog: Catalog) -> tuple[str, VocabularyIndex]:
        """The catalog as the model sees it, and as grounding matches it; catalog data only."""
        with self._vocabulary_lock:
            cached = self._vocabularies.get(catalog.fingerprint)
            if cached is None:
                if len(self._vocabularies) >= _CACHED_VOCABULARIES:
                    self._vocabularies.pop(next(iter(self._vocabularies)))
                cached = (render_vocabulary(catalog), vocabulary_index(catalog))
                self._vocabularies[catalog.fingerprint] = cached
            return cached
