"""The one wording of what a response says about time, for the Slack reply card, its plain-text
fallback and the command line: the date judged on and why, the changes in a window or inside a
period, what is coming (never shown as in effect), and the report's flags (records that could
not be read, a listing cut short, scope values no record has).

Plain words around data. Every piece of data (values, names, scope values, record IDs) goes
through the caller's `quote`: the command line writes it as it is, Slack escapes and clips it.
`most` bounds the values and record IDs written per line (the rest are counted). Each line is
worded by `change_words.py`, as the App Home's are.
"""

from __future__ import annotations

from dataclasses import dataclass

from truthexpiry.models.answering.requests import TruthExpiryResponse
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.time.changes import ChangeSubject, TimeReport
from truthexpiry.models.time.periods import AsOfSource, DateWindow, TimeQuestion
from wording.change_words import ChangeWording, Quote, TimeLine, as_is

NOT_YET = "none of it authoritative yet"
UNREAD = "the lifecycle records could not be read, so this is not a sign that nothing changed"
TRUNCATED = (
    "This window is too wide for one answer: more subjects changed in it than are listed here. "
    "Name a subject or a shorter window to see them all."
)


@dataclass(frozen=True, slots=True)
class TimeWords:
    """The time part of a response: a heading (no closing punctuation), its lines, and notes
    (whole sentences). `left`: the lines not worded, beyond the limit asked for. `coming`: the
    lines are records still to come, not changes."""

    heading: str
    lines: tuple[TimeLine, ...]
    notes: tuple[str, ...] = ()
    left: int = 0
    coming: bool = False


def judged_on(response: TruthExpiryResponse) -> str | None:
    """The date `response` was judged on (ISO) when it is not today; None when judged today."""
    return response.as_of.isoformat() if response.dated else None


def value_label(on: str | None, *, plural: bool = False) -> str:
    """What a line of values in effect is called: "Current value", or "Value on 2026-05-01" for
    a response judged on `on`, a date other than today (`judged_on`): the value then."""
    noun = "value" + ("s" if plural else "")
    return f"{noun.capitalize()} on {on}" if on else f"Current {noun}"


def judged_on_reason(response: TruthExpiryResponse) -> str | None:
    """Why the response was judged on its date, when the question named a date or a period."""
    report = response.time
    if report is None or report.kind is not TimeQuestion.AS_OF:
        if response.dated and response.today is not None:
            return f"the date asked for, not today ({response.today.isoformat()})"
        return None
    period = report.window
    asked = f"{period.start.isoformat()} to {period.end.isoformat()}"
    if response.as_of_source is AsOfSource.OPTION:
        return f"the question asks about {asked}, still ahead: judged on today's records"
    if period.start == period.end:
        return "the day the question asks about"
    if response.as_of == period.end:
        return f"the last day of the period the question asks about, {asked}"
    return f"today, inside the period the question asks about, {asked}"


def time_words(
    response: TruthExpiryResponse,
    quote: Quote = as_is,
    most: int | None = None,
    limit: int | None = None,
) -> TimeWords | None:
    """The time part of `response` in words, the first `limit` lines worded (all by default);
    None when there is nothing to say (no question about time, or claims judged on one day on
    which nothing changed)."""
    report = response.time
    if report is None:
        return None
    wording = _Wording(response, report, ChangeWording(quote, most), limit)
    ahead = report.kind is TimeQuestion.UPCOMING or report.window.start > response.as_of
    told = wording.coming() if ahead else wording.changes()  # a period ahead: what may come
    if told is None:
        return None
    heading, lines = told
    total = len(report.upcoming if ahead else report.changes) if lines else 0
    return TimeWords(heading, lines, wording.notes(), total - len(lines), coming=ahead)


def time_headline(report: TimeReport) -> str:
    """A short title for a reply that lists changes or what is coming."""
    count = len(report.upcoming if report.kind is TimeQuestion.UPCOMING else report.changes)
    if report.unavailable:
        return "Changes could not be listed"
    if report.kind is TimeQuestion.UPCOMING:
        return f"{count} coming up, none authoritative yet" if count else "Nothing coming up"
    return f"{count} change{'s' if count != 1 else ''} in the records" if count else "No change"


class _Wording:
    def __init__(
        self,
        response: TruthExpiryResponse,
        report: TimeReport,
        words: ChangeWording,
        limit: int | None,
    ) -> None:
        self._as_of = response.as_of  # the date judged on
        self._report = report
        self._labels = dict(report.labels)
        self._quote = words.quote
        self._words = words
        self._limit = limit
        self._heading_names_unknown = False

    def changes(self) -> tuple[str, tuple[TimeLine, ...]] | None:
        report = self._report
        window = report.window
        if report.kind is TimeQuestion.AS_OF:  # the changes up to the day claims were judged on
            if not report.labels or (window.start == window.end and not report.changes):
                return None
            window = DateWindow(window.start, min(window.end, self._as_of))
        where = f"{_span(window) if report.reading.stated else _default(window)}{self._about()}"
        if report.unavailable:
            return f"The changes {where} could not be listed: {UNREAD}", ()
        if not report.changes and self._only_unknown():
            self._heading_names_unknown = True
            return f"Nothing to list {where}: no record has {self._unknown()}", ()
        if not report.changes:
            return f"No change {where}", ()
        shown = report.changes[: self._limit]
        return f"Changes {where}", tuple(
            self._words.transition(c, self._name(c.key)) for c in shown
        )

    def coming(self) -> tuple[str, tuple[TimeLine, ...]] | None:
        report = self._report
        window = report.window  # an open window starts the day after the as-of date
        when = f"after {self._as_of.isoformat()}" if window.open_ended else _span(window)
        if report.kind is TimeQuestion.AS_OF:  # about the keys judged, in a period still ahead
            if not report.labels:
                return None
            where = f"{when} for {'; '.join(self._name(key) for key, _ in report.labels)}"
        else:
            where = f"{when}{self._about()}"
        if report.unavailable:
            return f"What is coming {where} could not be listed: {UNREAD}", ()
        if not report.upcoming:
            return f"Nothing shipped or planned takes effect {where}", ()
        shown = report.upcoming[: self._limit]
        return f"Coming up {where} ({NOT_YET})", tuple(
            self._words.coming(c, self._name(c.key)) for c in shown
        )

    def _only_unknown(self) -> bool:
        """Every subject names a scope value no record has: not "no change", but no records."""
        unknown = set(self._report.unknown_scope)
        subjects = self._report.subjects
        return bool(subjects) and all(unknown & set(s.scope) for s in subjects)

    def _unknown(self) -> str:
        return ", ".join(self._quote(f"{k}={v}" if k else v) for k, v in self._report.unknown_scope)

    def notes(self) -> tuple[str, ...]:
        report = self._report
        notes = []
        if report.unknown_scope and not self._heading_names_unknown:
            notes.append(f"No record has {self._unknown()}.")  # else the heading says it
        if report.truncated:
            notes.append(TRUNCATED)
        return tuple(notes)

    def _name(self, key: ClaimKey) -> str:
        scope = [self._quote(f"{k}={v}") for k, v in key.scope]
        label = self._labels.get(key) or self._report.label(key)
        return " \u00b7 ".join([self._quote(label), *scope])

    def _about(self) -> str:
        subjects = self._report.subjects
        if not subjects:
            return ""
        return " for " + "; ".join(self._subject(s) for s in subjects)

    def _subject(self, subject: ChangeSubject) -> str:
        named = [p.replace("_", " ") for p in (subject.entity, subject.attribute) if p]
        scope = ", ".join(self._quote(f"{k}={v}") for k, v in subject.scope)
        name = self._quote(" ".join(named))
        return name + (f" ({scope})" if named and scope else scope)


def _default(window: DateWindow) -> str:
    """A window the question did not name: the last so many days (one, on the first day there
    is)."""
    days = (window.end - window.start).days + 1
    return f"in the last {days} days ({_span(window)})" if days > 1 else f"({_span(window)})"


def _span(window: DateWindow) -> str:
    if window.start == window.end:
        return f"on {window.start.isoformat()}"
    return f"from {window.start.isoformat()} to {window.end.isoformat()}"
