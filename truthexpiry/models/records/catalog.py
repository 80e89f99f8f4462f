"""The claim catalog: what can be checked, in which scopes, with which kinds of values.

A catalog is derived from a lifecycle dataset (identifiers, scope values, record values) and
optionally enriched by the dataset's own `catalog` section (labels, aliases, units). It carries
no record states, dates or IDs, so it can be handed to an extractor, or a language model, without
revealing which value is current.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from truthexpiry.models.records.unicode_text import shown
from truthexpiry.models.records.values import ValueType

# A label or alias is a name people type. Bounding its length keeps the matching index linear in
# the catalog's size: every part of a name is indexed, and a name of n words has n^2/2 parts.
MAX_NAME_CHARACTERS = 80
MAX_NAME_WORDS = 8
_WORD_BREAKS = re.compile(r"[\s\-_]+")


def joined_name(entity: str, attribute: str) -> str:
    """An entity's name and its attribute's, each word said once: "Book loan" and "loan period"
    make "Book loan period", "Card" and "card fee" "Card fee", "Parking" and "parking" "Parking".
    The words the attribute's name begins with that end the entity's name are not repeated."""
    head, tail = entity.split(), attribute.split()
    lowered = [w.lower() for w in head]
    for overlap in range(min(len(head), len(tail)), 0, -1):
        if lowered[-overlap:] == [w.lower() for w in tail[:overlap]]:
            return " ".join([*head, *tail[overlap:]])
    return " ".join([*head, *tail])


def name_problem(kind: str, name: str) -> str | None:
    """Why the label or alias `name` is too long for the catalog, naming it; else None."""
    words = len([w for w in _WORD_BREAKS.split(name) if w])
    if len(name) <= MAX_NAME_CHARACTERS and words <= MAX_NAME_WORDS:
        return None
    return (
        f"{kind} {shown(name, 40)} is too long ({len(name):,} characters, {words:,} words; "
        f"at most {MAX_NAME_CHARACTERS} characters and {MAX_NAME_WORDS} words)"
    )


@dataclass(frozen=True, slots=True)
class EntityInfo:
    name: str
    label: str
    aliases: tuple[str, ...] = ()
    description: str | None = None


@dataclass(frozen=True, slots=True)
class AttributeInfo:
    """One checkable (entity, attribute) pair.

    `scope_values` maps every scope key its records use to the values seen, sorted.
    `value_type` is the type of its values; `unit` the unit a record number is in when the
    record value names none (a unit's canonical name, a currency code or a counted noun such
    as `seat`), or None when nothing says. `value_tokens` are the values that are words
    (`eu-central`, `deprecated`), with `value_aliases` as extra spellings of them.
    """

    entity: str
    attribute: str
    label: str
    scope_values: dict[str, tuple[str, ...]] = field(hash=False)
    value_type: ValueType = ValueType.TEXT
    unit: str | None = None
    value_tokens: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    value_aliases: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    description: str | None = None

    @property
    def scope_keys(self) -> tuple[str, ...]:
        return tuple(sorted(self.scope_values))


@dataclass(frozen=True, slots=True)
class Catalog:
    """`fingerprint` changes whenever the content does; extractors cache their indexes by it."""

    version: str
    fingerprint: str
    entities: dict[str, EntityInfo] = field(hash=False)
    attributes: dict[tuple[str, str], AttributeInfo] = field(hash=False)
    scope_aliases: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, hash=False)
    sources: tuple[str, ...] = ()  # the records' sources (`billing`, `unspecified`), sorted
    _by_entity: dict[str, tuple[AttributeInfo, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _topics: tuple[str, ...] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        # Grouped once: asking per entity must not sort every attribute each time (5,000
        # entities of 80,000 attributes took 50 s that way).
        grouped: dict[str, list[AttributeInfo]] = defaultdict(list)
        for pair in sorted(self.attributes):
            grouped[pair[0]].append(self.attributes[pair])
        object.__setattr__(self, "_by_entity", {e: tuple(g) for e, g in grouped.items()})

    def attributes_of(self, entity: str) -> tuple[AttributeInfo, ...]:
        """The entity's attributes, in order of their names."""
        return self._by_entity.get(entity, ())

    def describe(self, entity: str, attribute: str) -> str:
        """`SSO login availability`: the labels people know, falling back to identifiers."""
        info = self.attributes.get((entity, attribute))
        known = self.entities.get(entity)
        if info is None or known is None:
            return joined_name(entity.replace("_", " "), attribute.replace("_", " "))
        return joined_name(known.label, info.label)

    def topics(self) -> list[str]:
        """One readable line per checkable attribute, for notices and the App Home: worded on
        first use and kept, as they are the catalog's own words."""
        topics = self._topics
        if topics is None:
            topics = tuple(self._topic_lines())
            object.__setattr__(self, "_topics", topics)
        return list(topics)

    def _topic_lines(self) -> list[str]:
        lines = []
        for info in sorted(self.attributes.values(), key=lambda a: (a.entity, a.attribute)):
            scopes = "; ".join(
                f"{key}: {', '.join(values)}" for key, values in sorted(info.scope_values.items())
            )
            subject = self.describe(info.entity, info.attribute)
            lines.append(subject + (f" ({scopes})" if scopes else ""))
        return lines


@dataclass(frozen=True, slots=True)
class AttributeNote:
    """What a dataset's `catalog` section may say about one (entity, attribute)."""

    label: str | None = None
    aliases: tuple[str, ...] = ()
    unit: str | None = None
    value_type: ValueType | None = None
    description: str | None = None
    value_aliases: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class CatalogNotes:
    """A dataset's optional `catalog` section, parsed. Everything in it is optional."""

    entities: dict[str, EntityInfo] = field(default_factory=dict, hash=False)
    attributes: dict[tuple[str, str], AttributeNote] = field(default_factory=dict, hash=False)
    scope_aliases: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, hash=False)
