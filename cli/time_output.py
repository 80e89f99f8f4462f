"""How the command line shows the part of a response that is about time: the JSON fields
(`as_of_source`, `time`, `changes`, `upcoming`), and the readable lines laid out from the
wording the Slack reply uses too (`wording/time_words.py`)."""

from __future__ import annotations

from typing import Any

from truthexpiry.models.answering.requests import TruthExpiryResponse
from truthexpiry.models.time.changes import ChangeSubject, Transition, UpcomingChange
from wording.time_words import judged_on_reason, time_words


def time_json(response: TruthExpiryResponse) -> dict[str, Any]:
    """The fields a question about time adds; none for another question."""
    report = response.time
    if report is None:
        return {}
    listed = not report.unavailable
    return {
        "as_of_source": response.as_of_source.value,
        "time": {
            "kind": report.kind.value,
            "from": report.window.start.isoformat(),
            "to": None if report.window.open_ended else report.window.end.isoformat(),
            "stated": report.reading.stated,
            "subjects": [_subject_json(s) for s in report.subjects],
            "truncated": report.truncated,
            "unavailable": report.unavailable,
            "unknown_scope": [scope_json(k, v) for k, v in report.unknown_scope],
        },
        "changes": [change_json(c) for c in report.changes] if listed else None,
        "upcoming": [upcoming_json(u) for u in report.upcoming] if listed else None,
    }


def scope_json(key: str, value: str) -> str:
    """`key=value`; a value alone when the question did not say which key it is of."""
    return f"{key}={value}" if key else value


def _subject_json(subject: ChangeSubject) -> dict[str, Any]:
    return {"entity": subject.entity, "attribute": subject.attribute, "scope": dict(subject.scope)}


def change_json(change: Transition) -> dict[str, Any]:
    return {
        "claim_key": change.key.canonical,
        "from_values": list(change.from_values),
        "to_values": list(change.to_values),
        "record_id": change.record_id,
        "effective_date": change.effective_date.isoformat(),
        "record_ids": list(change.record_ids),
        "status": change.status.value,
    }


def upcoming_json(coming: UpcomingChange) -> dict[str, Any]:
    record = coming.record
    return {
        "claim_key": coming.key.canonical,
        "record_id": record.record_id,
        "state": record.state.value,
        "value": record.value,
        "effective_date": record.effective_date.isoformat(),
        "current_values": list(coming.current_values),
    }


def as_of_line(response: TruthExpiryResponse) -> str:
    """`As of:` and, when the question named a date or a period, how the date was chosen."""
    line = f"As of:    {response.as_of.isoformat()}"
    reason = judged_on_reason(response)
    return f"{line}  ({reason})" if reason else line


def time_lines(response: TruthExpiryResponse) -> list[str]:
    """The changes or what is coming, laid out for a terminal, in the views' wording."""
    words = time_words(response)
    if words is None:
        return []
    lines = [words.heading + (":" if words.lines else ".")]
    lines += [f"  {w.day}  {w.subject}: {w.change}  [{w.records}]" for w in words.lines]
    lines += [f"  {note}" for note in words.notes]
    return [*lines, ""]
