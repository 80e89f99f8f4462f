"""The one pipeline every entry point uses: search, extract, fetch evidence, label.

Everything built here lives for one `run` call: the pipeline object holds only its ports.
"""

from __future__ import annotations

from collections.abc import Sequence

from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.claims import Claim, Extraction
from truthexpiry.models.errors import EvidenceUnavailableError, SearchUnavailableError
from truthexpiry.models.messages import SearchMessage
from truthexpiry.models.notices import EvidenceUnavailable, ModelFallback, Notice, SearchUnavailable
from truthexpiry.models.verdicts import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.ports import ClaimExtractor, Clock, LifecycleEvidence, MessageSearch
from truthexpiry.services.notices import nothing_to_check
from truthexpiry.services.owners import OwnerEvidence
from truthexpiry.services.request_run import RequestRun

MAX_CLAIMS = 60


class TruthExpiryPipeline:
    def __init__(
        self,
        *,
        search: MessageSearch,
        evidence: LifecycleEvidence,
        extractor: ClaimExtractor,
        clock: Clock,
        authority: AuthorityPolicy | None = None,
    ) -> None:
        self._search = search
        self._evidence = evidence
        self._extractor = extractor
        self._clock = clock
        self._authority = authority

    def run(self, request: TruthExpiryRequest) -> TruthExpiryResponse:
        as_of = request.as_of or self._clock.today()
        try:
            catalog = self._evidence.catalog()
        except EvidenceUnavailableError as error:
            return TruthExpiryResponse(as_of, (), notices=(EvidenceUnavailable(str(error)),))
        notices: list[Notice] = []
        messages = self._messages(request, notices)
        question = "" if request.subject_message else request.question
        extraction = self._extractor.extract(
            question, messages, catalog, earlier=request.earlier_questions
        )
        run = RequestRun(self._evidence, catalog, as_of, OwnerEvidence(self._authority, as_of))
        if not request.subject_message:  # owner evidence comes only from searched messages
            run.collect_owner_evidence(extraction.message_claims)
        found = extraction.message_claims if request.subject_message else _on_topic(extraction)
        claims = (*extraction.question_claims, *found)[:MAX_CLAIMS]
        verdicts = tuple(run.verdict(claim) for claim in claims)
        answers = tuple(a for q in extraction.value_queries if (a := run.answer(q, notices)))
        if extraction.fallback:
            notices.append(ModelFallback(extraction.fallback))
        if not request.subject_message and not extraction.question_claims and not answers:
            notices.append(nothing_to_check(extraction.topics, catalog))
        return TruthExpiryResponse(as_of, verdicts, answers, tuple(notices), len(messages))

    def _messages(
        self, request: TruthExpiryRequest, notices: list[Notice]
    ) -> Sequence[SearchMessage]:
        if request.subject_message is not None:
            return (request.subject_message,)
        try:
            return self._search.search(
                request.search_text, limit=request.max_messages, action_token=request.action_token
            )
        except SearchUnavailableError as error:
            notices.append(SearchUnavailable(error.category, error.retry_after))
            return ()


def _on_topic(extraction: Extraction) -> tuple[Claim, ...]:
    """Message claims about what the question mentioned: a question about nothing we know gets
    a notice, not verdicts on whatever the search happened to find. Claims about a neighbouring
    attribute of the same entity are kept, and the replies count them apart."""
    return tuple(c for c in extraction.message_claims if c.entity in extraction.topics)
