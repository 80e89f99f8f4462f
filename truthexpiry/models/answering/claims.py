"""Claims proposed by an extractor, before any validity is decided."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from truthexpiry.models.answering.messages import MessageRef
from truthexpiry.models.answering.notices import FallbackReason
from truthexpiry.models.records.claim_key import Scope
from truthexpiry.models.records.values import TypedValue


class ClaimSource(StrEnum):
    QUESTION = "question"
    MESSAGE = "message"


@dataclass(frozen=True, slots=True)
class Claim:
    """Something stated about an entity's attribute in a scope.

    `scope` holds only the scope keys the text stated; defaults such as `region=global` are added
    later by scope resolution, which knows the records. `stated_value` is in canonical form
    (`disabled`, `50 requests`, `30 days`), never a quote of the text.
    """

    entity: str
    attribute: str
    scope: Scope
    stated_value: str
    source: ClaimSource
    message: MessageRef | None = None
    # The value as read, when the extractor has it: spares reading `stated_value` again.
    typed: TypedValue | None = field(default=None, compare=False, repr=False)
    # A question's value carried from an earlier question in its thread, not stated in this one
    # ("and in March 2025?"): judged the same, worded as the earlier question's value.
    carried: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class ValueQuery:
    """A question that asks for a value ("what is the rate limit on Starter?")."""

    entity: str
    attribute: str
    scope: Scope


# Made at every request, never changed once made, nor hashed: not frozen (see `TimeAsked`).
@dataclass(slots=True)
class Extraction:
    """Everything an extractor proposes for one request.

    `topics` lists the entities the question mentioned, even when no claim could be formed, so the
    reply can say what it can check about them. `fallback` says why, when the language model's
    claims were not used and the rules answered instead; `proposals_dropped` counts the model's
    proposals that were left out (not grounded, or contradicting a claim the rules read).
    """

    question_claims: tuple[Claim, ...] = ()
    value_queries: tuple[ValueQuery, ...] = ()
    message_claims: tuple[Claim, ...] = ()
    topics: tuple[str, ...] = ()
    fallback: FallbackReason | None = None
    proposals_dropped: int = 0
