"""The matching index the rules extractor builds from a catalog.

Entities are matched by their identifier words and aliases. A shorter part of a name also counts
("rate limit" for `api_rate_limit`, "refund" for `billing_refund`) when it is two words or more,
or a single word no other entity uses; the extractor prefers fuller matches. Attributes are
matched by name, label and aliases; a name that belongs to one attribute of one entity names
both on its own ("visitor cap"). Enumerated values are matched by their words and aliases.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from truthexpiry.models.records.catalog import MAX_NAME_WORDS, AttributeInfo, Catalog
from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.text.tokens import PhraseTable, phrase_key
from truthexpiry.text.words import (
    ARTICLES_AS_ONE,
    CURRENCIES,
    NUMBER_WORDS,
    POLARITY_WORDS,
    UNITS,
)
from truthexpiry.values.compare import read_value

K = TypeVar("K")
_KEPT = 4  # catalog versions whose index is kept
_NUMBERED = re.compile(r"^([a-z]+)([ _-]?)(\d+)$")
_SERIES_LENGTH = 21

# Words that never identify an entity on their own, even when only one name contains them:
# function words, units ("days" in "14 days" is not `same_day_delivery`), values and numbers.
WEAK_WORDS = frozenset(
    "a an the of for to in on at by and or is are be new old max min limit per all any my our "
    "your this that it its".split()
) | {phrase_key(w) for w in (*UNITS, *CURRENCIES, *POLARITY_WORDS, *NUMBER_WORDS, *ARTICLES_AS_ONE)}
Pair = tuple[str, str]
_SUFFIXES = ("ings", "ing", "ies", "ied", "es", "ed", "s", "e")
_MIN_STEM_WORD = 4


def stem(word: str) -> str:
    """A crude stem for matching a name's words in other forms: `closes`, `closing` -> `clos`,
    `booking` -> `book`. Only for words of four letters or more."""
    if len(word) < _MIN_STEM_WORD or not word.isalpha():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True, slots=True)
class EntityMatch:
    entity: str
    words: int  # how many words of the name matched
    complete: bool  # the whole name or alias matched


@dataclass(frozen=True, slots=True)
class AttributeVocabulary:
    info: AttributeInfo
    names: PhraseTable  # the attribute's own name, label and aliases, and their strong words


@dataclass(frozen=True, slots=True)
class VocabularyIndex:
    entities: dict[str, list[EntityMatch]]
    entity_table: PhraseTable
    attributes: dict[str, tuple[AttributeVocabulary, ...]]  # by entity
    infos: dict[Pair, AttributeInfo]
    attribute_names: dict[str, frozenset[Pair]]  # full attribute names and aliases
    attribute_table: PhraseTable
    attribute_words: dict[Pair, frozenset[str]]  # the stems of each attribute name's words
    attribute_stems: dict[str, frozenset[Pair]]  # stem -> the attributes whose name has it
    entity_stems: dict[str, frozenset[str]]  # stem -> the entities whose name has it
    scopes: dict[str, list[tuple[str, str]]]  # phrase -> (scope key, value) pairs
    scope_table: PhraseTable
    scope_keys: frozenset[str]  # scope key words: "plan", "tier", "market"
    values: dict[str, dict[Pair, TypedValue]]  # enumerated phrase -> its value per attribute
    value_table: PhraseTable
    nouns: frozenset[str]  # counted nouns numbers are given in ("seat", "request")
    known_words: frozenset[str]  # every word of every phrase above

    @classmethod
    def build(cls, catalog: Catalog) -> VocabularyIndex:
        memo = _Memo()
        scopes = _scope_phrases(catalog, memo.key)
        units = {info.unit for info in catalog.attributes.values() if info.unit}
        entities = _entity_phrases(catalog, frozenset(scopes) | units)
        attributes = {
            entity: tuple(
                AttributeVocabulary(info, memo.table(info))
                for info in catalog.attributes_of(entity)
            )
            for entity in catalog.entities
        }
        names = _attribute_names(catalog, memo)
        values = _value_phrases(catalog, memo.key)
        words = {
            pair: memo.stems(info.attribute, info.label)
            for pair, info in catalog.attributes.items()
        }
        reserved = {stem(w) for p in (*scopes, *values) for w in p.split()}
        entity_words = {
            name: _strong_stems(name, *info.aliases) - reserved
            for name, info in catalog.entities.items()
        }
        nouns = frozenset(u for u in units if u not in UNITS and u not in CURRENCIES.values())
        keys = frozenset(
            memo.key(k) for info in catalog.attributes.values() for k in info.scope_values
        )
        known = {w for table in (entities, names, scopes, values) for p in table for w in p.split()}
        return cls(
            entities,
            PhraseTable.of(entities),
            attributes,
            catalog.attributes,
            names,
            PhraseTable.of(names),
            words,
            _owners(words),
            _owners(entity_words),
            scopes,
            PhraseTable.of(scopes),
            keys,
            values,
            PhraseTable.of(values),
            nouns,
            frozenset(known) | keys | nouns,
        )


def vocabulary_index(catalog: Catalog) -> VocabularyIndex:
    """The catalog's matching index, built once per catalog version (by fingerprint): it holds
    the catalog's vocabulary only, never text from a request, so it may outlive one."""
    index = _BUILT.get(catalog.fingerprint)
    if index is None:
        index = VocabularyIndex.build(catalog)
        if len(_BUILT) >= _KEPT:
            _BUILT.pop(next(iter(_BUILT)), None)
        _BUILT[catalog.fingerprint] = index
    return index


_BUILT: dict[str, VocabularyIndex] = {}


def _entity_phrases(
    catalog: Catalog, other_words: set[str] | frozenset[str]
) -> dict[str, list[EntityMatch]]:
    """Every phrase that names an entity. `other_words` (scope values, the catalog's units) never
    name one on their own."""
    parts: dict[str, dict[str, EntityMatch]] = defaultdict(dict)
    for name, info in catalog.entities.items():
        for alias in (name, *info.aliases):
            words = phrase_key(alias).split()
            for start, end in _spans(len(words)):
                match = EntityMatch(name, end - start, end - start == len(words))
                by_entity = parts[" ".join(words[start:end])]
                best = by_entity.get(name)
                if best is None or (match.complete, match.words) > (best.complete, best.words):
                    by_entity[name] = match
    for name in catalog.entities:
        words = name.split("_")
        initials = "".join(w[0] for w in words if w)
        if len(words) > 1 and initials not in WEAK_WORDS and initials not in other_words:
            parts[initials].setdefault(name, EntityMatch(name, 1, True))
    phrases = {}
    for phrase, by_entity in parts.items():
        matches = list(by_entity.values())
        complete = [m for m in matches if m.complete]
        if complete:
            phrases[phrase] = complete
        elif _names_alone(phrase, len(matches), other_words):
            phrases[phrase] = matches
    return phrases


def _spans(count: int) -> Iterator[tuple[int, int]]:
    """The parts of a name of `count` words that are indexed: every run of up to
    `MAX_NAME_WORDS` words (the whole name, when it is an alias the loader accepts). Linear in
    the name's length, so a longer identifier from the records still indexes quickly."""
    for start in range(count):
        for end in range(start + 1, min(start + MAX_NAME_WORDS, count) + 1):
            yield start, end


def _strong_stems(*names: str) -> frozenset[str]:
    words = {w for name in names for w in phrase_key(name).split()}
    return frozenset(stem(w) for w in words if w not in WEAK_WORDS and len(w) >= 3)


def _owners(words: Mapping[K, frozenset[str]]) -> dict[str, frozenset[K]]:
    owners: dict[str, set[K]] = defaultdict(set)
    for owner, stems in words.items():
        for word in stems:
            owners[word].add(owner)
    return {word: frozenset(found) for word, found in owners.items()}


def _names_alone(phrase: str, owners: int, other_words: set[str] | frozenset[str]) -> bool:
    """A part of a name counts when it is two words or more, at least one of its own ("in
    the" names nothing), or one word only one entity has that is no other kind of word."""
    words = phrase.split()
    if len(words) > 1:
        return not set(words) <= WEAK_WORDS
    return owners == 1 and phrase not in WEAK_WORDS and phrase not in other_words


class _Memo:
    """Per-build memo tables: a large catalog repeats the same attribute names, labels and scope
    values for every entity, so each distinct one is read once. They hold catalog names only and
    live for one `VocabularyIndex.build`."""

    def __init__(self) -> None:
        self.key = lru_cache(maxsize=None)(phrase_key)
        self.stems = lru_cache(maxsize=None)(_strong_stems)
        self._names: dict[tuple[str, str, tuple[str, ...]], frozenset[str]] = {}
        self._tables: dict[frozenset[str], PhraseTable] = {}

    def names_of(self, info: AttributeInfo) -> frozenset[str]:
        spelled = (info.attribute, info.label, info.aliases)
        if spelled not in self._names:
            self._names[spelled] = frozenset(_names_of(info, self.key))
        return self._names[spelled]

    def table(self, info: AttributeInfo) -> PhraseTable:
        """The attribute's own names, label and aliases, and their strong words."""
        names = self.names_of(info)
        if names not in self._tables:
            words = {w for p in names for w in p.split() if w not in WEAK_WORDS}
            self._tables[names] = PhraseTable.of(names | words)
        return self._tables[names]


def _names_of(info: AttributeInfo, key: Callable[[str], str] = phrase_key) -> set[str]:
    names = {key(info.attribute), key(info.label)}
    # The name without the unit it is counted in: "idle timeout" for `idle_timeout_minutes`.
    names |= {" ".join(w for w in n.split() if w not in UNITS) for n in list(names)}
    names.update(key(a) for a in info.aliases)
    return {n for n in names if n}


def _attribute_names(catalog: Catalog, memo: _Memo) -> dict[str, frozenset[Pair]]:
    """Attribute names that may stand for their attribute without the entity's name."""
    owners: dict[str, set[Pair]] = defaultdict(set)
    for pair, info in catalog.attributes.items():
        for name in memo.names_of(info):
            if name not in WEAK_WORDS:
                owners[name].add(pair)
    return {name: frozenset(pairs) for name, pairs in owners.items()}


def _value_phrases(
    catalog: Catalog, key: Callable[[str], str]
) -> dict[str, dict[Pair, TypedValue]]:
    phrases: dict[str, dict[Pair, TypedValue]] = defaultdict(dict)
    for pair, info in catalog.attributes.items():
        if info.value_type.is_numeric and not info.value_tokens:
            continue
        for token in info.value_tokens:
            phrases[key(token)][pair] = TypedValue(ValueType.ENUMERATION, token)
        for phrase, spelling in _numbered(info.value_tokens).items():
            phrases[phrase].setdefault(pair, TypedValue(ValueType.ENUMERATION, spelling))
        for token, aliases in info.value_aliases.items():
            meaning = _meaning(info, token)
            for alias in aliases:
                phrases[key(alias)].setdefault(pair, meaning)
    return {phrase: dict(owners) for phrase, owners in phrases.items() if phrase}


def _numbered(tokens: tuple[str, ...]) -> dict[str, str]:
    """Values numbered in one series (`group_2`, `group_3`) name the others in it too: "group 1"
    is `group_1`, spelled as the records spell the series."""
    series = {_NUMBERED.match(t) for t in tokens}
    if not tokens or None in series:
        return {}
    shapes = {(m[1], m[2]) for m in series if m}
    if len(shapes) != 1:
        return {}
    word, joiner = shapes.pop()
    return {f"{phrase_key(word)} {n}": f"{word}{joiner}{n}" for n in range(_SERIES_LENGTH)}


def _meaning(info: AttributeInfo, token: str) -> TypedValue:
    """The record's own spelling of a value named in the catalog by any spelling."""
    for spelling in info.value_tokens:
        if phrase_key(spelling) == phrase_key(token):
            return TypedValue(ValueType.ENUMERATION, spelling)
    return read_value(token, info)


def _scope_phrases(
    catalog: Catalog, phrase: Callable[[str], str]
) -> dict[str, list[tuple[str, str]]]:
    scopes: dict[str, set[tuple[str, str]]] = defaultdict(set)
    pairs = {
        (key, value)
        for info in catalog.attributes.values()
        for key, values in info.scope_values.items()
        for value in values
    }
    for key, value in pairs:
        scopes[phrase(value)].add((key, value))
    for (key, value), aliases in catalog.scope_aliases.items():
        for alias in aliases:
            scopes[phrase(alias)].add((key, value))
    return {phrase: sorted(pairs) for phrase, pairs in scopes.items()}
