"""How the command line shows the part of a response that is about time: the JSON fields
(`as_of_source`, `time`, `changes`, `upcoming`) and the readable lines (the date judged on,
the changes in a window or a period, and what is coming, marked not yet authoritative)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from truthexpiry.models.changes import ChangeSubject, TimeReport, Transition, UpcomingChange
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.periods import AsOfSource, DateWindow, TimeQuestion
from truthexpiry.models.verdicts import Status, TruthExpiryResponse

_NONE = "(none)"


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
            "unknown_scope": [f"{k}={v}" for k, v in report.unknown_scope],
        },
        "changes": [_change_json(c) for c in report.changes] if listed else None,
        "upcoming": [_upcoming_json(u) for u in report.upcoming] if listed else None,
    }


def _subject_json(subject: ChangeSubject) -> dict[str, Any]:
    return {"entity": subject.entity, "attribute": subject.attribute, "scope": dict(subject.scope)}


def _change_json(change: Transition) -> dict[str, Any]:
    return {
        "claim_key": change.key.canonical,
        "from_values": list(change.from_values),
        "to_values": list(change.to_values),
        "record_id": change.record_id,
        "effective_date": change.effective_date.isoformat(),
        "record_ids": list(change.record_ids),
        "status": change.status.value,
    }


def _upcoming_json(coming: UpcomingChange) -> dict[str, Any]:
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
    report = response.time
    if report is None or report.kind is not TimeQuestion.AS_OF:
        return line
    period = report.window
    asked = f"{period.start.isoformat()} to {period.end.isoformat()}"
    if response.as_of_source is AsOfSource.OPTION:
        why = f"the question asks about {asked}, still ahead: judged on today's records"
    elif period.start == period.end:
        why = "the day the question asks about"
    elif response.as_of == period.end:
        why = f"the last day of the period the question asks about, {asked}"
    else:
        why = f"today, inside the period the question asks about, {asked}"
    return f"{line}  ({why})"


def time_lines(response: TruthExpiryResponse) -> list[str]:
    report = response.time
    if report is None or report.unavailable:
        return []
    if report.kind is TimeQuestion.UPCOMING or report.window.start > response.as_of:
        lines = _upcoming_lines(report)  # a period still ahead: what may change in it
    else:
        lines = _change_lines(report, response.as_of)
    if report.unknown_scope:
        unknown = ", ".join(f"{k}={v}" for k, v in report.unknown_scope)
        lines.append(f"  No record has {unknown}.")
    if report.truncated:
        lines.append(
            "  The records source lists only so many records at once, so this list may be "
            "incomplete: name a subject or a shorter window to see them all."
        )
    return [*lines, ""] if lines else []


def _change_lines(report: TimeReport, judged_on: date) -> list[str]:
    window = report.window
    if report.kind is TimeQuestion.AS_OF:  # the changes up to the day the claims were judged on
        if not report.labels or (window.start == window.end and not report.changes):
            return []
        window = DateWindow(window.start, min(window.end, judged_on))
    days = (window.end - window.start).days + 1
    span = _span(window) if report.reading.stated else f"in the last {days} days ({_span(window)})"
    where = f"{span}{_about(report.subjects)}"
    if not report.changes:
        return [f"No change {where}."]
    lines = [f"Changes {where}:"]
    for change in report.changes:
        records = ", ".join(change.record_ids) or "no record"
        lines.append(
            f"  {change.effective_date.isoformat()}  {_name(report, change.key)}: "
            f"{_values(change.from_values, change.from_status)} \u2192 "
            f"{_values(change.to_values, change.status)}  [{records}]"
        )
    return lines


def _upcoming_lines(report: TimeReport) -> list[str]:
    window = report.window
    before = window.start - timedelta(days=1)
    when = f"after {before.isoformat()}" if window.open_ended else _span(window)
    if report.kind is TimeQuestion.AS_OF:  # about the keys judged, in a period still ahead
        if not report.labels:
            return []
        keys = "; ".join(_name(report, key) for key, _ in report.labels)
        where = f"{when} for {keys}"
    else:
        where = f"{when}{_about(report.subjects)}"
    if not report.upcoming:
        return [f"Nothing shipped or planned takes effect {where}."]
    lines = [f"Coming up {where} (none of it authoritative yet):"]
    for coming in report.upcoming:
        record = coming.record
        if coming.planned:
            change = f"{record.value} planned"
            status = "PLANNED: takes effect only if it ships"
        else:
            change = f"{record.value} from {record.effective_date.isoformat()}"
            status = f"{record.state.value}, not yet in effect"
        now = ", ".join(coming.current_values) or "no authoritative value"
        lines.append(
            f"  {record.effective_date.isoformat()}  {_name(report, coming.key)}: {change} "
            f"(now: {now})  [{record.record_id}, {status}]"
        )
    return lines


def _values(values: tuple[str, ...], status: Status) -> str:
    if not values:
        return _NONE
    if status is Status.CONFLICTING:
        return " or ".join(values) + " (the records disagree)"
    return ", ".join(values)


def _name(report: TimeReport, key: ClaimKey) -> str:
    return " \u00b7 ".join([report.label(key), *(f"{k}={v}" for k, v in key.scope)])


def _span(window: DateWindow) -> str:
    if window.start == window.end:
        return f"on {window.start.isoformat()}"
    return f"from {window.start.isoformat()} to {window.end.isoformat()}"


def _about(subjects: tuple[ChangeSubject, ...]) -> str:
    if not subjects:
        return ""
    return " for " + "; ".join(_subject_text(s) for s in subjects)


def _subject_text(subject: ChangeSubject) -> str:
    named = [part.replace("_", " ") for part in (subject.entity, subject.attribute) if part]
    scope = [f"{k}={v}" for k, v in subject.scope]
    return " ".join(named) + (f" ({', '.join(scope)})" if named and scope else ", ".join(scope))
