"""Checks an authority policy against the catalog: every entity, attribute and source it names
must exist in the lifecycle records, so that a typo fails at start-up rather than never matching.
"""

from __future__ import annotations

from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import Catalog


def policy_problems(policy: AuthorityPolicy, catalog: Catalog) -> list[str]:
    """Each thing the policy names that the catalog does not know, as one problem line."""
    problems: list[str] = []
    known_sources = ", ".join(catalog.sources) or "none"
    orders = [("precedence.default", policy.precedence)]
    for entity, order in sorted(policy.entity_precedence.items()):
        if entity not in catalog.entities:
            problems.append(f"precedence.by_entity: unknown entity {entity!r}")
        orders.append((f"precedence.by_entity.{entity}", order))
    for where, order in orders:
        problems.extend(
            f"{where}: unknown source {source!r} (the records' sources: {known_sources})"
            for source in order
            if source not in catalog.sources
        )
    for rule in policy.owners:
        if rule.entity not in catalog.entities:
            problems.append(f"owners.{rule.subject}: unknown entity {rule.entity!r}")
        elif rule.attribute and (rule.entity, rule.attribute) not in catalog.attributes:
            problems.append(
                f"owners.{rule.subject}: {rule.entity!r} has no attribute {rule.attribute!r}"
            )
    return problems
