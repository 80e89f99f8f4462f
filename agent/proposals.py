"""What the model may answer: proposed claims and value questions, nothing else.

The schema has no field for a status, a record or a verdict, so no answer can carry one; `extra`
fields are refused. An answer with empty lists is the "no claim" answer.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

MAX_PROPOSALS = 60
_SHORT = 120
_VALUE = 200


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ScopeItem(_Strict):
    """One scope key and its value, both from the vocabulary (`plan` = `starter`)."""

    key: str = Field(max_length=_SHORT)
    value: str = Field(max_length=_SHORT)


class ProposedClaim(_Strict):
    """A statement found in the evidence: what it is about, the value it states, where it is."""

    entity: str = Field(max_length=_SHORT, description="an entity identifier from the vocabulary")
    attribute: str = Field(max_length=_SHORT, description="an attribute identifier of that entity")
    scope: list[ScopeItem] = Field(
        default_factory=list, max_length=8, description="only the scope values the text states"
    )
    stated_value: str = Field(max_length=_VALUE, description="the value the text states")
    evidence_ids: list[str] = Field(
        min_length=1, max_length=8, description="the IDs of the evidence items that state it"
    )


class ProposedValueQuery(_Strict):
    """The question asks for the current value of an attribute."""

    entity: str = Field(max_length=_SHORT)
    attribute: str = Field(max_length=_SHORT)
    scope: list[ScopeItem] = Field(default_factory=list, max_length=8)


class ClaimProposals(_Strict):
    """Everything proposed for one request. Empty lists mean "no claim"."""

    claims: list[ProposedClaim] = Field(default_factory=list, max_length=MAX_PROPOSALS)
    value_queries: list[ProposedValueQuery] = Field(default_factory=list, max_length=8)
    mentioned_entities: list[str] = Field(
        default_factory=list,
        max_length=16,
        description="entity identifiers the question itself mentions",
    )
