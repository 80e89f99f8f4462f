"""Who a question's claim is from, in one wording for the Slack card, its plain-text fallback and
the command line.

A question's own claim is what the user assumes ("is report export on for Starter?" assumes it
is enabled). A follow-up in a thread that states no value ("and in March 2025?", "and on
Team?") asks the earlier question again, for another date or scope: the value judged is the
earlier question's, carried into this one (`Claim.carried`). It is judged as it was, but it is
never shown as something the user now assumes.
"""

from __future__ import annotations

from truthexpiry.models.answering.claims import Claim

ASSUMES = "your question assumes"
CARRIED = "the earlier question's value, asked again"


def question_origin(claim: Claim) -> str:
    """`your question assumes`, or, for a value carried from the thread, the earlier
    question's."""
    return CARRIED if claim.carried else ASSUMES


def stated_label(claim: Claim) -> str:
    """What the stated value is called: `Stated`, or `Stated earlier` for a carried one."""
    return "Stated earlier" if claim.carried else "Stated"


def claim_author(claim: Claim) -> str:
    """Who states a question's claim, on the command line: `Your claim`, or `Earlier question`
    for a value carried from the thread."""
    return "Earlier question" if claim.carried else "Your claim"
