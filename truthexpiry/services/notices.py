"""The details of the notice for a question that states no checkable claim: which entities it
named, with an example question about each, or else every topic that can be checked. The views
word it (`NothingToCheck`)."""

from __future__ import annotations

from collections.abc import Sequence

from truthexpiry.catalog.examples import example_for
from truthexpiry.models.answering.notices import NothingToCheck
from truthexpiry.models.records.catalog import Catalog


def nothing_to_check(topics: Sequence[str], catalog: Catalog) -> NothingToCheck:
    known = [entity for entity in topics if entity in catalog.entities]
    if not known:
        return NothingToCheck(topics=tuple(catalog.topics()))
    examples = [
        example_for(attributes[0], catalog).question
        for entity in known
        if (attributes := catalog.attributes_of(entity))
    ]
    return NothingToCheck(
        found=tuple(catalog.entities[entity].label for entity in known), examples=tuple(examples)
    )
