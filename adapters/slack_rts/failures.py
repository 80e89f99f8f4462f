"""Slack search failures mapped to `SearchUnavailableError` with a bounded category.

    missing_action_token  the event carried no action token (Slack is not called)
    invalid_action_token  Slack rejected the action token (expired, or from another event)
    ratelimited           HTTP 429, `ratelimited` or `rate_limited`; `retry_after` from Retry-After
    feature_not_enabled   the workspace does not offer Real-time Search
    missing_scope         the app lacks `search:read.public`
    not_allowed           this app or token type may not search (`not_allowed_token_type`, ...)
    invalid_response      not JSON, not a JSON object, or not the documented shape
    transport             connection refused or reset, timeouts
    slack_error           any other Slack error (its code is named if it looks like one)

Messages name the category and Slack's error code, never the query, message text or a token.
The search raises them after its `except` block has closed, so the SDK's error, which holds the
request (the query and the action token), is neither their `__cause__` nor their `__context__`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from truthexpiry.models.errors import SearchFailure, SearchUnavailableError

MAX_RETRY_AFTER = 3600

_SLACK_CODE = re.compile(r"[a-z][a-z0-9_]{0,59}")
_RATELIMITED = frozenset({"ratelimited", "rate_limited"})
_CATEGORY_OF_CODE = {
    "invalid_action_token": SearchFailure.INVALID_ACTION_TOKEN,
    "feature_not_enabled": SearchFailure.FEATURE_NOT_ENABLED,
    "missing_scope": SearchFailure.MISSING_SCOPE,
    **dict.fromkeys(
        "not_allowed not_allowed_token_type access_denied no_permission is_bot accesslimited "
        "team_access_not_granted enterprise_is_restricted".split(),
        SearchFailure.NOT_ALLOWED,
    ),
}
_F = SearchFailure
_MESSAGES = {  # for logs and exceptions; what a reader sees is worded by the views
    _F.UNAVAILABLE: "Slack search is unavailable",
    _F.MISSING_ACTION_TOKEN: "Slack search needs the action token of the event that asked",
    _F.INVALID_ACTION_TOKEN: "Slack rejected the action token (expired, or from another event)",
    _F.RATELIMITED: "Slack search is rate limited",
    _F.FEATURE_NOT_ENABLED: "Real-time search is not enabled for this Slack workspace",
    _F.MISSING_SCOPE: "the Slack app lacks the search:read.public scope",
    _F.NOT_ALLOWED: "Slack does not allow this app or token to search",
    _F.INVALID_RESPONSE: "Slack search answered with something that is not a search result",
    _F.TRANSPORT: "Slack search could not be reached",
    _F.SLACK_ERROR: "Slack search failed",
}


def failure_from_response(response: object) -> SearchUnavailableError:
    """The failure a Slack response that is not `ok` stands for (the SDK's `SlackResponse`)."""
    status = getattr(response, "status_code", None)
    data = getattr(response, "data", None)
    code = data.get("error") if isinstance(data, dict) else None
    if status == 429 or code in _RATELIMITED:
        return failure(
            SearchFailure.RATELIMITED, retry_after=_retry_after(getattr(response, "headers", None))
        )
    if not isinstance(code, str) or not _SLACK_CODE.fullmatch(code):
        # No Slack error code: the SDK describes a body it could not parse in its own words.
        if status == 200:
            return failure(SearchFailure.INVALID_RESPONSE)
        return failure(SearchFailure.SLACK_ERROR, detail=f"HTTP {status}")
    return failure(_CATEGORY_OF_CODE.get(code, SearchFailure.SLACK_ERROR), detail=code)


def _retry_after(headers: object) -> int | None:
    if not isinstance(headers, Mapping):
        return None
    for name, value in headers.items():
        if str(name).lower() == "retry-after":
            text = (value[0] if value else "") if isinstance(value, list) else value
            seconds = text.strip() if isinstance(text, str) else ""
            if seconds.isascii() and seconds.isdigit():
                return min(int(seconds), MAX_RETRY_AFTER)
            return None
    return None


def failure(
    category: SearchFailure, *, detail: str | None = None, retry_after: int | None = None
) -> SearchUnavailableError:
    """The error for `category`; `detail` is a Slack error code, an HTTP status or an exception
    class name: never anything from the request or the response body."""
    message = _MESSAGES[category]
    if retry_after is not None:
        message += f"; retry after {retry_after} s"
    if detail:
        message += f" ({detail})"
    return SearchUnavailableError(message, category=category, retry_after=retry_after)
