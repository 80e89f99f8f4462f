"""The one wording of what a response says about time, for the Slack reply card, its plain-text
fallback and the command line: the date judged on and why, the changes in a window or inside a
period, what is coming (never shown as in effect), and the report's flags (records that could
not be read, a listing cut short, scope values no record has).

Plain words around data. Every piece of data (values, names, scope values, record IDs) goes
through the caller's `quote`: the command line writes it as it is, Slack escapes and clips it.
`most` bounds the values and record IDs written per line (the rest are counted).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from truthexpiry.models.changes import ChangeSubject, TimeReport, Transition, UpcomingChange
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.periods import AsOfSource, DateWindow, TimeQuestion
from truthexpiry.models.verdicts import Status, TruthExpiryResponse

Quote = Callable[[str], str]

ARROW = " \u2192 "
NOTHING = "nothing in effect"
NOT_YET = "none of it authoritative yet"
CONFLICT = "CONFLICTING: the records disagree"
UNREAD = "the lifecycle records could not be read, so this is not a sign that nothing changed"
TRUNCATED = (
    "The records source lists only so many records at once, so this list may be incomplete: "
    "name a subject or a shorter window to see them all."
)


def as_is(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class TimeLine:
    """One change, or one record still to come: its day, what it is about, what changes, and
    the records behind it (with their standing, for a record not yet in effect)."""

    day: str
    subject: str
    change: str
    records: str


@dataclass(frozen=True, slots=True)
class TimeWords:
    """The time part of a response: a heading (no closing punctuation), its lines, and notes
    (whole sentences). `coming`: the lines are records still to come, not changes."""

    heading: str
    lines: tuple[TimeLine, ...]
    notes: tuple[str, ...] = ()
    coming: bool = False


def judged_on_reason(response: TruthExpiryResponse) -> str | None:
    """Why the response was judged on its date, when the question named a date or a period."""
    report = response.time
    if report is None or report.kind is not TimeQuestion.AS_OF:
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
    response: TruthExpiryResponse, quote: Quote = as_is, most: int | None = None
) -> TimeWords | None:
    """The time part of `response` in words; None when there is nothing to say (no question
    about time, or claims judged on one day on which nothing changed)."""
    report = response.time
    if report is None:
        return None
    wording = _Wording(response, report, quote, most)
    ahead = report.kind is TimeQuestion.UPCOMING or report.window.start > response.as_of
    told = wording.coming() if ahead else wording.changes()  # a period ahead: what may come
    if told is None:
        return None
    heading, lines = told
    return TimeWords(heading, lines, wording.notes(), coming=ahead)


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
        self, response: TruthExpiryResponse, report: TimeReport, quote: Quote, most: int | None
    ) -> None:
        self._as_of = response.as_of  # the date judged on
        self._report = report
        self._quote = quote
        self._most = most

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
        if not report.changes:
            return f"No change {where}", ()
        return f"Changes {where}", tuple(self._change(c) for c in report.changes)

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
        return f"Coming up {where} ({NOT_YET})", tuple(self._coming(c) for c in report.upcoming)

    def notes(self) -> tuple[str, ...]:
        report = self._report
        notes = []
        if report.unknown_scope:
            unknown = ", ".join(self._quote(f"{k}={v}") for k, v in report.unknown_scope)
            notes.append(f"No record has {unknown}.")
        if report.truncated:
            notes.append(TRUNCATED)
        return tuple(notes)

    def _change(self, change: Transition) -> TimeLine:
        before = self._values(change.from_values, change.from_status)
        after = self._values(change.to_values, change.status, new=not change.from_values)
        return TimeLine(
            change.effective_date.isoformat(),
            self._name(change.key),
            f"{before}{ARROW}{after}",
            self._listed(change.record_ids, ", ") or "no record",
        )

    def _coming(self, coming: UpcomingChange) -> TimeLine:
        record = coming.record
        value = self._quote(record.value)
        disagree = len(coming.current_values) > 1  # only records that disagree give two values
        now = self._values(
            coming.current_values, Status.CONFLICTING if disagree else Status.CURRENT
        )
        if coming.planned:
            change = f"{value} planned (now: {now})"
            standing = "PLANNED: takes effect only if it ships"
        else:
            change = f"{value} from {record.effective_date.isoformat()} (now: {now})"
            standing = f"{record.state.value}, not yet in effect"
        records = f"{self._quote(record.record_id)}, {standing}"
        return TimeLine(record.effective_date.isoformat(), self._name(coming.key), change, records)

    def _values(self, values: tuple[str, ...], status: Status, *, new: bool = False) -> str:
        """`enabled`; `100 or 200 (CONFLICTING: the records disagree)`; a first value marked
        `(new)`; `nothing in effect`."""
        if not values:
            return NOTHING
        conflict = status is Status.CONFLICTING
        marks = [*(["new"] if new else []), *([CONFLICT] if conflict else [])]
        shown = self._listed(values, " or " if conflict else ", ")
        return shown + (f" ({'; '.join(marks)})" if marks else "")

    def _listed(self, items: tuple[str, ...], joiner: str) -> str:
        shown = items if self._most is None else items[: self._most]
        more = len(items) - len(shown)
        return joiner.join(self._quote(i) for i in shown) + (f" and {more} more" if more else "")

    def _name(self, key: ClaimKey) -> str:
        scope = [self._quote(f"{k}={v}") for k, v in key.scope]
        return " \u00b7 ".join([self._quote(self._report.label(key)), *scope])

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
    """A window the question did not name: the last so many days."""
    return f"in the last {(window.end - window.start).days + 1} days ({_span(window)})"


def _span(window: DateWindow) -> str:
    if window.start == window.end:
        return f"on {window.start.isoformat()}"
    return f"from {window.start.isoformat()} to {window.end.isoformat()}"
