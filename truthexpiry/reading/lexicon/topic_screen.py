"""Which entities a sentence may be about, told from its words alone: the cheap test a message's
sentence passes before it is read in full.

A statement is about an entity only when the sentence names it (`names.py`): by a phrase of its
names (each word of which is then a token's key or a word of one), by an attribute's name or a
word of one in another form (a stem, or a word people say for it), or by a word of its name in
another form. The one other way is by type (`reader._anchor_by_type`): a scope value and a
value with a unit, a time or a date that only one entity's attributes take. So a sentence none
of whose words is such a word of a topic, and that does not hold both a scope value of a
topic's attributes and a word a value may start with, can state nothing about the topics and
need not be read. Built once per catalog version, from catalog words only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from truthexpiry.models.records.catalog import AttributeInfo
from truthexpiry.reading.lexicon.catalog_phrases import EntityMatch
from truthexpiry.reading.lexicon.name_words import stem
from truthexpiry.text.tokens import Token
from truthexpiry.text.words import NAME_SYNONYMS
from truthexpiry.values.spans import may_start_a_value

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class TopicScreen:
    names: dict[str, frozenset[str]]  # a name's word or stem -> the entities it may name
    scopes: dict[str, frozenset[str]]  # a scope value's word -> entities with that scope key
    values: dict[str, frozenset[str]]  # a catalog value word -> the entities it is a value of

    def may_be_about(self, tokens: Iterable[Token], topics: frozenset[str]) -> bool:
        """False only when the sentence cannot state anything about any of `topics`."""
        names, scopes, values = self.names, self.scopes, self.values
        scoped = typed = False
        for token in tokens:
            key = token.key
            # A key may be words of a phrase on its own ("walk-ins" is `walk in`).
            words = key.split() if " " in key else ()
            for form in (key, stem(key), NAME_SYNONYMS.get(key), *words):
                entities = names.get(form)  # None for a form of no name (and for None)
                if entities is not None and not topics.isdisjoint(entities):
                    return True
            if scoped and typed:
                continue  # only a name's word can change the answer now
            for form in (key, *words):
                scoped = scoped or not topics.isdisjoint(scopes.get(form, ()))
                typed = typed or not topics.isdisjoint(values.get(form, ()))
            typed = typed or may_start_a_value(token)
        return scoped and typed


def screen(
    entities: Mapping[str, list[EntityMatch]],
    attribute_names: Mapping[str, frozenset[Pair]],
    stems: tuple[Mapping[str, frozenset[Pair]], Mapping[str, frozenset[str]]],
    scopes: Mapping[str, list[tuple[str, str]]],
    infos: Mapping[Pair, AttributeInfo],
    *,
    values: Mapping[str, Mapping[Pair, object]],
) -> TopicScreen:
    """The screen over the index's tables: entity phrases, attribute names, the stems of
    attribute names (`stems[0]`) and of entity names (`stems[1]`), the scope phrases and the
    value phrases."""
    names: dict[str, set[str]] = defaultdict(set)
    for phrase, matches in entities.items():
        for word in phrase.split():
            names[word].update(match.entity for match in matches)
    for phrase, pairs in attribute_names.items():
        for word in phrase.split():
            names[word].update(entity for entity, _ in pairs)
    attribute_stems, entity_stems = stems
    for word, pairs in attribute_stems.items():
        names[word].update(entity for entity, _ in pairs)
    for word, owners in entity_stems.items():
        names[word].update(owners)
    with_key: dict[str, set[str]] = defaultdict(set)
    for (entity, _), info in infos.items():
        for key in info.scope_values:
            with_key[key].add(entity)
    by_scope: dict[str, set[str]] = defaultdict(set)
    for phrase, scope_pairs in scopes.items():
        for word in phrase.split():
            for key, _ in scope_pairs:
                by_scope[word] |= with_key[key]
    return TopicScreen(_frozen(names), _frozen(by_scope), _value_words(values))


def _value_words(values: Mapping[str, Mapping[Pair, object]]) -> dict[str, frozenset[str]]:
    by_value: dict[str, set[str]] = defaultdict(set)
    for phrase, owners in values.items():
        for word in phrase.split():
            by_value[word].update(entity for entity, _ in owners)
    return _frozen(by_value)


def _frozen(table: Mapping[str, set[str]]) -> dict[str, frozenset[str]]:
    return {word: frozenset(found) for word, found in table.items()}
