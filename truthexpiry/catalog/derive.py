"""Derives the claim catalog from lifecycle records, so that a dataset needs no vocabulary file.

Entities and attributes come from identifiers (`sso_login` is "SSO login"), scope keys and values
from the records' scopes, value kinds and units from the record values and attribute names
(`retention_days` counts days). A dataset's `catalog` section adds labels and aliases on top.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import fields
from functools import lru_cache
from itertools import chain
from operator import attrgetter

from truthexpiry.models.records.catalog import (
    AttributeInfo,
    AttributeNote,
    Catalog,
    CatalogNotes,
    EntityInfo,
    name_problem,
)
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.records.values import ValueType
from truthexpiry.values.compare import read_value
from truthexpiry.values.infer import entity_names_labels, infer_value_type

# Short identifier words that are ordinary words, not acronyms; any other word of two or three
# letters is shown in capitals (`sso_login` -> "SSO login", `api_rate_limit` -> "API rate limit").
_SHORT_WORDS = frozenset(
    "a an and any app as at bag bed box by cab cap car day end fan fee for gap in is it job key "
    "kit lab log lot map max min net new of off old on or pay per pet pin row run set tag tax "
    "the to top up use van via web".split()
)


def label_from_identifier(identifier: str) -> str:
    words = [
        w.upper() if 2 <= len(w) <= 3 and w not in _SHORT_WORDS else w
        for w in identifier.split("_")
        if w
    ]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def derive_catalog(
    records: Iterable[LifecycleRecord], version: str, notes: CatalogNotes | None = None
) -> Catalog:
    histories: dict[ClaimKey, list[LifecycleRecord]] = defaultdict(list)
    for record in records:
        histories[record.key].append(record)
    return derive_catalog_of_keys(histories, version, notes)


def derive_catalog_of_keys(
    histories: Mapping[ClaimKey, Sequence[LifecycleRecord]],
    version: str,
    notes: CatalogNotes | None = None,
) -> Catalog:
    """`derive_catalog` of records already grouped by key (a repository's index): the work is
    per key and per distinct value, not per record."""
    notes = notes or CatalogNotes()
    grouped: dict[tuple[str, str], list[ClaimKey]] = defaultdict(list)
    for key in histories:
        grouped[(key.entity, key.attribute)].append(key)
    # `map` over attribute getters: the loops over every record run without Python frames.
    sources = set(map(_SOURCE, chain.from_iterable(histories.values())))
    memo = _Memo()
    attributes = {}
    for pair, keys in sorted(grouped.items()):
        values = frozenset(map(_VALUE, chain.from_iterable(map(histories.__getitem__, keys))))
        note = notes.attributes.get(pair, _NO_NOTE)
        attributes[pair] = _attribute(pair, keys, values, note, memo)
    entities = {
        entity: _entity(entity, notes.entities.get(entity))
        for entity in sorted({entity for entity, _ in grouped})
    }
    scope_aliases = dict(sorted(notes.scope_aliases.items()))
    ordered_sources = tuple(sorted(sources))
    fingerprint = _fingerprint(version, entities, attributes, scope_aliases, ordered_sources)
    return Catalog(version, fingerprint, entities, attributes, scope_aliases, ordered_sources)


class _Memo:
    """Per-derivation memo tables: a large dataset gives thousands of entities the same
    attributes, values and labels, so each distinct one is read once. They live for one
    derivation; nothing outlives it."""

    def __init__(self) -> None:
        # Record values repeat across entities ("30 days").
        self.read = lru_cache(maxsize=None)(read_value)
        self._types: dict[_TypeQuestion, tuple[ValueType, str | None, tuple[str, ...]]] = {}
        self._labels: dict[tuple[str, str | None], str] = {}

    def value_type(
        self, pair: tuple[str, str], values: frozenset[str], note: AttributeNote
    ) -> tuple[ValueType, str | None, tuple[str, ...]]:
        # The entity changes the answer only through `entity_names_labels`.
        question = (pair[1], values, note, entity_names_labels(pair[0]))
        known = self._types.get(question)
        if known is None:
            known = self._types[question] = infer_value_type(pair, values, note, self.read)
        return known

    def label(self, attribute: str, given: str | None) -> str:
        known = self._labels.get((attribute, given))
        if known is None:
            known = given or lower_first(label_from_identifier(attribute))
            self._labels[(attribute, given)] = known
        return known


_TypeQuestion = tuple[str, frozenset[str], AttributeNote, bool]
_NO_NOTE = AttributeNote()  # one object: memo keys of attributes without a note compare fast
_SOURCE, _VALUE = attrgetter("source"), attrgetter("value")


def _entity(name: str, note: EntityInfo | None) -> EntityInfo:
    if note is None:
        return EntityInfo(name, label_from_identifier(name))
    return EntityInfo(
        name, note.label or label_from_identifier(name), note.aliases, note.description
    )


def _attribute(
    pair: tuple[str, str],
    keys: list[ClaimKey],
    values: frozenset[str],
    note: AttributeNote,
    memo: _Memo,
) -> AttributeInfo:
    entity, attribute = pair
    scope: dict[str, set[str]] = defaultdict(set)
    for claim_key in keys:
        for key, value in claim_key.scope:
            scope[key].add(value)
    value_type, unit, tokens = memo.value_type(pair, values, note)
    return AttributeInfo(
        entity=entity,
        attribute=attribute,
        label=memo.label(attribute, note.label),
        scope_values={key: tuple(sorted(values)) for key, values in sorted(scope.items())},
        value_type=value_type,
        unit=unit,
        value_tokens=tokens,
        aliases=note.aliases,
        value_aliases=note.value_aliases,
        description=note.description,
    )


def lower_first(label: str) -> str:
    """`Report export` -> `report export` for use mid-sentence; acronyms keep their capitals."""
    first = label.split(" ", 1)[0]
    return label if first.isupper() and len(first) > 1 else label[:1].lower() + label[1:]


def _fingerprint(
    version: str,
    entities: dict[str, EntityInfo],
    attributes: dict[tuple[str, str], AttributeInfo],
    scope_aliases: dict[tuple[str, str], tuple[str, ...]],
    sources: tuple[str, ...],
) -> str:
    # Every field, as plain tuples: their repr is several times faster than the dataclasses'.
    # The sources too: a client holding a catalog of this fingerprint holds all of it.
    content = (
        version,
        [_ENTITY_FIELDS(e) for e in entities.values()],
        [_ATTRIBUTE_FIELDS(a) for a in attributes.values()],
        scope_aliases,
        sources,
    )
    return hashlib.sha256(repr(content).encode()).hexdigest()[:16]


_ENTITY_FIELDS = attrgetter(*(f.name for f in fields(EntityInfo)))
_ATTRIBUTE_FIELDS = attrgetter(*(f.name for f in fields(AttributeInfo)))


def name_problems(catalog: Catalog) -> Iterator[str]:
    """Every alias or label of `catalog` too long for a name (`name_problem`), saying where.

    Labels derived from identifiers are not names a catalog gave, so they are not held to it
    (the matching index stays linear for them anyway); what a dataset's `catalog` section may
    say is refused when it loads, and again by a worker when the catalog arrives."""
    for entity in catalog.entities.values():
        given = () if entity.label == label_from_identifier(entity.name) else (entity.label,)
        yield from _problems(f"entity {entity.name}", given, entity.aliases)
    for info in catalog.attributes.values():
        derived = lower_first(label_from_identifier(info.attribute))
        given = () if info.label == derived else (info.label,)
        values = tuple(alias for spellings in info.value_aliases.values() for alias in spellings)
        where = f"attribute {info.entity}.{info.attribute}"
        yield from _problems(where, given, (*info.aliases, *values))
    for (key, value), aliases in catalog.scope_aliases.items():
        yield from _problems(f"scope {key}={value}", (), aliases)


def _problems(where: str, labels: tuple[str, ...], aliases: tuple[str, ...]) -> Iterator[str]:
    for kind, names in (("label", labels), ("alias", aliases)):
        for name in names:
            if (problem := name_problem(kind, name)) is not None:
                yield f"{where}: {problem}"
