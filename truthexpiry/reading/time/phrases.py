"""What a question says about time, read relative to an as-of date the caller passes in.

- A change question ("what changed for Starter since October?", "any changes to the rate
  limit this year?", "what's new?") lists transitions in a window that has passed; without a
  window, the last 30 days. A window that lies wholly ahead makes it a question about what is
  coming ("what changes next month?").
- An upcoming question ("what's changing next month?", "is anything planned for Pro?",
  "what will change in Q3?") looks ahead of the as-of date; without a window, at everything
  still to come.
- Any other question that names a date or a period ("was report export on Starter in March
  2025?", "on 2025-03-15", "last year") is judged as of that date: a period on its last day,
  or on the as-of date when the period includes it.

Questions without any of these read as None: they are judged on the as-of date as usual. A
sentence that thanks and asks nothing ("thanks, that helped yesterday!") names no time.
With the catalog, names are not cues ("scheduled maintenance" asks about nothing scheduled),
and in a question about a date-valued attribute ("is the filing deadline 31 March 2026?") a
date is the value stated; only "as of <date>" still sets the date to judge on.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.time.periods import DateWindow, TimeQuestion, TimeReading
from truthexpiry.reading.time.names import time_vocabulary
from truthexpiry.reading.time.points import Reading, date_end
from truthexpiry.reading.time.ranges import split_ranges
from truthexpiry.reading.time.windows import may_hold_a_window, window_at, window_starts
from truthexpiry.text.tokens import Sentence, Token
from truthexpiry.values.calendar import judgement_date, last_days, still_to_come
from truthexpiry.values.spans import may_start_a_value

# Token keys (singular: "changes" is "change") that make a question about changes. "changed"
# always does; "change" and "update" only after a word that asks about one or before a word
# that places it ("any changes to", "what changes next month", "did it change in Q1?"), so
# that "are changes free on Flex fares?" does not.
CHANGED_WORDS = frozenset("changed updated".split())
CHANGE_WORDS = frozenset("change update".split())
COMING_WORDS = frozenset("changing coming upcoming planned scheduled roadmap".split())
CHANGE_CUES = CHANGED_WORDS | CHANGE_WORDS | COMING_WORDS
_ASKS_BEFORE = frozenset("any what recent latest no some".split())
_PLACES_AFTER = frozenset(
    "to for in on since at of during this last next over between from recently lately".split()
)
_FUTURE_AUXILIARIES = frozenset("will going gonna about may might could".split())
_NEW = frozenset("what anything something".split())  # "what's new", "anything new"
# Every word `_cue` may find a cue at: a question with none of them is no question of change.
_CUE_WORDS = CHANGE_CUES | {"new"}
_ANY_DAY = date(2000, 1, 1)
_THANKS = frozenset("thanks thank thx ty cheers ta appreciated".split())
_THANKS_AT = 2  # "thanks, ...", "many thanks", "ok thanks"
# Read once: an enum's member read through its class is a lookup each time (every question).
_AS_OF, _CHANGES, _UPCOMING = TimeQuestion.AS_OF, TimeQuestion.CHANGES, TimeQuestion.UPCOMING


def read_time(
    question: Sequence[Sentence],
    as_of: date,
    catalog: Catalog | None = None,
    *,
    kind: TimeQuestion | None = None,
) -> TimeReading | None:
    """What `question` (its sentences) asks about time, or None when it names no time and asks
    about no change. Never reads the clock: windows are counted from `as_of`. `kind`: what the
    question asks when it has no word of change of its own (a follow-up in a thread about
    changes)."""
    tokens = [token for sentence in question if not _thanks(sentence) for token in sentence.tokens]
    vocabulary = time_vocabulary(catalog) if catalog is not None else None
    if not _CUE_WORDS.isdisjoint([token.key for token in tokens]):  # else `_cue` finds none
        kind = (
            _cue(tokens, vocabulary.name_positions(tokens) if vocabulary else frozenset()) or kind
        )
    ends = split_ranges(tokens)
    starts = window_starts(ends)
    found: DateWindow | None = None
    if may_hold_a_window(ends, starts):  # else `_first_window` finds none
        dated = vocabulary is not None and vocabulary.about_a_date(tokens)
        found = _first_window(ends, starts, Reading(as_of, kind is _UPCOMING, dated))
    if kind is _CHANGES and found is not None and found.start > as_of:
        kind = _UPCOMING
    if kind is _CHANGES:
        window = DateWindow(found.start, min(found.end, as_of)) if found else last_days(as_of)
        return TimeReading(kind, window, found is not None, as_of)
    if kind is _UPCOMING:
        return TimeReading(kind, _ahead(found, as_of), found is not None, as_of)
    if found is None:
        return None
    return TimeReading(_AS_OF, found, True, judgement_date(found, as_of))


def names_a_date(question: Sequence[Sentence]) -> bool:
    """Whether `question` names a date or a period and asks about no change ("and in March
    2025?"): a claim in it is judged as of then. Neither depends on the day that windows are
    counted from, so any day will do."""
    reading = read_time(question, _ANY_DAY)
    return reading is not None and reading.kind is _AS_OF


def _thanks(sentence: Sentence) -> bool:
    """A sentence that opens with thanks and asks nothing ("thanks, that helped yesterday!")
    says nothing about the time asked about."""
    return not sentence.asks and any(t.text in _THANKS for t in sentence.tokens[:_THANKS_AT])


def _cue(tokens: list[Token], names: frozenset[int]) -> TimeQuestion | None:
    changed = False
    for index, token in enumerate(tokens):
        if index in names:
            continue
        if token.key in COMING_WORDS:
            return _UPCOMING
        if _asks_about_change(tokens, index):
            before = {t.key for t in tokens[max(0, index - 3) : index]}
            if before & _FUTURE_AUXILIARIES:
                return _UPCOMING
            changed = True
        elif token.key == "new" and index and tokens[index - 1].key in _NEW:
            changed = True
    return _CHANGES if changed else None


def _asks_about_change(tokens: list[Token], index: int) -> bool:
    word = tokens[index].key
    if word in CHANGED_WORDS:
        return True
    if word not in CHANGE_WORDS:
        return False
    before = tokens[index - 1].key if index else ""
    after = tokens[index + 1].key if index + 1 < len(tokens) else ""
    return before in _ASKS_BEFORE or not after or after in _PLACES_AFTER


def _first_window(tokens: list[Token], starts: list[int], reading: Reading) -> DateWindow | None:
    """The first window that starts at one of `starts`, the positions that may start one (a
    date starts at one of them too: no other token is stepped over)."""
    after = 0
    for index in starts:
        if index < after:
            continue  # inside a date stepped over
        try:
            found = window_at(tokens, index, reading)
        except (ValueError, OverflowError):  # a window past the calendar's last year is none
            found = None
        if found is not None:
            return found[0]
        # A date on its own ("is the deadline 31 March 2026?") is a value: step over it whole,
        # so that its month and year are not read as a month ("March 2026").
        after = (may_start_a_value(tokens[index]) and date_end(tokens, index)) or index + 1
    return None


def _ahead(found: DateWindow | None, as_of: date) -> DateWindow:
    """The part of the window after `as_of`: nothing before it is still to come."""
    if found is None:
        return still_to_come(as_of)
    if found.end <= as_of:
        return found  # a window that has passed: nothing in it is still to come
    return DateWindow(max(found.start, as_of + timedelta(days=1)), found.end)
