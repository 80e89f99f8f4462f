"""A question as read once per request: the statements it makes, completed from its thread,
and what it asks about time. `reading.question.read_question` builds it; the pipeline hands it
to time answers and to the claim extractor, so that nothing reads the question twice."""

from __future__ import annotations

from dataclasses import dataclass, field

from truthexpiry.models.records.claim_key import Scope
from truthexpiry.models.records.values import TypedValue
from truthexpiry.models.time.changes import ChangeSubject
from truthexpiry.models.time.periods import TimeReading


@dataclass(frozen=True, slots=True)
class Statement:
    """What one sentence states or asks about one attribute of one entity."""

    entity: str
    attribute: str | None  # None when the attribute could not be told apart
    scopes: tuple[Scope, ...]  # one per combination of stated scope values; () if none stated
    value: TypedValue | None  # the stated value; None when none was stated
    asks_value: bool  # the sentence is a question or a request for the value
    # The value is an earlier question's in its thread, not stated here: "and in March 2025?"
    # asks the earlier question again. Judged as it was; never worded as what the user assumes.
    carried: bool = False


# TimeAsked, QuestionReading and Extraction are made at every request, never changed once made,
# nor hashed: not frozen, as a frozen dataclass sets each field through a call.
@dataclass(slots=True)
class TimeAsked:
    """What a question asks about time (None: nothing) and, for a question about changes or
    what is coming, what it is about (() is everything; always () for other questions)."""

    reading: TimeReading | None
    subjects: tuple[ChangeSubject, ...] = ()


@dataclass(slots=True)
class QuestionReading:
    """One request's question, read once. `text` is the question as asked ("" for the message
    shortcut, which asks nothing); `in_thread` says it follows earlier questions in a thread,
    from which `statements` were completed. Lives for one request; never logged."""

    text: str = field(repr=False)
    statements: tuple[Statement, ...] = field(repr=False)
    time: TimeAsked = field(default_factory=lambda: TimeAsked(None))
    in_thread: bool = False
