"""The matching index the rules extractor builds from a catalog, once per catalog version.

Entities are matched by their identifier words and aliases, and by parts of their names
(`catalog_phrases.py`). Attributes are matched by name, label and aliases; a name that belongs to
one attribute of one entity names both on its own ("visitor cap"). Enumerated values are matched
by their words and aliases. Every table is prepared for matching here (`PhraseTable`), so no
sentence builds one.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from truthexpiry.models.records.catalog import AttributeInfo, Catalog
from truthexpiry.models.records.values import TypedValue
from truthexpiry.reading.lexicon.catalog_phrases import (
    EntityMatch,
    PhraseMemo,
    attribute_names,
    entity_phrases,
    owners,
    scope_phrases,
    value_phrases,
)
from truthexpiry.reading.lexicon.name_words import (
    WEAK_WORDS,
    NameForm,
    name_forms,
    stem,
    stem_forms,
    strong_stems,
)
from truthexpiry.reading.lexicon.topic_screen import TopicScreen, screen
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import PhraseTable
from truthexpiry.text.words import CURRENCIES, MONTHS, UNITS

Pair = tuple[str, str]
_KEPT = 4  # catalog versions whose index is kept
Selection = tuple[str | None, str | None]  # (entity, attribute), None for any


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
    entity_words: dict[str, frozenset[str]]  # entity -> the stems of its names' words
    scopes: dict[str, list[tuple[str, str]]]  # phrase -> (scope key, value) pairs
    scope_table: PhraseTable
    scope_keys: frozenset[str]  # scope key words: "plan", "tier", "market"
    scope_key_parts: frozenset[str]  # every `_`-part of every scope key: "card" of `card_type`
    values: dict[str, dict[Pair, TypedValue]]  # enumerated phrase -> its value per attribute
    value_table: PhraseTable
    nouns: frozenset[str]  # counted nouns numbers are given in ("seat", "request")
    by_unit: dict[str, frozenset[Pair]]  # a unit or counted noun -> the attributes counted in it
    known_words: frozenset[str]  # every word of every phrase above
    screen: TopicScreen  # which entities a sentence may be about, from its words
    stem_forms: dict[str, str]  # every word whose stem is an attribute's or entity's -> that stem
    name_forms: dict[str, NameForm]  # a word that names an attribute or one entity -> what
    # `known_words` and the common words (stopwords, weak words of names, months): a word
    # outside it is one no vocabulary knows (`scopes.unknown_word`)
    familiar_words: frozenset[str]
    scope_unions: dict[Selection, dict[str, frozenset[str]]]  # see `scope_unions`

    @classmethod
    def build(cls, catalog: Catalog) -> VocabularyIndex:
        """The index, built with the cyclic garbage collector paused: a large catalog's index is
        hundreds of thousands of sets, tuples and tables, without a reference cycle, and the
        collections they would trigger walk the whole heap again and again (a third of the
        build's time at 5,000 entities). Reference counting frees as usual meanwhile."""
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return cls._build(catalog)
        finally:
            if was_enabled:
                gc.enable()

    @classmethod
    def _build(cls, catalog: Catalog) -> VocabularyIndex:
        memo = PhraseMemo()
        scopes = scope_phrases(catalog, memo.key)
        units = {info.unit for info in catalog.attributes.values() if info.unit}
        entities = entity_phrases(catalog, frozenset(scopes) | units)
        attributes = {
            entity: tuple(
                AttributeVocabulary(info, memo.table(info))
                for info in catalog.attributes_of(entity)
            )
            for entity in catalog.entities
        }
        names = attribute_names(catalog, memo)
        values = value_phrases(catalog, memo.key)
        words = {
            pair: memo.stems(info.attribute, info.label)
            for pair, info in catalog.attributes.items()
        }
        reserved = {stem(w) for p in (*scopes, *values) for w in p.split()}
        entity_words = {
            name: strong_stems(name, *info.aliases) - reserved
            for name, info in catalog.entities.items()
        }
        nouns = frozenset(u for u in units if u not in UNITS and u not in CURRENCIES.values())
        keys = frozenset(
            memo.key(k) for info in catalog.attributes.values() for k in info.scope_values
        )
        key_parts = frozenset(
            part for pairs in scopes.values() for key, _ in pairs for part in key.split("_")
        )
        known = {w for table in (entities, names, scopes, values) for p in table for w in p.split()}
        known_words = frozenset(known) | keys | nouns
        by_unit = owners(
            {pair: frozenset({i.unit}) for pair, i in catalog.attributes.items() if i.unit}
        )
        attribute_stems = owners(words)
        entity_stems = owners(entity_words)
        forms = stem_forms(attribute_stems.keys() | entity_stems.keys())
        return cls(
            entities,
            PhraseTable.of(entities),
            attributes,
            catalog.attributes,
            names,
            PhraseTable.of(names),
            words,
            attribute_stems,
            entity_stems,
            entity_words,
            scopes,
            PhraseTable.of(scopes),
            keys,
            key_parts,
            values,
            PhraseTable.of(values),
            nouns,
            by_unit,
            known_words,
            screen(
                entities,
                names,
                (attribute_stems, entity_stems),
                scopes,
                catalog.attributes,
                values=values,
            ),
            forms,
            name_forms(forms, attribute_stems, entity_stems),
            known_words | WEAK_WORDS | STOPWORDS | frozenset(MONTHS),
            scope_unions(catalog.attributes),
        )


def scope_unions(infos: dict[Pair, AttributeInfo]) -> dict[Selection, dict[str, frozenset[str]]]:
    """The scope keys that several attributes' records use, each with their values: of every
    attribute, under (None, None); of one attribute name across entities, (None, name); of one
    entity's attributes, (entity, None). What a question about changes may narrow to, worked
    out once per catalog: a name shared by thousands of entities would otherwise cost a pass
    over every attribute per question."""
    unions: dict[Selection, dict[str, set[str]]] = {}
    for (entity, name), info in infos.items():
        for selection in ((None, None), (None, name), (entity, None)):
            union = unions.setdefault(selection, {})
            for key, found in info.scope_values.items():
                union.setdefault(key, set()).update(found)
    return {s: {k: frozenset(v) for k, v in union.items()} for s, union in unions.items()}


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
