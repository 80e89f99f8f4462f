"""Example questions built from the catalog, for suggested prompts and the App Home.

Each example names one checkable attribute in one of its scopes, in the phrasing the rules
extractor reads: "Is report export enabled on Starter?" for on/off attributes, "What is the
audit log retention on Enterprise?" for the others. One example per entity, alternating
between kinds of value so that a short list shows what the app can do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import chain, zip_longest

from truthexpiry.models.catalog import AttributeInfo, Catalog, ValueKind
from truthexpiry.services.catalog import lower_first

_TITLE = 75
_QUESTION = 200
_KINDS = (ValueKind.POLARITY, ValueKind.QUANTITY, ValueKind.TOKEN)
_ANGLES = re.compile(r"[<>]")  # never a link or a mention in something a user will "say"


@dataclass(frozen=True, slots=True)
class Example:
    title: str  # "Report export on Starter"
    question: str  # "Is report export enabled on Starter?"


def example_questions(catalog: Catalog, limit: int) -> list[Example]:
    """Up to `limit` examples, at most one per entity, kinds of value taken in turn."""
    by_kind = [[a for a in _sorted(catalog) if _kind(a) is kind] for kind in (*_KINDS, None)]
    examples: list[Example] = []
    entities: set[str] = set()
    for info in chain.from_iterable(zip_longest(*by_kind)):
        if info is None or info.entity in entities or info.entity not in catalog.entities:
            continue
        entities.add(info.entity)
        examples.append(_example(info, catalog))
        if len(examples) == limit:
            break
    return examples


def _example(info: AttributeInfo, catalog: Catalog) -> Example:
    entity = catalog.entities[info.entity].label
    scope = next(
        (v for key in info.scope_keys for v in info.scope_values[key] if v != "global"), None
    )
    where = f" on {scope[:1].upper()}{scope[1:]}" if scope else ""
    if _kind(info) is ValueKind.POLARITY:
        question = f"Is {lower_first(entity)} enabled{where}?"
    else:
        # An attribute label in parentheses is a unit note, "(requests per minute)": leave it out.
        named = entity if info.label.startswith("(") else f"{entity} {info.label}"
        question = f"What is the {lower_first(named)}{where}?"
    title = f"{entity}{where}"
    return Example(_clean(title)[:_TITLE], _clean(question)[:_QUESTION])


def _kind(info: AttributeInfo) -> ValueKind | None:
    return next((k for k in _KINDS if k in info.value_kinds), None)


def _sorted(catalog: Catalog) -> list[AttributeInfo]:
    return sorted(catalog.attributes.values(), key=lambda a: (a.entity, a.attribute))


def _clean(text: str) -> str:
    return " ".join(_ANGLES.sub("", text).split())
