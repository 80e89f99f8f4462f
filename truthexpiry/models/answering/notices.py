"""What a response says besides its verdicts, as data: a kind and its details. The views word
them (`wording/notices.py`, for Slack and the command line alike); nothing here is a
sentence, so no raw category reaches a reader.

Details are bounded and carry no question or message text: error reasons made of identifiers
and numbers, search failure categories, catalog labels, example questions built from the
catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from truthexpiry.models.records.claim_key import ClaimKey


class FallbackReason(StrEnum):
    """Why the language model's claims were not used (the rules answered instead)."""

    TIMEOUT = "timeout"
    UNAVAILABLE = "unavailable"
    INVALID_OUTPUT = "invalid_output"
    FAILED = "failed"  # any other exception from the model or its adapter


@dataclass(frozen=True, slots=True)
class EvidenceUnavailable:
    """The lifecycle records could not be reached, so nothing was verified."""

    reason: str  # the evidence error's message: identifiers and numbers only


@dataclass(frozen=True, slots=True)
class SearchUnavailable:
    """Slack search failed; the answer uses the lifecycle records only."""

    category: str  # a bounded label such as `ratelimited`: never shown as it is
    retry_after: int | None = None


@dataclass(frozen=True, slots=True)
class MissingScope:
    """A key that cannot be resolved: `missing` scope keys have no default, and the records
    exist for `options` ("plan=enterprise, starter")."""

    partial_key: ClaimKey
    missing: tuple[str, ...]
    options: str

    def explain(self, subject: str) -> str:
        """`The question does not say which plan; records exist for plan=enterprise, starter.`"""
        which = " and ".join(self.missing)
        return f"{subject} does not say which {which}; records exist for {self.options}."


@dataclass(frozen=True, slots=True)
class ScopeNotStated:
    """The question asks for a value without saying where (which plan, which region)."""

    scope: MissingScope


@dataclass(frozen=True, slots=True)
class ModelFallback:
    """The language model failed and the rules read the claims instead."""

    reason: FallbackReason


@dataclass(frozen=True, slots=True)
class ProposalsDropped:
    """The language model proposed `count` claims that were left out: the text does not state
    them, or they contradict a claim the rules read (which stands)."""

    count: int


@dataclass(frozen=True, slots=True)
class NothingToCheck:
    """The question states no checkable claim and asks for no value. `found` are the labels of
    the entities it names, with `examples` of questions about them; when it names none,
    `topics` lists what can be checked."""

    found: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()


Notice = (
    EvidenceUnavailable
    | SearchUnavailable
    | ScopeNotStated
    | ModelFallback
    | ProposalsDropped
    | NothingToCheck
)
