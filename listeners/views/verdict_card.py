"""The verdict card: a `TruthExpiryResponse` as a Slack reply, Block Kit blocks and a fallback.

Top to bottom: a headline and the date judged on (and why, when the question named a date or a
period); the answers; the claim the question itself made; for a question about time, the
changes or what is coming (`time_card`); the claims found in Slack messages, SUPERSEDED first,
each linking to its message; the notice; the feedback buttons. A claim key's lifecycle timeline
appears once, under its first item.

Slack's limits hold whatever the response: the part about time is bounded on its own, items
are added while they fit in the rest of 50 blocks and `MAX_CARD_TEXT` characters, and whatever
does not fit is counted in one closing line ("…and 7 more claims not shown: 5 SUPERSEDED,
2 CURRENT."), never dropped silently. The question text is not part of a response, so the card
cannot echo it.
"""

from __future__ import annotations

from listeners.views.blocks import (
    MAX_CARD_TEXT,
    MAX_MESSAGE_BLOCKS,
    Block,
    Reply,
    actions,
    button,
    context,
    divider,
    header,
    inline,
    section,
    text_length,
)
from listeners.views.fallback import fallback_text
from listeners.views.statuses import EMOJI, ORDER, tally
from listeners.views.time_card import time_blocks
from listeners.views.verdict_parts import answer_text, timeline_text, verdict_text
from truthexpiry.models.answering.requests import TruthExpiryResponse
from truthexpiry.models.answering.verdicts import Answer, Verdict, Vote
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.status import Status
from truthexpiry.models.time.periods import TimeQuestion
from wording.change_words import DISAGREE
from wording.claim_words import CARRIED
from wording.notices import notices_text
from wording.time_words import judged_on, judged_on_reason, time_headline

FEEDBACK_BLOCK_ID = "truthexpiry_feedback"
# The feedback buttons, by the vote each casts: its action ID and its label.
FEEDBACK_BUTTONS = {
    Vote.UP: ("truthexpiry_feedback_up", ":+1: Helpful"),
    Vote.DOWN: ("truthexpiry_feedback_down", ":-1: Not helpful"),
}

_NOTICE = 2500

Item = Answer | Verdict


def verdict_reply(response: TruthExpiryResponse) -> Reply:
    """The reply for one pipeline response, within Slack's limits for a message."""
    head = [header(_headline(response)), context(_summary(response))]
    tail = _tail(response)
    time = time_blocks(response)
    room = MAX_MESSAGE_BLOCKS - len(head) - len(tail) - len(time) - 1  # a divider before it
    chars = MAX_CARD_TEXT - text_length(head + tail + time)
    return Reply(fallback_text(response), [*head, *_body(response, room, chars, time), *tail])


def ordered_items(response: TruthExpiryResponse) -> list[Item]:
    """Answers, then the question's own claims, then message claims with SUPERSEDED first."""
    found = sorted(response.message_verdicts, key=lambda v: ORDER[v.status])
    return [*response.answers, *response.question_verdicts, *found]


class _Renderer:
    """Renders items in order: group headings when the kind changes, each key's timeline once,
    the subject line only when the key differs from the item above."""

    def __init__(self, response: TruthExpiryResponse) -> None:
        self._response = response
        self._timelines: set[ClaimKey] = set()
        self._last: Item | None = None
        self._on = judged_on(response)  # "Value on <date>" when not judged today

    def render(self, item: Item) -> list[Block]:
        blocks = self._group_start(item)
        if isinstance(item, Answer):
            blocks.append(section(answer_text(item, on=self._on)))
        else:
            same_key = self._last is not None and self._last.key == item.key
            blocks.append(section(verdict_text(item, show_subject=not same_key, on=self._on)))
        if item.timeline and item.key not in self._timelines:
            self._timelines.add(item.key)
            blocks.append(context(timeline_text(item.timeline, item.record_ids)))
        self._last = item
        return blocks

    def _group_start(self, item: Item) -> list[Block]:
        group = _group(item)
        if self._last is not None and _group(self._last) == group:
            return []
        opening = [] if self._last is None else [divider()]
        return opening + ([section(self._found_heading())] if group == "message" else [])

    def _found_heading(self) -> str:
        response = self._response
        found = response.message_verdicts
        about = [v for v in found if response.is_about_the_question(v)]
        searched = response.messages_searched
        others = len(found) - len(about)
        return (
            f"*In Slack* · {searched} message{'s' if searched != 1 else ''} read · "
            f"{len(about)} claim{'s' if len(about) != 1 else ''} about this"
            + (f": {tally(v.status for v in about)}" if about else "")
            + (f" · {others} about related attributes" if others else "")
        )


def _body(response: TruthExpiryResponse, room: int, chars: int, time: list[Block]) -> list[Block]:
    """The items within `room` blocks and `chars` characters, and the part about `time` (bounded
    on its own) after the question's own items, before the claims found in Slack."""
    items = ordered_items(response)
    renderer = _Renderer(response)
    rendered: list[list[Block]] = []
    used = spent = 0
    for index, item in enumerate(items):
        blocks = renderer.render(item)
        size = text_length(blocks)
        reserve = 1 if index < len(items) - 1 else 0  # room for the "…and N more" line
        if used + len(blocks) + reserve > room or spent + size + reserve * 200 > chars:
            rendered.append([section(_overflow(items[index:]))])
            break
        rendered.append(blocks)
        used, spent = used + len(blocks), spent + size
    lead = sum(1 for item in items if _group(item) != "message")
    before = [block for blocks in rendered[:lead] for block in blocks]
    after = [block for blocks in rendered[lead:] for block in blocks]
    if time:
        before += [*([divider()] if before else []), *time]
        if after and after[0] != divider():
            after.insert(0, divider())
    return [*before, *after]


def _overflow(rest: list[Item]) -> str:
    noun = "claim" if all(isinstance(i, Verdict) for i in rest) else "result"
    plural = "" if len(rest) == 1 else "s"
    return f"\u2026and {len(rest)} more {noun}{plural} not shown: {tally(i.status for i in rest)}."


def _group(item: Item) -> str:
    return "answer" if isinstance(item, Answer) else item.claim.source.value


def _headline(response: TruthExpiryResponse) -> str:
    """Plain text: `:x: SUPERSEDED · Report export availability`, or the answer's value."""
    if response.question_verdicts:
        first = response.question_verdicts[0]
        name = first.subject or first.key.describe()
        if first.planned is not None:  # stale today, but what is planned for the period asked
            return f":calendar: Planned, not yet authoritative · {name}"
        earlier = f" · {CARRIED}" if first.claim.carried else ""
        return f"{EMOJI[first.status]} {first.status.value} · {name}{earlier}"
    if response.answers:
        answer = response.answers[0]
        said = {
            Status.CONFLICTING: DISAGREE,
            Status.UNVERIFIED: "not verified",
        }.get(answer.status, " / ".join(answer.current_values))
        return f"{answer.subject or answer.key.describe()}: {said}"
    if response.time is not None and response.time.kind is not TimeQuestion.AS_OF:
        return time_headline(response.time)
    if response.message_verdicts:
        return f"Claims checked: {tally(v.status for v in response.message_verdicts)}"
    return "No claim to check"


def _summary(response: TruthExpiryResponse) -> str:
    summary = f"Checked against the lifecycle records as of {response.as_of.isoformat()}"
    if reason := judged_on_reason(response):
        summary += f" ({reason})"
    searched = response.messages_searched
    if searched and not response.message_verdicts:
        plural = "s" if searched != 1 else ""
        summary += f" · {searched} Slack message{plural} read, no checkable claim in them"
    return summary


def _tail(response: TruthExpiryResponse) -> list[Block]:
    tail = [divider()]
    if notice := notices_text(response.notices):
        tail.append(section(f":information_source: {inline(notice, _NOTICE)}"))
    feedback = actions(
        FEEDBACK_BLOCK_ID,
        *(
            button(label, action_id=action_id, value=vote.value)
            for vote, (action_id, label) in FEEDBACK_BUTTONS.items()
        ),
    )
    return [*tail, feedback]
