"""The phrases a catalog is matched by: every phrase that names an entity, an attribute, a scope
value or an enumerated value, read from the catalog's names, labels and aliases. Built once per
catalog by `VocabularyIndex.build`; catalog words only, nothing from a request.

A shorter part of an entity's name also counts ("rate limit" for `api_rate_limit`, "refund" for
`billing_refund`) when it is two words or more, or a single word no other entity uses; the
extractor prefers fuller matches.
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
from truthexpiry.reading.lexicon.name_words import WEAK_WORDS, strong_stems
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import PhraseTable, phrase_key
from truthexpiry.text.words import UNITS
from truthexpiry.values.compare import read_value

K = TypeVar("K")
Pair = tuple[str, str]
_NUMBERED = re.compile(r"^([a-z]+)([ _-]?)(\d+)$")
_SERIES_LENGTH = 21


@dataclass(frozen=True, slots=True)
class EntityMatch:
    entity: str
    words: int  # how many words of the name matched
    complete: bool  # the whole name or alias matched


def entity_phrases(
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
        if len(words) > 1 and not _ordinary(initials) and initials not in other_words:
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


def _ordinary(initials: str) -> bool:
    """Initials that spell an everyday word ("as" for `adult_single`, "it" for `it_support`)
    are read as the word, never as the entity."""
    return initials in WEAK_WORDS or initials in STOPWORDS


def _spans(count: int) -> Iterator[tuple[int, int]]:
    """The parts of a name of `count` words that are indexed: every run of up to
    `MAX_NAME_WORDS` words (the whole name, when it is an alias the loader accepts). Linear in
    the name's length, so a longer identifier from the records still indexes quickly."""
    for start in range(count):
        for end in range(start + 1, min(start + MAX_NAME_WORDS, count) + 1):
            yield start, end


def owners(words: Mapping[K, frozenset[str]]) -> dict[str, frozenset[K]]:
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


class PhraseMemo:
    """Per-build memo tables: a large catalog repeats the same attribute names, labels and scope
    values for every entity, so each distinct one is read once. They hold catalog names only and
    live for one `VocabularyIndex.build`."""

    def __init__(self) -> None:
        self.key = lru_cache(maxsize=None)(phrase_key)
        self.stems = lru_cache(maxsize=None)(strong_stems)
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


def attribute_names(catalog: Catalog, memo: PhraseMemo) -> dict[str, frozenset[Pair]]:
    """Attribute names that may stand for their attribute without the entity's name."""
    owners: dict[str, set[Pair]] = defaultdict(set)
    for pair, info in catalog.attributes.items():
        for name in memo.names_of(info):
            if name not in WEAK_WORDS:
                owners[name].add(pair)
    return {name: frozenset(pairs) for name, pairs in owners.items()}


def value_phrases(catalog: Catalog, key: Callable[[str], str]) -> dict[str, dict[Pair, TypedValue]]:
    phrases: dict[str, dict[Pair, TypedValue]] = defaultdict(dict)
    for pair, info in catalog.attributes.items():
        if info.value_type.is_numeric and not info.value_tokens:
            continue
        for token in info.value_tokens:
            phrases[key(token)][pair] = _as_records_read(info, token)
        for phrase, spelling in _numbered(info.value_tokens).items():
            phrases[phrase].setdefault(pair, TypedValue(ValueType.ENUMERATION, spelling))
        for token, aliases in info.value_aliases.items():
            meaning = _meaning(info, token)
            # The value as the records spell it names it too, however short ("ga", "eol").
            for alias in (token, *aliases):
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
            return _as_records_read(info, spelling)
    return read_value(token, info)


def _as_records_read(info: AttributeInfo, spelling: str) -> TypedValue:
    """A value word as the records' value is read when compared: a code that reads as
    availability (`ga`) by that meaning, any other in its own spelling."""
    read = read_value(spelling, info)
    return read if read.type is ValueType.BOOLEAN else TypedValue(ValueType.ENUMERATION, spelling)


def scope_phrases(
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
