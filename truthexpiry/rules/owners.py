"""Owner evidence: a named owner's word in Slack, where a configured policy says it counts.

A claim from a searched message is owner evidence when the policy has a rule for its key, the
message's author is one of the rule's owners, its channel one of the rule's channels, and it was
written within the rule's window before the as-of date. The message timestamp decides only the
window. Of the message, only the permalink and the claim's normalised value are kept.

This module only finds and words the evidence (`OwnerWord`); what it does to a status is the
labeler's decision (`truthexpiry.rules.labeler`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, date, datetime

from truthexpiry.models.answering.claims import Claim, ClaimSource
from truthexpiry.models.records.authority import AuthorityPolicy, OwnerConfirmation, OwnerRule
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.values.calendar import days_later
from truthexpiry.values.compare import same_value

NEVER_OVERRIDES = "An owner's confirmation never overrides an authoritative lifecycle record."


@dataclass(frozen=True, slots=True)
class OwnerWord:
    """What owner evidence says about one key, for the labeler: the confirmations found (in
    message order), and whether the claim being labelled is itself owner evidence."""

    confirmations: tuple[OwnerConfirmation, ...] = ()
    claim_is_evidence: bool = False

    @property
    def agreed(self) -> OwnerConfirmation | None:
        """The confirmed value when every owner who spoke agrees, else None."""
        found = self.confirmations
        if found and all(same_value(found[0].value, c.value) for c in found):
            return found[0]
        return None

    def disagreement(self) -> str:
        links = ", ".join(_link(c) for c in self.confirmations)
        return f"Owners stated different values ({links}), so none is confirmed."

    def differs(self, confirmed: OwnerConfirmation) -> str:
        return (
            f"An owner stated {confirmed.value!r} ({_link(confirmed)}), but an owner's word can "
            "confirm a value, never supersede one."
        )

    def confirmed_explanation(self, confirmed: OwnerConfirmation, explanation: str) -> str:
        return (
            f"Confirmed by owner: {confirmed.value!r} ({_link(confirmed)}); no authoritative "
            f"lifecycle record decides it. {explanation}"
        )


NO_OWNER_WORD = OwnerWord()
_NO_POLICY = AuthorityPolicy()  # the default: no precedence, no owners (made once, never changed)


def message_date(message_ts: str) -> date | None:
    """The UTC date of a Slack timestamp (epoch seconds), or None when it is not one."""
    try:
        seconds = float(message_ts)
        return datetime.fromtimestamp(seconds, tz=UTC).date() if math.isfinite(seconds) else None
    except (ValueError, OverflowError, OSError):
        return None


def is_owner_evidence(rule: OwnerRule, claim: Claim, as_of: date) -> bool:
    message = claim.message
    if claim.source is not ClaimSource.MESSAGE or message is None:
        return False
    if message.author_user_id not in rule.owners or message.channel_id not in rule.channels:
        return False
    said = message_date(message.message_ts)
    return said is not None and days_later(as_of, -rule.valid_days) <= said <= as_of


class OwnerEvidence:
    """The owner confirmations found in one request's searched messages, by claim key."""

    def __init__(self, policy: AuthorityPolicy | None, as_of: date) -> None:
        self._policy = policy or _NO_POLICY
        self._as_of = as_of
        self._found: dict[ClaimKey, list[OwnerConfirmation]] = {}

    @property
    def policy(self) -> AuthorityPolicy:
        return self._policy

    def is_evidence(self, key: ClaimKey, claim: Claim) -> bool:
        rule = self._policy.owner_rule_for(key)
        return rule is not None and is_owner_evidence(rule, claim, self._as_of)

    def add(self, key: ClaimKey, claim: Claim) -> None:
        """Keep `claim` (from a searched message) as a confirmation if it is owner evidence."""
        if self.is_evidence(key, claim):
            permalink = claim.message.permalink if claim.message else None
            confirmation = OwnerConfirmation(key, claim.stated_value, permalink)
            self._found.setdefault(key, []).append(confirmation)

    def word_on(self, key: ClaimKey, claim: Claim | None = None) -> OwnerWord:
        """The owner evidence found for `key`; with `claim`, whether it is owner evidence too."""
        if not self._policy.owners:
            return NO_OWNER_WORD  # without an owner rule nothing is owner evidence
        found = tuple(self._found.get(key, ()))
        return OwnerWord(found, claim is not None and self.is_evidence(key, claim))


def _link(confirmation: OwnerConfirmation) -> str:
    return confirmation.permalink or "a message without a permalink"
