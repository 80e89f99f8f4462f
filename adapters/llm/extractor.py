"""`PydanticAiClaimExtractor`: claims proposed by a language model, grounded before use.

The model may add claims, never remove them: the rules read every request too, and what the
model proposes is grounded and added to what they read (`additions.with_additions`), so a model
that obeys an instruction in a message cannot hide that message's claim. The agent runs on one
background event loop shared by every caller, so Bolt's worker threads can call `extract`
concurrently (a pydantic-ai agent and its HTTP client must stay on one loop). When the model or
its adapter fails in any way (`failures.py`), the rules answer alone and the extraction says why
(`fallback`). Only counts are kept: no question, message or proposal text.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from dataclasses import replace

from pydantic_ai import Agent

from adapters.background_loop import BackgroundLoop
from adapters.llm.counts import ReasonCounts
from adapters.llm.failures import MODEL_FAILURES, fallback_reason
from agent.factory import ProposalContext, evidence_prompt
from agent.proposals import ClaimProposals
from agent.vocabulary import render_vocabulary
from truthexpiry.grounding.additions import with_additions
from truthexpiry.grounding.evidence import Evidence
from truthexpiry.grounding.proposals import DropReason, ground
from truthexpiry.models.answering.claims import Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.notices import FallbackReason
from truthexpiry.models.answering.questions import QuestionReading
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.ports import ClaimExtractor
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex, vocabulary_index

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
        rules: ClaimExtractor,
        timeout: float,
        loop: BackgroundLoop | None = None,
    ) -> None:
        self._agent = agent
        self._rules = rules  # read every request, and answer alone when the model fails
        self._timeout = timeout
        self._owns_loop = loop is None
        self._loop = loop or BackgroundLoop(name="llm-extraction")
        self._vocabularies: dict[str, tuple[str, VocabularyIndex]] = {}
        self._vocabulary_lock = threading.Lock()
        self.dropped: ReasonCounts[DropReason] = ReasonCounts()  # proposals left out
        self.fallbacks: ReasonCounts[FallbackReason] = ReasonCounts()

    def extract(
        self, question: QuestionReading, messages: Sequence[SearchMessage], catalog: Catalog
    ) -> Extraction:
        """What the rules read, with the model's grounded proposals added. In a thread the
        model reads only the messages: the rules complete a follow-up from the earlier
        questions, which the model never sees."""
        rules = self._rules.extract(question, messages, catalog)
        evidence = Evidence("" if question.in_thread else question.text, messages)
        if not evidence.prompt_items:
            return rules
        dropped: list[DropReason] = []
        try:
            grounded = self._grounded(evidence, catalog, dropped)
        except _FallbackError as failure:
            self.fallbacks.add(failure.reason)
            return replace(rules, fallback=failure.reason)
        extraction = with_additions(rules, grounded, dropped)
        for reason in dropped:
            self.dropped.add(reason)
        return replace(extraction, proposals_dropped=len(dropped))

    def _grounded(
        self, evidence: Evidence, catalog: Catalog, dropped: list[DropReason]
    ) -> Extraction:
        """The model's proposals that pass grounding. Raises `_FallbackError` on any failure,
        of the model or of the checks on what it answered."""
        vocabulary, index = self._vocabulary(catalog)
        proposals = self._propose(evidence, vocabulary)
        try:
            return ground(proposals, evidence, catalog, index, dropped)
        except MODEL_FAILURES:  # an answer the checks cannot read is an unusable answer
            raise _FallbackError(FallbackReason.INVALID_OUTPUT) from None

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
        run = self._agent.run(
            evidence_prompt(evidence.prompt_items), deps=ProposalContext(vocabulary)
        )
        bounded = asyncio.wait_for(run, self._timeout)
        try:
            future = asyncio.run_coroutine_threadsafe(bounded, self._loop.loop)
        except MODEL_FAILURES as error:  # the loop is closed: the run never starts
            bounded.close()
            run.close()
            raise _FallbackError(fallback_reason(error)) from None
        try:
            return future.result(self._timeout + _GRACE_SECONDS).output
        except MODEL_FAILURES as error:  # any failure of the model or its adapter
            future.cancel()  # a run abandoned at the deadline stops
            raise _FallbackError(fallback_reason(error)) from None

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
