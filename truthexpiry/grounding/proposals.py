"""Grounding: the deterministic gate between the model's proposals and the pipeline.

A proposal becomes a claim only when its entity, attribute, scope keys and scope values exist in
the catalog, every evidence ID it cites belongs to this request, and in every cited text one
sentence binds the proposed value, with its polarity, to that entity, attribute and exactly
those scope values (`truthexpiry.grounding.support`). Anything else is dropped, and
its reason returned for counting; no text of a dropped proposal is kept.

These are extraction rules like the rules extractor's, so they live beside it. Proposals are
read through the protocols below, which the agent's output models (`agent.proposals`) satisfy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Protocol, TypeVar

from truthexpiry.grounding.evidence import QUESTION_ID, Evidence
from truthexpiry.grounding.support import CitedText
from truthexpiry.models.answering.claims import Claim, ClaimSource, Extraction, ValueQuery
from truthexpiry.models.errors import InvalidClaimKeyError
from truthexpiry.models.records.catalog import AttributeInfo, Catalog
from truthexpiry.models.records.claim_key import Scope, normalise_identifier, normalise_scope_value
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex


class DropReason(StrEnum):
    UNKNOWN_EVIDENCE = "unknown_evidence"
    UNKNOWN_ENTITY = "unknown_entity"
    UNKNOWN_ATTRIBUTE = "unknown_attribute"
    UNKNOWN_SCOPE = "unknown_scope"
    NOT_IN_ONE_SENTENCE = "not_in_one_sentence"
    CONTRADICTS_RULES = "contradicts_rules"  # `additions.with_additions`: the rules' claim stands


P = TypeVar("P")
T = TypeVar("T")


class ScopeItem(Protocol):
    @property
    def key(self) -> str: ...

    @property
    def value(self) -> str: ...


class ProposedValueQuery(Protocol):
    @property
    def entity(self) -> str: ...

    @property
    def attribute(self) -> str: ...

    @property
    def scope(self) -> Sequence[ScopeItem]: ...


class ProposedClaim(ProposedValueQuery, Protocol):
    @property
    def stated_value(self) -> str: ...

    @property
    def evidence_ids(self) -> Sequence[str]: ...


class ClaimProposals(Protocol):
    @property
    def claims(self) -> Sequence[ProposedClaim]: ...

    @property
    def value_queries(self) -> Sequence[ProposedValueQuery]: ...

    @property
    def mentioned_entities(self) -> Sequence[str]: ...


class _UngroundedError(Exception):
    def __init__(self, reason: DropReason) -> None:
        self.reason = reason


def ground(
    proposals: ClaimProposals,
    evidence: Evidence,
    catalog: Catalog,
    index: VocabularyIndex,
    dropped: list[DropReason],
) -> Extraction:
    """The grounded part of `proposals` as an extraction; why each other one was dropped is
    appended to `dropped`.
    `index` is the rules' matching index for `catalog`, used to find entity names in text."""
    grounder = _Grounder(evidence, catalog, index)
    claims = [c for p in proposals.claims for c in _grounded(grounder.claims, p, dropped) or ()]
    queries = [
        q for p in proposals.value_queries if (q := _grounded(grounder.value_query, p, dropped))
    ]
    question_claims = [c for c in claims if c.source is ClaimSource.QUESTION]
    mentioned = [e for e in (_identifier(n) for n in proposals.mentioned_entities) if e]
    topics = [
        *(e for e in mentioned if e in catalog.entities),
        *(c.entity for c in question_claims),
        *(q.entity for q in queries),
    ]
    return Extraction(
        question_claims=tuple(dict.fromkeys(question_claims)),
        value_queries=tuple(dict.fromkeys(queries)),
        message_claims=tuple(dict.fromkeys(c for c in claims if c.source is ClaimSource.MESSAGE)),
        topics=tuple(dict.fromkeys(topics)),
    )


def _grounded(check: Callable[[P], T], proposal: P, dropped: list[DropReason]) -> T | None:
    """What `check` makes of `proposal`, or None, its reason appended to `dropped`."""
    try:
        return check(proposal)
    except _UngroundedError as drop:
        dropped.append(drop.reason)
        return None


class _Grounder:
    def __init__(self, evidence: Evidence, catalog: Catalog, index: VocabularyIndex) -> None:
        self._evidence = evidence
        self._catalog = catalog
        self._index = index
        self._known_scopes = _scope_values(catalog)
        self._texts: dict[str, CitedText] = {}

    def claims(self, proposal: ProposedClaim) -> list[Claim]:
        item_ids = list(dict.fromkeys(proposal.evidence_ids))
        if not item_ids or any(self._evidence.get(i) is None for i in item_ids):
            raise _UngroundedError(DropReason.UNKNOWN_EVIDENCE)
        info = self._attribute(proposal.entity, proposal.attribute)
        scope = self._scope(info, proposal.scope)
        claims = []
        for item_id in item_ids:
            item = self._evidence.get(item_id)
            assert item is not None
            value = self._text(item_id, item.text).supported_value(
                info, proposal.stated_value, scope
            )
            if value is None:
                raise _UngroundedError(DropReason.NOT_IN_ONE_SENTENCE)
            source = ClaimSource.QUESTION if item.ref is None else ClaimSource.MESSAGE
            claims.append(
                Claim(info.entity, info.attribute, scope, value.text, source, item.ref, typed=value)
            )
        return claims

    def value_query(self, query: ProposedValueQuery) -> ValueQuery:
        question = self._evidence.get(QUESTION_ID)
        if question is None:
            raise _UngroundedError(DropReason.UNKNOWN_EVIDENCE)
        info = self._attribute(query.entity, query.attribute)
        scope = self._scope(info, query.scope)
        if not self._text(QUESTION_ID, question.text).asks_about(info, scope):
            raise _UngroundedError(DropReason.NOT_IN_ONE_SENTENCE)
        return ValueQuery(info.entity, info.attribute, scope)

    def _text(self, item_id: str, text: str) -> CitedText:
        if item_id not in self._texts:
            self._texts[item_id] = CitedText(text, self._index)
        return self._texts[item_id]

    def _attribute(self, entity: str, attribute: str) -> AttributeInfo:
        entity_id = _identifier(entity)
        if entity_id not in self._catalog.entities:
            raise _UngroundedError(DropReason.UNKNOWN_ENTITY)
        info = self._catalog.attributes.get((entity_id, _identifier(attribute) or ""))
        if info is None:
            raise _UngroundedError(DropReason.UNKNOWN_ATTRIBUTE)
        return info

    def _scope(self, info: AttributeInfo, items: Sequence[ScopeItem]) -> Scope:
        pairs: dict[str, str] = {}
        for item in items:
            key = _identifier(item.key)
            if key is None or key not in info.scope_values or key in pairs:
                raise _UngroundedError(DropReason.UNKNOWN_SCOPE)
            canonical = _scope_value(item.value)
            if canonical is None:
                raise _UngroundedError(DropReason.UNKNOWN_SCOPE)
            # A value no record has ("Basic") stays as said, so that the answer can say there
            # are no records for it; the text check below still needs one sentence to say it.
            pairs[key] = self._known_scopes.get(key, {}).get(canonical, canonical)
        return tuple(sorted(pairs.items()))


def _scope_values(catalog: Catalog) -> Mapping[str, dict[str, str]]:
    """Scope key -> (value or alias, in canonical form) -> the catalog's value, over all records:
    a value of the attribute's own key counts even without a record for this attribute."""
    known: dict[str, dict[str, str]] = {}
    for info in catalog.attributes.values():
        for key, values in info.scope_values.items():
            known.setdefault(key, {}).update((v, v) for v in values)
    for (key, value), aliases in catalog.scope_aliases.items():
        for alias in aliases:
            if (canonical := _scope_value(alias)) is not None:
                known.setdefault(key, {}).setdefault(canonical, value)
    return known


def _identifier(text: str) -> str | None:
    try:
        return normalise_identifier(text)
    except InvalidClaimKeyError:
        return None


def _scope_value(text: str) -> str | None:
    try:
        return normalise_scope_value(text)
    except InvalidClaimKeyError:
        return None
