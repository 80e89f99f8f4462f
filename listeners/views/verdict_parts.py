"""The pieces of a verdict card: one answer or one verdict as mrkdwn, and its timeline.

Each piece bounds its own text, whatever the data: a value shows at most `_VALUE` characters
after escaping, at most `_SHOWN` current records are listed, a link longer than `MAX_URL` is not
linked. The worst case of a section stays under Slack's 3,000 characters by construction; the
clip in `blocks.mrkdwn` is only a last guard.
"""

from __future__ import annotations

from collections.abc import Sequence

from listeners.views.blocks import channel, inline, link
from listeners.views.statuses import badge
from truthexpiry.models.answering.verdicts import Answer, Verdict
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.status import Status
from wording.claim_words import question_origin, stated_label
from wording.time_words import value_label

_VALUE = 150
_SUBJECT = 150
_SCOPE = 200
_RECORD_ID = 60
_EXPLANATION = 600
_TICKET = 40
_SHOWN = 3
_SHOWN_TICKETS = 5
_TIMELINE_RECORDS = 8
_TIMELINE_VALUE = 80


def heading(subject: str, key: ClaimKey) -> str:
    """`*Report export availability* · plan=starter · region=global`."""
    name = subject or f"{key.entity} {key.attribute}".replace("_", " ")
    scope = " · ".join(f"{k}={v}" for k, v in key.scope)
    return f"*{inline(name, _SUBJECT)}*" + (f" · {inline(scope, _SCOPE)}" if scope else "")


def answer_text(answer: Answer, *, on: str | None = None) -> str:
    """The answer; `on`: the date judged on when it is not today (its values are "Value on")."""
    lead = "*Answer*" if answer.status is Status.CURRENT else f"*Answer* · {badge(answer.status)}"
    return "\n".join(
        [
            f"{lead} · {heading(answer.subject, answer.key)}",
            *_current_lines(answer.current_values, answer.record_ids, answer.timeline, on),
            inline(answer.explanation, _EXPLANATION),
        ]
    )


def verdict_text(verdict: Verdict, *, show_subject: bool, on: str | None = None) -> str:
    """The verdict; `on`: the date judged on when it is not today (its values are "Value on")."""
    message = verdict.claim.message
    if message is None:
        origin = question_origin(verdict.claim)
    else:
        where = channel(message.channel_id)
        origin = link(message.permalink, "a message") + (f" in {where}" if where else "")
    lines = [f"{badge(verdict.status)} · {origin}"]
    if show_subject:
        lines.append(heading(verdict.subject, verdict.key))
    lines.append(f"{stated_label(verdict.claim)}: *{inline(verdict.claim.stated_value, _VALUE)}*")
    lines += _current_lines(verdict.current_values, verdict.record_ids, verdict.timeline, on)
    lines.append(inline(verdict.explanation, _EXPLANATION))
    if message is not None and message.tickets:
        tickets = ", ".join(inline(t, _TICKET) for t in message.tickets[:_SHOWN_TICKETS])
        more = len(message.tickets) - _SHOWN_TICKETS
        lines.append(f"Tickets: {tickets}" + (f" and {more} more" if more > 0 else ""))
    return "\n".join(lines)


def timeline_text(timeline: Sequence[LifecycleRecord], current_ids: Sequence[str]) -> str:
    """`History: 2024-01-15 · LC-100 · SHIPPED · enabled → *2026-05-12 · ... · disabled*`, the
    current records in bold, the oldest left out beyond `_TIMELINE_RECORDS`."""
    shown = timeline[-_TIMELINE_RECORDS:]
    steps = []
    for record in shown:
        step = (
            f"{record.effective_date.isoformat()} · {inline(record.record_id, _RECORD_ID)} · "
            f"{record.state.value} · {inline(record.value, _TIMELINE_VALUE)}"
        )
        steps.append(f"*{step}*" if record.record_id in current_ids else step)
    earlier = len(timeline) - len(shown)
    lead = f"History ({earlier} earlier not shown): " if earlier else "History: "
    return lead + " \u2192 ".join(steps)


def _current_lines(
    values: Sequence[str],
    record_ids: Sequence[str],
    timeline: Sequence[LifecycleRecord],
    on: str | None,
) -> list[str]:
    """`Current value: *disabled* — LC-101 · SHIPPED · effective 2026-05-12`, or one bullet per
    current record when several are (the records agree or conflict); "Value on 2026-05-01"
    for a response judged `on` another date (`value_label`, as on the command line)."""
    by_id = {r.record_id: r for r in timeline}
    if record_ids and all(i in by_id for i in record_ids):
        entries = [_cite(by_id[i]) for i in record_ids[:_SHOWN]]
        hidden = len(record_ids) - len(entries)
    elif values:
        ids = ", ".join(inline(i, _RECORD_ID) for i in record_ids[:_SHOWN])
        entries = [f"*{inline(v, _VALUE)}*" for v in values[:_SHOWN]]
        entries[-1] += f" \u2014 {ids}" if ids else ""
        hidden = len(values) - len(entries)
    else:
        return [f"{value_label(on)}: none in effect"]
    if hidden > 0:
        entries.append(f"and {hidden} more")
    if len(entries) == 1:
        return [f"{value_label(on)}: {entries[0]}"]
    return [f"{value_label(on, plural=True)}:", *(f"\u2022 {entry}" for entry in entries)]


def _cite(record: LifecycleRecord) -> str:
    return (
        f"*{inline(record.value, _VALUE)}* \u2014 {inline(record.record_id, _RECORD_ID)} · "
        f"{record.state.value} · effective {record.effective_date.isoformat()}"
    )
