"""The exception tree of TruthExpiry.

    TruthExpiryError
    ├── InvalidClaimKeyError        a claim key or identifier that cannot be canonicalised
    ├── InvalidDatasetError         a lifecycle dataset that breaks the contract (names the record)
    ├── InvalidMessagesError        a message corpus that breaks the contract (names the message)
    ├── InvalidAuthorityPolicyError an authority policy that is malformed or names unknown things
    ├── EvidenceUnavailableError    lifecycle evidence could not be fetched or validated
    │   └── EvidenceTimeoutError    ... because the source did not answer in time
    ├── SearchUnavailableError      message search failed (carries a `SearchFailure` category)
    └── NoticeNotPostedError        a change notice could not be posted (carries Slack's code)

Messages never carry Slack text, question text or secrets: only identifiers, counts and
categories, so an error can be logged or shown without leaking content.
"""

from __future__ import annotations

from enum import StrEnum


class SearchFailure(StrEnum):
    """What went wrong with message search, in a bounded set (metrics labels, notice wording)."""

    UNAVAILABLE = "unavailable"
    MISSING_ACTION_TOKEN = "missing_action_token"
    INVALID_ACTION_TOKEN = "invalid_action_token"
    RATELIMITED = "ratelimited"
    FEATURE_NOT_ENABLED = "feature_not_enabled"
    MISSING_SCOPE = "missing_scope"
    NOT_ALLOWED = "not_allowed"
    INVALID_RESPONSE = "invalid_response"
    TRANSPORT = "transport"
    SLACK_ERROR = "slack_error"


class TruthExpiryError(Exception):
    """Base class for every error TruthExpiry raises on purpose."""


class InvalidClaimKeyError(TruthExpiryError, ValueError):
    """A claim key, identifier or scope could not be put into canonical form."""


class InvalidDatasetError(TruthExpiryError):
    """A lifecycle dataset violates the dataset contract."""


class InvalidMessagesError(TruthExpiryError):
    """A message corpus is not a list of messages in the search-result shape."""


class InvalidAuthorityPolicyError(TruthExpiryError):
    """An authority policy file is malformed or incoherent; `problems` names each issue, and
    `origin` (when known) the file."""

    def __init__(self, problems: list[str], *, origin: str | None = None) -> None:
        prefix = f"authority policy {origin}: " if origin else ""
        super().__init__(prefix + "; ".join(problems))
        self.problems = problems
        self.origin = origin


class EvidenceUnavailableError(TruthExpiryError):
    """Lifecycle evidence could not be obtained; never to be read as "no records".
    `http_status` is the lifecycle server's HTTP status when it refused the request."""

    def __init__(self, message: str, *, http_status: int | None = None) -> None:
        super().__init__(message)
        self.http_status = http_status


class EvidenceTimeoutError(EvidenceUnavailableError):
    """The evidence source did not answer within its deadline."""


class SearchUnavailableError(TruthExpiryError):
    """Message search failed; `category` says how, and `retry_after` the seconds the search
    service asked to wait, when it said so."""

    def __init__(
        self,
        message: str,
        *,
        category: SearchFailure = SearchFailure.UNAVAILABLE,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.category = category
        self.retry_after = retry_after


class NoticeNotPostedError(TruthExpiryError):
    """A change notice could not be posted; `code` is the bounded reason (Slack's error code
    such as `not_in_channel`, or `transport`)."""

    def __init__(self, code: str) -> None:
        super().__init__(f"change notice not posted: {code}")
        self.code = code
