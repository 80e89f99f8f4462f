"""Example questions built from the catalog: the one wording for hints, prompts and the App Home.

Each example names one checkable attribute, and its attribute as well as its entity ("What is the
parking fee on North?", never "What is the parking on North?"), in one of its scopes, in the
phrasing the rules extractor reads: "Is report export enabled on Starter?" for on/off
attributes, "What is the audit log retention on Enterprise?" for the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from truthexpiry.catalog.derive import lower_first
from truthexpiry.models.records.catalog import AttributeInfo, Catalog, joined_name
from truthexpiry.models.records.values import ValueType


@dataclass(frozen=True, slots=True)
class Example:
    title: str  # "Report export on Starter"
    question: str  # "Is report export enabled on Starter?"


def example_for(info: AttributeInfo, catalog: Catalog) -> Example:
    entity = catalog.entities[info.entity].label if info.entity in catalog.entities else ""
    entity = entity or info.entity.replace("_", " ")
    scope = next(
        (v for key in info.scope_keys for v in info.scope_values[key] if v != "global"), None
    )
    where = f" on {scope[:1].upper()}{scope[1:]}" if scope else ""
    if info.value_type is ValueType.BOOLEAN:
        question = f"Is {lower_first(entity)} enabled{where}?"
    else:
        question = f"What is the {lower_first(_subject(entity, info.label))}{where}?"
    return Example(f"{entity}{where}", question)


def _subject(entity: str, label: str) -> str:
    """The entity and its attribute, each word once: "Parking fee", "Seat limit max seats",
    "Book loan period" (not "book loan loan period")."""
    if label.startswith("("):  # a unit note, "(requests per minute)": leave it out
        return entity
    if set(label.lower().split()) <= set(entity.lower().split()):
        return entity
    return joined_name(entity, label)
