"""The words for every notice a response carries: one wording, for the Slack card, its plain-text
fallback and the command line. Plain text: the Slack views escape it like any other data.

A bounded category (`ratelimited`) is never shown as it is: an unknown one gets the general
wording.
"""

from __future__ import annotations

from collections.abc import Iterable

from truthexpiry.models.answering.notices import (
    EvidenceUnavailable,
    FallbackReason,
    ModelFallback,
    NothingToCheck,
    Notice,
    ProposalsDropped,
    ScopeNotStated,
    SearchUnavailable,
)

MAX_TOPICS = 12

SEARCH_FAILURES = {
    # Not an outage: Slack hands an app a search only with some events (assistant threads), and
    # a plain direct message has none, so Slack was never asked.
    "missing_action_token": (
        "Slack did not offer a search with this message (it does in the assistant panel)"
    ),
    "ratelimited": "Slack search is busy right now",
    "invalid_action_token": (
        "Slack did not let me search for this request (its search permission expired)"
    ),
    "feature_not_enabled": "Slack search is not enabled for this app in this workspace",
    "transport": "I could not reach Slack search",
}
_SEARCH_FAILED = "Slack search is unavailable right now"

MODEL_FAILURES = {
    FallbackReason.TIMEOUT: "The language model did not answer in time",
    FallbackReason.UNAVAILABLE: "The language model was unavailable",
    FallbackReason.INVALID_OUTPUT: "The language model's answer could not be used",
    FallbackReason.FAILED: "The language model failed",
}


def notices_text(notices: Iterable[Notice]) -> str | None:
    """Every notice in order, one sentence or two each; None when there is none."""
    return " ".join(notice_text(notice) for notice in notices) or None


def notice_text(notice: Notice) -> str:
    match notice:
        case EvidenceUnavailable(reason):
            return f"Lifecycle evidence is unavailable ({reason}), so nothing could be verified."
        case SearchUnavailable(category, retry_after):
            return search_failure(category, retry_after)
        case ScopeNotStated(scope):
            return scope.explain("The question")
        case ModelFallback(reason):
            return f"{MODEL_FAILURES[reason]}, so the built-in rules found these claims."
        case ProposalsDropped(count):
            claims = "claim" if count == 1 else "claims"
            return (
                f"I left out {count} {claims} the language model proposed that the cited text does"
                " not support as proposed; every claim the built-in rules found is kept."
            )
        case NothingToCheck():
            return _nothing_to_check(notice)


def _nothing_to_check(notice: NothingToCheck) -> str:
    if not notice.found:
        topics = notice.topics
        shown = "; ".join(topics[:MAX_TOPICS]) + ("; \u2026" if len(topics) > MAX_TOPICS else "")
        return f"I found no claim I can check. I can check: {shown}."
    tries = " or ".join(f"\u201c{example}\u201d" for example in notice.examples if example)
    return f"I found {', '.join(notice.found)} but no value to check. Try: {tries}."


def search_failure(category: str, retry_after: int | None = None) -> str:
    """What went wrong with Slack search, that the records still answered, and when asking
    again may find what people said."""
    cause = SEARCH_FAILURES.get(category, _SEARCH_FAILED)
    text = f"{cause}, so this answer uses the lifecycle records only."
    if category == "ratelimited" and retry_after is not None and retry_after > 0:
        seconds = min(retry_after, 3600)
        text += f" Ask again in {seconds} second{'s' if seconds != 1 else ''} to include Slack."
    return text
