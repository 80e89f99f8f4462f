"""The matching index the rules extractor builds from a catalog.

Entities are matched by their identifier words and aliases. A shorter part of a name also counts
("rate limit" for `api_rate_limit`, "refund" for `billing_refund`) when it is two words or more,
or a single word no other entity uses; the extractor prefers fuller matches.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from truthexpiry.models.catalog import AttributeInfo, Catalog
from truthexpiry.services.extraction.text import PhraseTable, phrase_key
from truthexpiry.services.value_words import NUMBER_WORDS, POLARITY_WORDS, UNIT_ALIASES

# Words that never identify an entity on their own, even when only one name contains them:
# function words, units ("days" in "14 days" is not `same_day_delivery`), values and numbers.
_WEAK_WORDS = frozenset(
    "a an the of for to in on at by and or is are be new old max min limit per all any my our "
    "your this that it its".split()
) | {phrase_key(w) for w in (*UNIT_ALIASES, *POLARITY_WORDS, *NUMBER_WORDS)}


@dataclass(frozen=True, slots=True)
class EntityMatch:
    entity: str
    words: int  # how many words of the name matched
    complete: bool  # the whole name or alias matched


@dataclass(frozen=True, slots=True)
class AttributeVocabulary:
    info: AttributeInfo
    names: PhraseTable  # the attribute's own name, label and aliases
    values: dict[str, str]  # phrase -> the record's spelling of a token value
    value_table: PhraseTable


@dataclass(frozen=True, slots=True)
class VocabularyIndex:
    entities: dict[str, list[EntityMatch]]
    entity_table: PhraseTable
    attributes: dict[str, tuple[AttributeVocabulary, ...]]  # by entity
    scopes: dict[str, list[tuple[str, str]]]  # phrase -> (scope key, value) pairs
    scope_table: PhraseTable

    @classmethod
    def build(cls, catalog: Catalog) -> VocabularyIndex:
        scopes = _scope_phrases(catalog)
        units = {phrase_key(u) for info in catalog.attributes.values() for u in info.units}
        entities = _entity_phrases(catalog, frozenset(scopes) | units)
        attributes = {
            entity: tuple(_attribute(info) for info in catalog.attributes_of(entity))
            for entity in catalog.entities
        }
        return cls(entities, PhraseTable.of(entities), attributes, scopes, PhraseTable.of(scopes))


def _entity_phrases(catalog: Catalog, other_words: frozenset[str]) -> dict[str, list[EntityMatch]]:
    """Every phrase that names an entity. `other_words` (scope values, the catalog's units) never
    name one on their own."""
    parts: dict[str, dict[str, EntityMatch]] = defaultdict(dict)
    for name, info in catalog.entities.items():
        for alias in (name, *info.aliases):
            words = phrase_key(alias).split()
            for start in range(len(words)):
                for end in range(start + 1, len(words) + 1):
                    match = EntityMatch(name, end - start, end - start == len(words))
                    best = parts[" ".join(words[start:end])].get(name)
                    if best is None or (match.complete, match.words) > (best.complete, best.words):
                        parts[" ".join(words[start:end])][name] = match
    phrases = {}
    for phrase, by_entity in parts.items():
        matches = list(by_entity.values())
        complete = [m for m in matches if m.complete]
        if complete:
            phrases[phrase] = complete
        elif len(phrase.split()) > 1 or (
            len(matches) == 1 and phrase not in _WEAK_WORDS and phrase not in other_words
        ):
            phrases[phrase] = matches
    return phrases


def _attribute(info: AttributeInfo) -> AttributeVocabulary:
    names = {phrase_key(info.attribute), phrase_key(info.label)}
    names.update(phrase_key(a) for a in info.aliases)
    names.update(w for p in list(names) for w in p.split() if w not in _WEAK_WORDS)
    values = {phrase_key(token): token for token in info.value_tokens}
    for token, aliases in info.value_aliases.items():
        spelling = _spelling(info, token)
        for alias in aliases:
            values.setdefault(phrase_key(alias), spelling)
    return AttributeVocabulary(info, PhraseTable.of(names), values, PhraseTable.of(values))


def _scope_phrases(catalog: Catalog) -> dict[str, list[tuple[str, str]]]:
    scopes: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for info in catalog.attributes.values():
        for key, values in info.scope_values.items():
            for value in values:
                scopes[phrase_key(value)].add((key, value))
    for (key, value), aliases in catalog.scope_aliases.items():
        for alias in aliases:
            scopes[phrase_key(alias)].add((key, value))
    return {phrase: sorted(pairs) for phrase, pairs in scopes.items()}


def _spelling(info: AttributeInfo, token: str) -> str:
    """The record's own spelling of a token value named in the catalog by any spelling."""
    for spelling in info.value_tokens:
        if phrase_key(spelling) == phrase_key(token):
            return spelling
    return token
