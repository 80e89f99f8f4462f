"""The dataset's optional `catalog` section: labels, aliases, units and descriptions.

    "catalog": {
      "entities":   {"report_export": {"label": "Report export", "aliases": ["csv export"],
                                       "description": "..."}},
      "attributes": {"data_residency.storage_region": {
                        "label": "storage region", "aliases": ["data location"], "unit": null,
                        "type": "enumeration",
                        "description": "...", "value_aliases": {"eu-central": ["frankfurt"]}}},
      "scope_aliases": {"plan": {"starter": ["free tier"]}}
    }

Every name must exist in the records, and labels and aliases are names people type: at most
`MAX_NAME_CHARACTERS` characters and `MAX_NAME_WORDS` words each. Problems are appended to the
caller's list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from truthexpiry.models.records.catalog import AttributeNote, CatalogNotes, EntityInfo, name_problem
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.records.unicode_text import plain_or_shown, shown
from truthexpiry.models.records.values import ValueType
from truthexpiry.values.forms import token_key

_SECTIONS = frozenset({"entities", "attributes", "scope_aliases", "description"})
_ATTRIBUTE_FIELDS = frozenset({"label", "aliases", "unit", "type", "description", "value_aliases"})
_TYPES = ", ".join(t.value for t in ValueType)


def parse_catalog_notes(
    raw: object, records: list[LifecycleRecord], problems: list[str]
) -> CatalogNotes:
    if raw is None:
        return CatalogNotes()
    if not isinstance(raw, Mapping):
        problems.append("catalog: must be an object")
        return CatalogNotes()
    for unknown in sorted(set(raw) - _SECTIONS):
        problems.append(f"catalog: unknown section {shown(unknown)}")
    pairs = {(r.key.entity, r.key.attribute) for r in records}
    scopes = {pair for r in records for pair in r.key.scope}
    return CatalogNotes(
        entities=_entities(_section(raw, "entities", problems), {e for e, _ in pairs}, problems),
        attributes=_attributes(_section(raw, "attributes", problems), pairs, problems),
        scope_aliases=_scope_aliases(_section(raw, "scope_aliases", problems), scopes, problems),
    )


def _section(raw: Mapping[str, Any], name: str, problems: list[str]) -> Mapping[str, Any]:
    value = raw.get(name, {})
    if not isinstance(value, Mapping):
        problems.append(f"catalog.{name}: must be an object")
        return {}
    return value


def _entities(
    raw: Mapping[str, Any], known: set[str], problems: list[str]
) -> dict[str, EntityInfo]:
    notes = {}
    for name, body in raw.items():
        where = f"catalog.entities.{plain_or_shown(name)}"
        if name not in known:
            problems.append(f"{where}: no record has this entity")
            continue
        if not isinstance(body, Mapping):
            problems.append(f"{where}: must be an object")
            continue
        notes[name] = EntityInfo(
            name,
            _label(body, where, problems) or "",
            _aliases(body.get("aliases", []), where, problems),
            _optional_text(body, "description", where, problems),
        )
    return notes


def _attributes(
    raw: Mapping[str, Any], known: set[tuple[str, str]], problems: list[str]
) -> dict[tuple[str, str], AttributeNote]:
    notes = {}
    for name, body in raw.items():
        where = f"catalog.attributes.{plain_or_shown(name)}"
        entity, _, attribute = name.partition(".")
        if (entity, attribute) not in known:
            problems.append(f"{where}: no record has this entity.attribute")
            continue
        if not isinstance(body, Mapping):
            problems.append(f"{where}: must be an object")
            continue
        for unknown in sorted(set(body) - _ATTRIBUTE_FIELDS):
            problems.append(f"{where}: unknown field {unknown!r}")
        value_aliases = body.get("value_aliases", {})
        if not isinstance(value_aliases, Mapping):
            problems.append(f"{where}.value_aliases: must be an object")
            value_aliases = {}
        notes[(entity, attribute)] = AttributeNote(
            label=_label(body, where, problems),
            aliases=_aliases(body.get("aliases", []), where, problems),
            unit=_optional_text(body, "unit", where, problems),
            value_type=_value_type(body, where, problems),
            description=_optional_text(body, "description", where, problems),
            value_aliases={
                token_key(value): _aliases(spellings, f"{where}.value_aliases", problems)
                for value, spellings in value_aliases.items()
            },
        )
    return notes


def _value_type(body: Mapping[str, Any], where: str, problems: list[str]) -> ValueType | None:
    name = _optional_text(body, "type", where, problems)
    if name is None:
        return None
    try:
        return ValueType(name.lower())
    except ValueError:
        problems.append(f"{where}.type: must be one of {_TYPES}")
        return None


def _scope_aliases(
    raw: Mapping[str, Any], known: set[tuple[str, str]], problems: list[str]
) -> dict[tuple[str, str], tuple[str, ...]]:
    aliases = {}
    for key, values in raw.items():
        if not isinstance(values, Mapping):
            problems.append(f"catalog.scope_aliases.{plain_or_shown(key)}: must be an object")
            continue
        for value, spellings in values.items():
            where = f"catalog.scope_aliases.{plain_or_shown(key)}.{plain_or_shown(value)}"
            if (key, value) not in known:
                problems.append(f"{where}: no record has this scope value")
                continue
            aliases[(key, value)] = _aliases(spellings, where, problems)
    return aliases


def _aliases(raw: object, where: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(a, str) and a.strip() for a in raw):
        problems.append(f"{where}: aliases must be a list of non-empty strings")
        return ()
    aliases = tuple(a.strip().lower() for a in raw)
    _check_names("alias", aliases, where, problems)
    return aliases


def _label(body: Mapping[str, Any], where: str, problems: list[str]) -> str | None:
    label = _optional_text(body, "label", where, problems)
    _check_names("label", (label,) if label else (), where, problems)
    return label


def _check_names(kind: str, names: tuple[str, ...], where: str, problems: list[str]) -> None:
    for name in names:
        if (problem := name_problem(kind, name)) is not None:
            problems.append(f"{where}: {problem}")


def _optional_text(
    body: Mapping[str, Any], field: str, where: str, problems: list[str]
) -> str | None:
    value = body.get(field)
    if value is None or (isinstance(value, str) and value.strip()):
        return value.strip() if isinstance(value, str) else None
    problems.append(f"{where}.{field}: must be a non-empty string")
    return None
