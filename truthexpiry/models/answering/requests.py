"""One question and its answer: what every entry point hands the pipeline and gets back."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum

from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.notices import Notice
from truthexpiry.models.answering.verdicts import Answer, Verdict
from truthexpiry.models.time.changes import TimeReport
from truthexpiry.models.time.periods import AsOfSource


class EntryPoint(StrEnum):
    """How the request arrived: a bounded label for metrics and rendering."""

    CLI = "cli"
    MENTION = "mention"
    DIRECT_MESSAGE = "direct_message"
    ASSISTANT = "assistant"
    SHORTCUT = "shortcut"


MAX_QUESTION_CHARS = 3000  # the longest question any entry point accepts


@dataclass(frozen=True, slots=True)
class TruthExpiryRequest:
    """One question. `subject_message` is set by the "Check this message" shortcut: then the
    pipeline labels that message's claims and does not search. `action_token` is Slack's
    per-event token for search; it is passed through and never shown. `earlier_questions` are
    the questions asked before this one in the same thread, oldest first, read again from Slack
    for this request only: a follow-up ("and on Pro?") takes from them what it does not state."""

    question: str = field(repr=False)
    as_of: date | None = None
    entry_point: EntryPoint = EntryPoint.CLI
    action_token: str | None = field(default=None, repr=False)
    subject_message: SearchMessage | None = field(default=None, repr=False)
    max_messages: int = 20
    earlier_questions: tuple[str, ...] = field(default=(), repr=False)

    @property
    def search_text(self) -> str:
        """What to search Slack for: the question, and in a thread the question before it, so
        that "and on Pro?" finds messages about what the thread is about."""
        return " ".join((self.question, *self.earlier_questions[-1:]))


# Not frozen: made once per request and never changed, nothing hashes or compares one, and a
# frozen dataclass sets each field through a call (about 7,000 instructions a request).
@dataclass(slots=True)
class TruthExpiryResponse:
    """One answer. `as_of` is the date the verdicts and answers were judged on: the date a
    question names ("in March 2025": its last day; `as_of_source` QUESTION), else the request's
    or the clock's (OPTION). `time` is what a question about time gets besides (changes, what
    is coming, the changes inside a period); None for other questions. `today` is the clock's
    date when the response was made: judged on another date (`dated`), the views say "the value
    on <as_of>", not "the current value"."""

    as_of: date
    verdicts: tuple[Verdict, ...]
    answers: tuple[Answer, ...] = ()
    notices: tuple[Notice, ...] = ()  # worded by the views
    messages_searched: int = 0
    time: TimeReport | None = None
    as_of_source: AsOfSource = AsOfSource.OPTION
    today: date | None = None

    @property
    def dated(self) -> bool:
        """Whether the response was judged on a date other than today."""
        return self.today is not None and self.today != self.as_of

    @property
    def answer(self) -> Answer | None:
        return self.answers[0] if self.answers else None

    @property
    def question_verdicts(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if v.claim.source == "question")

    @property
    def message_verdicts(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if v.claim.source == "message")

    def is_about_the_question(self, verdict: Verdict) -> bool:
        """True when a message's claim is about an attribute the question states or asks about
        (or the question names no attribute); otherwise it is about a neighbouring attribute of
        the same topic, shown but not counted as "about this"."""
        asked = {(v.key.entity, v.key.attribute) for v in self.question_verdicts}
        asked |= {(a.key.entity, a.key.attribute) for a in self.answers}
        return not asked or (verdict.key.entity, verdict.key.attribute) in asked
