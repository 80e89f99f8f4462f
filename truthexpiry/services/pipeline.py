"""The one pipeline every entry point uses: search, extract, fetch evidence, label.

Everything built here lives for one `run` call: the pipeline object holds only its ports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.claims import Claim, Extraction, ValueQuery
from truthexpiry.models.errors import EvidenceUnavailableError, SearchUnavailableError
from truthexpiry.models.messages import SearchMessage
from truthexpiry.models.verdicts import (
    Answer,
    Resolution,
    Status,
    TruthExpiryRequest,
    TruthExpiryResponse,
    UnverifiedReason,
    Verdict,
)
from truthexpiry.ports import ClaimExtractor, Clock, LifecycleEvidence, MessageSearch
from truthexpiry.services.labeler import label, resolve, unverified
from truthexpiry.services.notices import no_claim_notice, unavailable_notice
from truthexpiry.services.owners import OwnerEvidence
from truthexpiry.services.scope import MissingScope, known_scopes, resolve_scope

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
            return TruthExpiryResponse(as_of, (), notice=unavailable_notice(error))
        notes: list[str] = []
        messages = self._messages(request, notes)
        question = "" if request.subject_message else request.question
        extraction = self._extractor.extract(question, messages, catalog)
        run = _Run(self._evidence, catalog, as_of, OwnerEvidence(self._authority, as_of))
        if not request.subject_message:  # owner evidence comes only from searched messages
            run.collect_owner_evidence(extraction.message_claims)
        found = extraction.message_claims if request.subject_message else _on_topic(extraction)
        claims = (*extraction.question_claims, *found)[:MAX_CLAIMS]
        verdicts = tuple(run.verdict(claim) for claim in claims)
        answers = tuple(a for q in extraction.value_queries if (a := run.answer(q, notes)))
        if extraction.notice:
            notes.append(extraction.notice)
        if not request.subject_message and not extraction.question_claims and not answers:
            notes.append(no_claim_notice(extraction.topics, catalog))
        return TruthExpiryResponse(as_of, verdicts, answers, " ".join(notes) or None, len(messages))

    def _messages(self, request: TruthExpiryRequest, notes: list[str]) -> Sequence[SearchMessage]:
        if request.subject_message is not None:
            return (request.subject_message,)
        try:
            return self._search.search(
                request.question, limit=request.max_messages, action_token=request.action_token
            )
        except SearchUnavailableError as error:
            notes.append(
                f"Slack search was unavailable ({error.category}); this answer uses "
                "the lifecycle records only."
            )
            return ()


def _on_topic(extraction: Extraction) -> tuple[Claim, ...]:
    """Message claims about what the question mentioned: a question about nothing we know gets
    a notice, not verdicts on whatever the search happened to find."""
    return tuple(c for c in extraction.message_claims if c.entity in extraction.topics)


class _Run:
    """Request-scoped state: the catalog and the resolutions fetched for this question."""

    def __init__(
        self, evidence: LifecycleEvidence, catalog: Catalog, as_of: date, owners: OwnerEvidence
    ) -> None:
        self._evidence = evidence
        self._catalog = catalog
        self._as_of = as_of
        self._owners = owners
        self._resolutions: dict[ClaimKey, Resolution | EvidenceUnavailableError] = {}

    def collect_owner_evidence(self, claims: Sequence[Claim]) -> None:
        for claim in claims:
            key = resolve_scope(claim.entity, claim.attribute, claim.scope, self._catalog)
            if not isinstance(key, MissingScope):
                self._owners.add(key, claim)

    def verdict(self, claim: Claim) -> Verdict:
        verdict = self._verdict(claim)
        explanation = verdict.explanation
        scopes = known_scopes(claim.entity, claim.attribute, self._catalog)
        if verdict.reason is UnverifiedReason.NO_RECORDS and scopes:
            explanation += f" Records exist for {scopes}."
        subject = self._catalog.describe(claim.entity, claim.attribute)
        return replace(verdict, subject=subject, explanation=explanation)

    def _verdict(self, claim: Claim) -> Verdict:
        key = resolve_scope(claim.entity, claim.attribute, claim.scope, self._catalog)
        if isinstance(key, MissingScope):
            return unverified(
                claim, key.partial_key, UnverifiedReason.MISSING_SCOPE, key.explain("The claim")
            )
        resolution = self._resolve(key)
        if isinstance(resolution, EvidenceUnavailableError):
            return unverified(
                claim, key, UnverifiedReason.EVIDENCE_UNAVAILABLE, unavailable_notice(resolution)
            )
        return self._owners.review(label(claim, resolution), resolution)

    def answer(self, query: ValueQuery, notes: list[str]) -> Answer | None:
        key = resolve_scope(query.entity, query.attribute, query.scope, self._catalog)
        if isinstance(key, MissingScope):
            notes.append(key.explain("The question"))
            return None
        resolution = self._resolve(key)
        subject = self._catalog.describe(query.entity, query.attribute)
        if isinstance(resolution, EvidenceUnavailableError):
            return Answer(
                key, Status.UNVERIFIED, (), (), unavailable_notice(resolution), subject=subject
            )
        answer = Answer(
            key,
            resolution.status,
            resolution.current_values,
            tuple(r.record_id for r in resolution.current),
            resolution.explanation,
            resolution.timeline,
            subject,
        )
        return self._owners.answer(answer, resolution)

    def _resolve(self, key: ClaimKey) -> Resolution | EvidenceUnavailableError:
        if key not in self._resolutions:
            try:
                records = self._evidence.lookup(key)
                if any(record.key != key for record in records):
                    raise EvidenceUnavailableError(
                        "the evidence source returned records for another key"
                    )
                self._resolutions[key] = resolve(key, records, self._as_of, self._owners.policy)
            except EvidenceUnavailableError as error:
                self._resolutions[key] = error
        return self._resolutions[key]
