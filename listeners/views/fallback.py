"""The plain-text fallback of a verdict card: what notifications show and screen readers read
when the blocks are not rendered, in the card's order and wording (a question about time gets
the same heading, lines and flags as the card, fewer of them). Bounded to `MAX_FALLBACK`
characters and escaped like mrkdwn, because Slack parses a message's `text` for links and
mentions too."""

from __future__ import annotations

from listeners.views.blocks import MAX_FALLBACK, clip_mrkdwn, inline
from listeners.views.statuses import tally
from listeners.views.time_card import time_fallback
from truthexpiry.models.answering.requests import TruthExpiryResponse
from truthexpiry.models.answering.verdicts import Answer, Verdict
from wording.claim_words import stated_label
from wording.notices import notices_text
from wording.time_words import judged_on_reason

_ITEMS = 5
_NOTICE = 1200
_SUBJECT = 150
_SCOPE = 200
_VALUE = 80
_RECORD_ID = 60
_SHOWN = 3


def fallback_text(response: TruthExpiryResponse) -> str:
    """The plain-text version for notifications and screen readers, under `MAX_FALLBACK`."""
    reason = judged_on_reason(response)
    why = f" ({reason})" if reason else ""
    lines = [f"TruthExpiry, checked against the lifecycle records as of {response.as_of}{why}."]
    lines += [fallback_line(a) for a in response.answers[:_ITEMS]]
    lines += [fallback_line(v) for v in response.question_verdicts[:_ITEMS]]
    lines += time_fallback(response)
    found = response.message_verdicts
    if found:
        claims = "claim" if len(found) == 1 else "claims"
        lines.append(f"In Slack: {len(found)} {claims}: {tally(v.status for v in found)}.")
    if notice := notices_text(response.notices):
        lines.append(f"Note: {inline(notice, _NOTICE)}")
    return clip_mrkdwn("\n".join(lines), MAX_FALLBACK)


def fallback_line(item: Answer | Verdict) -> str:
    """One plain line: `SUPERSEDED: Report export availability (plan=starter): stated enabled;
    current disabled per LC-101.`"""
    key = item.key
    subject = inline(item.subject or f"{key.entity} {key.attribute}".replace("_", " "), _SUBJECT)
    scope = ", ".join(f"{k}={v}" for k, v in key.scope)
    where = f" ({inline(scope, _SCOPE)})" if scope else ""
    current = " or ".join(inline(v, _VALUE) for v in item.current_values[:_SHOWN])
    ids = ", ".join(inline(i, _RECORD_ID) for i in item.record_ids[:_SHOWN])
    now = f"current {current}" if current else "no current value"
    now += f" per {ids}" if current and ids else ""
    if isinstance(item, Answer):
        return f"Answer: {subject}{where}: {now} ({item.status.value})."
    stated = inline(item.claim.stated_value, _VALUE)
    said = stated_label(item.claim).lower()
    return f"{item.status.value}: {subject}{where}: {said} {stated}; {now}."
