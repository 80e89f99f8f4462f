"""Questions about time in a thread: "and for Pro?" after "what changed for Starter since
October?" asks what changed for Pro since October; "and in March 2025?" asks what changed for
Starter in March 2025.

The thread's earlier questions are read oldest first, each in the light of the one before, as
`follow_ups.py` reads claims:

- A question with no time of its own that names a subject ("and for Pro?", "and dark mode?")
  takes the time of the question before it: its kind and window, or the date it was judged on.
- A question that names only a date or a period ("and in March 2025?", "and next month?")
  after a question about changes or what is coming asks the same kind of question for that
  period; a period wholly past asks what changed in it, one ahead what is coming.
- A subject it names replaces the earlier one's entity and attribute when it names its own
  topic, and the earlier scope values of the keys it states; it keeps the other scope values
  where its topic has records with them. A question that names no subject takes the earlier
  subjects ("what changed since October?" in a thread about report export on Starter).
- A message that names neither a time nor a subject ("thanks!") changes nothing, and asks
  nothing about time; unless it asks about the thread's subject ("is it disabled?" after "was
  report export on Starter in March 2025?"), which it then asks at the thread's time.

Pure: the texts are read here and nothing of them is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from truthexpiry.models.answering.questions import Statement, TimeAsked
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.time.changes import ChangeSubject
from truthexpiry.models.time.periods import TimeQuestion, TimeReading
from truthexpiry.reading.follow_ups import MAX_EARLIER_QUESTIONS
from truthexpiry.reading.subjects import MAX_SUBJECTS, read_subjects
from truthexpiry.reading.time.phrases import read_time
from truthexpiry.text.tokens import Sentence

_LISTS = (TimeQuestion.CHANGES, TimeQuestion.UPCOMING)


def time_in_thread(
    question: Sequence[Sentence],
    earlier: Sequence[Sequence[Sentence]],
    as_of: date,
    catalog: Catalog,
    *,
    statements: Sequence[Statement],
) -> TimeAsked:
    """What `question` (its sentences) asks about time, completed from its thread's `earlier`
    questions (oldest first; the last `MAX_EARLIER_QUESTIONS` are read). Windows count from
    `as_of`. `statements`: what the question states, already completed from the thread."""
    if not earlier:
        reading = read_time(question, as_of, catalog)
        return TimeAsked(reading, read_subjects(question, catalog) if _lists(reading) else ())
    asked = TimeAsked(None)
    for text in earlier[-MAX_EARLIER_QUESTIONS:]:
        asked = _follow_up(text, asked, as_of, catalog) or asked
    found = _follow_up(question, asked, as_of, catalog)
    if found is None:  # no time, no subject: the thread's time, if it asks about its subject
        found = asked if statements else TimeAsked(None)
    return found if _lists(found.reading) else TimeAsked(found.reading)


def _lists(reading: TimeReading | None) -> bool:
    """Whether the reading asks for a list of changes or of what is coming: only such a
    question needs its subjects."""
    return reading is not None and reading.kind in _LISTS


def _follow_up(
    text: Sequence[Sentence], before: TimeAsked, as_of: date, catalog: Catalog
) -> TimeAsked | None:
    """`text` read after `before`; None when it names neither a time nor a subject."""
    own = read_time(text, as_of, catalog)
    named = read_subjects(text, catalog)
    if own is None and not named:
        return None
    reading = own or before.reading
    earlier = before.reading
    if own is not None and own.kind is TimeQuestion.AS_OF and earlier and earlier.kind in _LISTS:
        reading = _for_period(text, own, kind=earlier.kind, as_of=as_of, catalog=catalog)
    return TimeAsked(reading, _merged(before.subjects, named, catalog))


def _for_period(
    text: Sequence[Sentence],
    period: TimeReading,
    *,
    kind: TimeQuestion,
    as_of: date,
    catalog: Catalog,
) -> TimeReading:
    """The `period` that `text` names, read again as a question of `kind`; a period wholly
    past as a question about changes (read_time turns one wholly ahead into what is coming)."""
    reading = read_time(text, as_of, catalog, kind=kind)
    if reading is None or (reading.kind is TimeQuestion.UPCOMING and reading.window.end <= as_of):
        reading = read_time(text, as_of, catalog, kind=TimeQuestion.CHANGES)
    return reading or period


def _merged(
    earlier: tuple[ChangeSubject, ...], named: tuple[ChangeSubject, ...], catalog: Catalog
) -> tuple[ChangeSubject, ...]:
    """Each subject named, completed from each earlier one; the earlier ones when none is."""
    if not earlier or not named:
        return named or earlier
    merged = []
    for mine in named:
        for theirs in earlier:
            own_topic = mine.entity is not None or mine.attribute is not None
            topic = mine if own_topic else theirs
            stated = {key for key, _ in mine.scope}
            kept = [
                pair
                for pair in theirs.scope
                if pair[0] not in stated and (not own_topic or _has(catalog, mine, pair))
            ]
            scope = tuple(sorted((*mine.scope, *kept)))
            merged.append(ChangeSubject(topic.entity, topic.attribute, scope))
    return tuple(dict.fromkeys(merged))[:MAX_SUBJECTS]


def _has(catalog: Catalog, subject: ChangeSubject, pair: tuple[str, str]) -> bool:
    """Whether a record of the subject's topic has the scope value `pair`: a region that only
    the earlier topic has is not carried into a new one."""
    key, value = pair
    return any(
        value in info.scope_values.get(key, ())
        for (entity, attribute), info in catalog.attributes.items()
        if subject.entity in (None, entity) and subject.attribute in (None, attribute)
    )
