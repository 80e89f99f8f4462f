"""The one place that words notices for people: no claim found, evidence unavailable."""

from __future__ import annotations

from collections.abc import Sequence

from truthexpiry.models.catalog import Catalog
from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.services.examples import example_for

_MAX_TOPICS = 12


def unavailable_notice(error: EvidenceUnavailableError) -> str:
    return f"Lifecycle evidence is unavailable ({error}), so nothing could be verified."


def no_claim_notice(topics: Sequence[str], catalog: Catalog) -> str:
    """What to say when the question states no checkable claim and asks for no value."""
    if topics:
        examples = [_example(entity, catalog) for entity in topics if entity in catalog.entities]
        named = ", ".join(catalog.entities[e].label for e in topics if e in catalog.entities)
        return (
            f"I found {named} but no value to check. Try: "
            + " or ".join(f"\u201c{e}\u201d" for e in examples if e)
            + "."
        )
    lines = catalog.topics()
    shown = "; ".join(lines[:_MAX_TOPICS]) + ("; \u2026" if len(lines) > _MAX_TOPICS else "")
    return f"I found no claim I can check. I can check: {shown}."


def _example(entity: str, catalog: Catalog) -> str:
    attributes = catalog.attributes_of(entity)
    return example_for(attributes[0], catalog).question if attributes else ""
