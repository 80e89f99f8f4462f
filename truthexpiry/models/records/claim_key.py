"""Canonical claim identity: entity + attribute + scope.

A claim's identity is never a permalink, a timestamp or a ticket: two people saying the same thing
about the same entity, attribute and scope make claims with the same key. The canonical text form
is `entity|attribute|k=v|k=v`, lower case, scope keys sorted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from truthexpiry.models.errors import InvalidClaimKeyError
from truthexpiry.models.records.unicode_text import identifier_problem, nfkc, shown

_SPACES = re.compile(r"[\s\-]+")
_FORBIDDEN = re.compile(r"[|=]")

Scope = tuple[tuple[str, str], ...]


def normalise_identifier(text: str) -> str:
    """`Report Export` -> `report_export`: NFKC, lower case, spaces and hyphens become
    underscores. Invisible characters and letters of mixed scripts are refused
    (`truthexpiry.models.records.unicode_text`), so two identifiers never look alike yet differ."""
    return _usable(_SPACES.sub("_", _lower(text)).strip("_"), text, "identifier")


def normalise_scope_value(text: str) -> str:
    """Scope values keep their own spelling (`eu-central`) but lose case and outer spaces;
    they are held to the same Unicode rules as identifiers."""
    return _usable(" ".join(_lower(text).split()), text, "scope value")


def _usable(normalised: str, text: str, kind: str) -> str:
    """`normalised` when it may stand in a claim key, else why not (naming `text`)."""
    if not normalised or _FORBIDDEN.search(normalised):
        raise InvalidClaimKeyError(f"not a usable {kind}: {shown(text)}")
    problem = identifier_problem(normalised)
    if problem is not None:
        raise InvalidClaimKeyError(f"{kind} {shown(text)} {problem}")
    return normalised


def _lower(text: str) -> str:
    # NFKC again after lower-casing, so that normalising a normalised text changes nothing.
    return nfkc(nfkc(text).lower()).strip()


def normalise_scope(scope: Mapping[str, str]) -> Scope:
    """Scope as a sorted tuple of (key, value) pairs in canonical form."""
    pairs: dict[str, str] = {}
    for name, value in scope.items():
        key = normalise_identifier(name)
        if key in pairs:
            raise InvalidClaimKeyError(f"scope key {key!r} is given twice")
        pairs[key] = normalise_scope_value(value)
    return tuple(sorted(pairs.items()))


@dataclass(frozen=True, slots=True)
class ClaimKey:
    """What a claim is about. Build with `ClaimKey.of(...)` so that every part is canonical."""

    entity: str
    attribute: str
    scope: Scope = ()
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Hashed once: a large dataset's indexes hash each record's key several times.
        object.__setattr__(self, "_hash", hash((self.entity, self.attribute, self.scope)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def of(cls, entity: str, attribute: str, scope: Mapping[str, str] | None = None) -> ClaimKey:
        return cls(
            normalise_identifier(entity),
            normalise_identifier(attribute),
            normalise_scope(scope or {}),
        )

    @classmethod
    def parse(cls, text: str) -> ClaimKey:
        """Inverse of `canonical`: `a|b|k=v` -> ClaimKey."""
        parts = text.split("|")
        if len(parts) < 2:
            raise InvalidClaimKeyError("a claim key needs at least an entity and an attribute")
        scope: dict[str, str] = {}
        for part in parts[2:]:
            name, sep, value = part.partition("=")
            if not sep:
                raise InvalidClaimKeyError(f"scope part without '=': {part[:40]!r}")
            scope[name] = value
        return cls.of(parts[0], parts[1], scope)

    @property
    def canonical(self) -> str:
        scope = "".join(f"|{k}={v}" for k, v in self.scope)
        return f"{self.entity}|{self.attribute}{scope}"

    @property
    def scope_dict(self) -> dict[str, str]:
        return dict(self.scope)

    def describe(self) -> str:
        """Readable form for people: `report export availability (plan=starter, region=global)`."""
        subject = f"{self.entity.replace('_', ' ')} {self.attribute.replace('_', ' ')}"
        if not self.scope:
            return subject
        return f"{subject} ({', '.join(f'{k}={v}' for k, v in self.scope)})"

    def __str__(self) -> str:
        return self.canonical
