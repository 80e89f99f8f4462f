"""The authority policy: which lifecycle source wins a same-date disagreement, and whose word in
Slack counts when no authoritative record exists.

Both halves are explicit configuration, never inferred. An empty policy (the default) changes
nothing: the labeler behaves exactly as the seed's rules say.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from truthexpiry.models.records.claim_key import ClaimKey


@dataclass(frozen=True, slots=True)
class OwnerRule:
    """Who may confirm values for an entity (or one of its attributes), where, and for how long.

    `attribute` None covers every attribute of the entity. `owners` are Slack user IDs, `channels`
    public channel IDs; a confirmation counts for `valid_days` days after the message.
    """

    entity: str
    attribute: str | None
    owners: frozenset[str]
    channels: frozenset[str]
    valid_days: int

    @property
    def subject(self) -> str:
        """`report_export` or `report_export.availability`, as written in the policy file."""
        return self.entity if self.attribute is None else f"{self.entity}.{self.attribute}"

    def covers(self, key: ClaimKey) -> bool:
        return key.entity == self.entity and self.attribute in (None, key.attribute)


@dataclass(frozen=True, slots=True)
class OwnerConfirmation:
    """Owner evidence for one key: the normalised value stated and the message's permalink.
    Nothing else of the message is kept."""

    key: ClaimKey
    value: str
    permalink: str | None


@dataclass(frozen=True, slots=True)
class AuthorityPolicy:
    """`precedence` orders sources (first wins) for every entity; `entity_precedence` replaces it
    for the entities it names. `owners` holds at most one rule per entity or entity.attribute."""

    precedence: tuple[str, ...] = ()
    entity_precedence: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    owners: tuple[OwnerRule, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.precedence or self.entity_precedence or self.owners)

    def precedence_for(self, entity: str) -> tuple[str, ...]:
        return self.entity_precedence.get(entity, self.precedence)

    def owner_rule_for(self, key: ClaimKey) -> OwnerRule | None:
        """The entity.attribute rule if there is one, else the entity's rule, else None."""
        matching = [rule for rule in self.owners if rule.covers(key)]
        matching.sort(key=lambda rule: rule.attribute is None)
        return matching[0] if matching else None

    def summary(self) -> tuple[str, ...]:
        """One plain-text line per setting, for the App Home and the command line."""
        lines = []
        if self.precedence:
            lines.append(f"Source precedence: {' > '.join(self.precedence)}")
        for entity, order in sorted(self.entity_precedence.items()):
            lines.append(f"Source precedence for {entity}: {' > '.join(order)}")
        for rule in sorted(self.owners, key=lambda r: r.subject):
            lines.append(
                f"Owners of {rule.subject}: {', '.join(sorted(rule.owners))} in "
                f"{', '.join(sorted(rule.channels))}, valid {rule.valid_days} day(s)"
            )
        return tuple(lines) or ("None: lifecycle records only",)
