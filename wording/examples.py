"""Example questions built from the catalog, for suggested prompts and the App Home.

One example per entity (worded by `truthexpiry.catalog.examples`), alternating between kinds of
value so that a short list shows what the app can do.
"""

from __future__ import annotations

import re
from itertools import chain, zip_longest

from truthexpiry.catalog.examples import Example, example_for
from truthexpiry.models.records.catalog import AttributeInfo, Catalog
from truthexpiry.models.records.values import ValueType

_TITLE = 75
_QUESTION = 200
_KINDS = (ValueType.BOOLEAN, ValueType.QUANTITY, ValueType.ENUMERATION)
_ANGLES = re.compile(r"[<>]")  # never a link or a mention in something a user will "say"


def example_questions(catalog: Catalog, limit: int) -> list[Example]:
    """Up to `limit` examples, at most one per entity, kinds of value taken in turn."""
    by_kind = [[a for a in _sorted(catalog) if _kind(a) is kind] for kind in (*_KINDS, None)]
    examples: list[Example] = []
    entities: set[str] = set()
    for info in chain.from_iterable(zip_longest(*by_kind)):
        if info is None or info.entity in entities or info.entity not in catalog.entities:
            continue
        entities.add(info.entity)
        example = example_for(info, catalog)
        examples.append(
            Example(_clean(example.title)[:_TITLE], _clean(example.question)[:_QUESTION])
        )
        if len(examples) == limit:
            break
    return examples


def _kind(info: AttributeInfo) -> ValueType | None:
    """Booleans, numbers and words: the three kinds of question the examples take in turn."""
    if info.value_type.is_numeric:
        return ValueType.QUANTITY
    if info.value_type in _KINDS:
        return info.value_type
    return None


def _sorted(catalog: Catalog) -> list[AttributeInfo]:
    return sorted(catalog.attributes.values(), key=lambda a: (a.entity, a.attribute))


def _clean(text: str) -> str:
    return " ".join(_ANGLES.sub("", text).split())
