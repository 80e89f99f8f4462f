"""Owner confirmation: a named owner's word in Slack, where a configured policy says it counts.

A claim from a searched message is owner evidence when the policy has a rule for its key, the
message's author is one of the rule's owners, its channel one of the rule's channels, and it was
written within the rule's window before the as-of date. Owner evidence never overrides an
authoritative record: it can make a claim CURRENT only when no authoritative record exists for
the key, and only when every owner confirmation for that key agrees. It never makes a claim
SUPERSEDED. The message timestamp decides only the window. Of the message, only the permalink
and the claim's normalised value are kept.
"""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

from truthexpiry.models.authority import AuthorityPolicy, OwnerConfirmation, OwnerRule
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.claims import Claim, ClaimSource
from truthexpiry.models.verdicts import Answer, Resolution, Status, UnverifiedReason, Verdict
from truthexpiry.services.values import same_value

_NO_AUTHORITY = (UnverifiedReason.NO_RECORDS, UnverifiedReason.NOT_AUTHORITATIVE)
_NEVER_OVERRIDES = " An owner's confirmation never overrides an authoritative lifecycle record."


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
    return said is not None and as_of - timedelta(days=rule.valid_days) <= said <= as_of


class OwnerEvidence:
    """The owner confirmations found in one request's searched messages, by claim key."""

    def __init__(self, policy: AuthorityPolicy | None, as_of: date) -> None:
        self._policy = policy or AuthorityPolicy()
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

    def review(self, verdict: Verdict, resolution: Resolution) -> Verdict:
        """The verdict with owner evidence applied (unchanged when there is none)."""
        if verdict.status is Status.SUPERSEDED and self.is_evidence(verdict.key, verdict.claim):
            return replace(verdict, explanation=verdict.explanation + _NEVER_OVERRIDES)
        confirmed = self._confirmed(resolution)
        if isinstance(confirmed, str):
            return replace(verdict, explanation=verdict.explanation + confirmed)
        if confirmed is None:
            return verdict
        if not same_value(verdict.claim.stated_value, confirmed.value):
            note = f" An owner stated {confirmed.value!r} ({_link(confirmed)}), but an owner's "
            note += "word can confirm a value, never supersede one."
            return replace(verdict, explanation=verdict.explanation + note)
        explanation = _confirmed_by_owner(confirmed, resolution)
        return replace(
            verdict,
            status=Status.CURRENT,
            current_values=(confirmed.value,),
            explanation=explanation,
            reason=None,
        )

    def answer(self, answer: Answer, resolution: Resolution) -> Answer:
        """The answer with an owner-confirmed value when no authoritative record decides it."""
        confirmed = self._confirmed(resolution)
        if not isinstance(confirmed, OwnerConfirmation):
            return answer
        explanation = _confirmed_by_owner(confirmed, resolution)
        value = (confirmed.value,)
        return replace(answer, status=Status.CURRENT, current_values=value, explanation=explanation)

    def _confirmed(self, resolution: Resolution) -> OwnerConfirmation | str | None:
        """The agreed confirmation for a key no authoritative record decides; a note when the
        owners disagree; None when owner evidence has nothing to say."""
        found = self._found.get(resolution.key, [])
        if not found or resolution.reason not in _NO_AUTHORITY:
            return None
        if all(same_value(found[0].value, c.value) for c in found):
            return found[0]
        links = ", ".join(_link(c) for c in found)
        return f" Owners stated different values ({links}), so none is confirmed."


def _confirmed_by_owner(confirmed: OwnerConfirmation, resolution: Resolution) -> str:
    return (
        f"Confirmed by owner: {confirmed.value!r} ({_link(confirmed)}); no authoritative "
        f"lifecycle record decides it. {resolution.explanation}"
    )


def _link(confirmation: OwnerConfirmation) -> str:
    return confirmation.permalink or "a message without a permalink"
