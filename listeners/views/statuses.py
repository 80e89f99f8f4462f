"""How each status looks and what it means to a reader: one table for the card and the App Home."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from truthexpiry.models.status import Status

EMOJI = {
    Status.CURRENT: ":white_check_mark:",
    Status.SUPERSEDED: ":x:",
    Status.CONFLICTING: ":warning:",
    Status.UNVERIFIED: ":grey_question:",
}

MEANING = {
    Status.CURRENT: "The claim matches the newest authoritative lifecycle record.",
    Status.SUPERSEDED: (
        "The claim differs from the current authoritative value; the reply names the current "
        "value, its record and when it took effect."
    ),
    Status.CONFLICTING: (
        "The newest authoritative records disagree with each other; all of them are cited."
    ),
    Status.UNVERIFIED: (
        "The claim could not be checked: no authoritative record is in effect, the scope (such "
        "as the plan) is unclear, or the records could not be reached. Read it as neither true "
        "nor false."
    ),
}

# Stale claims first: they are why anyone asks. Then the ones to double-check, then the rest.
ORDER = {
    Status.SUPERSEDED: 0,
    Status.CONFLICTING: 1,
    Status.CURRENT: 2,
    Status.UNVERIFIED: 3,
}


def badge(status: Status) -> str:
    """`:x: *SUPERSEDED*` for mrkdwn."""
    return f"{EMOJI[status]} *{status.value}*"


def tally(statuses: Iterable[Status]) -> str:
    """`5 SUPERSEDED, 2 CURRENT`, in display order."""
    counts = Counter(statuses)
    return ", ".join(
        f"{counts[s]} {s.value}" for s in sorted(counts, key=ORDER.__getitem__) if counts[s]
    )
