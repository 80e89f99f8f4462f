"""Scope resolution: from the scope a claim states to the full scope its records use.

A key the claim leaves out defaults to `global` when the records for that entity and attribute
use `global` for it; otherwise it is missing, and the claim is UNVERIFIED. Keys the records do
not use at all are dropped: a seat limit set per plan holds in every region.
"""

from __future__ import annotations

from truthexpiry.models.answering.notices import MissingScope
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey, Scope

__all__ = ["GLOBAL", "MissingScope", "known_scopes", "resolve_scope"]

GLOBAL = "global"


def resolve_scope(
    entity: str, attribute: str, stated: Scope, catalog: Catalog
) -> ClaimKey | MissingScope:
    info = catalog.attributes.get((entity, attribute))
    if info is None:
        return ClaimKey.of(entity, attribute, dict(stated))
    scope = {name: value for name, value in stated if name in info.scope_values}
    missing = []
    for name, values in info.scope_values.items():
        if name not in scope:
            if GLOBAL in values:
                scope[name] = GLOBAL
            else:
                missing.append(name)
    resolved = ClaimKey.of(entity, attribute, scope)
    if not missing:
        return resolved
    options = "; ".join(f"{name}={', '.join(info.scope_values[name])}" for name in missing)
    return MissingScope(resolved, tuple(missing), options)


def known_scopes(entity: str, attribute: str, catalog: Catalog) -> str | None:
    """`plan=enterprise, starter; region=global`: the scopes with records, for explanations."""
    info = catalog.attributes.get((entity, attribute))
    if info is None:
        return None
    return "; ".join(f"{k}={', '.join(v)}" for k, v in sorted(info.scope_values.items()))
