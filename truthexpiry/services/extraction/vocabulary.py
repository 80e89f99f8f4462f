"""The matching index the rules extractor builds from a catalog.

Entities are matched by their identifier words and aliases. A shorter part of a name also counts
("rate limit" for `api_rate_limit`, "refund" for `billing_refund`) when it is two words or more,
or a single word no other entity uses; the extractor prefers fuller matches.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from truthexpiry.models.catalog import AttributeInfo, Catalog
from truthexpiry.services.extraction.text import phrase_key

# Words that never identify an entity on their own, even when only one name contains them.
_WEAK_WORDS = frozenset(
    "a an the of for to in on at by and or is are be new old max min limit per all any my our "
    "your this that it its".split()
)


@dataclass(frozen=True, slots=True)
class EntityMatch:
    entity: str
    words: int  # how many words of the name matched
    complete: bool  # the whole name or alias matched


@dataclass(slots=True)
class VocabularyIndex:
    catalog: Catalog
    entity_phrases: dict[str, list[EntityMatch]] = field(default_factory=dict)
    attribute_phrases: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    scope_phrases: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    value_phrases: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    max_words: int = 1

    @classmethod
    def build(cls, catalog: Catalog) -> VocabularyIndex:
        index = cls(catalog)
        index._add_entities()
        for info in catalog.attributes.values():
            index._add_attribute(info)
        index._add_scopes()
        return index

    def attributes(self, entity: str) -> tuple[AttributeInfo, ...]:
        return self.catalog.attributes_of(entity)

    def _add_entities(self) -> None:
        parts: dict[str, dict[str, EntityMatch]] = defaultdict(dict)
        for name, info in self.catalog.entities.items():
            for alias in (name, *info.aliases):
                words = phrase_key(alias).split()
                self.max_words = max(self.max_words, len(words))
                for start in range(len(words)):
                    for end in range(start + 1, len(words) + 1):
                        phrase = " ".join(words[start:end])
                        match = EntityMatch(name, end - start, end - start == len(words))
                        best = parts[phrase].get(name)
                        if best is None or (match.complete, match.words) > (
                            best.complete,
                            best.words,
                        ):
                            parts[phrase][name] = match
        for phrase, by_entity in parts.items():
            matches = list(by_entity.values())
            complete = [m for m in matches if m.complete]
            if complete:
                self.entity_phrases[phrase] = complete
            elif len(phrase.split()) > 1 or (len(matches) == 1 and phrase not in _WEAK_WORDS):
                self.entity_phrases[phrase] = matches

    def _add_attribute(self, info: AttributeInfo) -> None:
        pair = (info.entity, info.attribute)
        phrases = {phrase_key(info.attribute), phrase_key(info.label)}
        phrases.update(phrase_key(a) for a in info.aliases)
        phrases.update(w for p in list(phrases) for w in p.split() if w not in _WEAK_WORDS)
        self.attribute_phrases[pair] = phrases
        values: dict[str, str] = {}
        for token in info.value_tokens:
            values[phrase_key(token)] = token
        for token, aliases in info.value_aliases.items():
            for alias in aliases:
                values.setdefault(phrase_key(alias), _spelling(info, token))
        self.value_phrases[pair] = values
        self.max_words = max([self.max_words, *(len(p.split()) for p in values)])

    def _add_scopes(self) -> None:
        scopes: dict[str, set[tuple[str, str]]] = defaultdict(set)
        for info in self.catalog.attributes.values():
            for key, values in info.scope_values.items():
                for value in values:
                    scopes[phrase_key(value)].add((key, value))
        for (key, value), aliases in self.catalog.scope_aliases.items():
            for alias in aliases:
                scopes[phrase_key(alias)].add((key, value))
        self.scope_phrases = {phrase: sorted(pairs) for phrase, pairs in scopes.items()}
        self.max_words = max([self.max_words, *(len(p.split()) for p in scopes)])


def _spelling(info: AttributeInfo, token: str) -> str:
    """The record's own spelling of a token value named in the catalog by any spelling."""
    for spelling in info.value_tokens:
        if phrase_key(spelling) == phrase_key(token):
            return spelling
    return token
