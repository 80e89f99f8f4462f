"""Every value a sentence states: typed values (numbers, money, times, dates), availability words
with their negation, and the catalog's enumerated words.

Each found value says where it stands, its tense ("was 30, now 45"), and, for an enumerated
word, which attributes it belongs to. Which attribute a value binds to is the reader's choice.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.text.tokens import Kind, PhraseMatch, Token, find_phrases
from truthexpiry.text.words import (
    CLAUSE_BREAKS,
    DISABLED,
    ENABLED,
    MODALS,
    MONTHS,
    NEGATORS,
    POLARITY_PHRASES,
    POLARITY_WORDS,
    TIME_PREPOSITIONS,
    VALUE_ONLY_POLARITY_WORDS,
)
from truthexpiry.values.forms import words as word_value
from truthexpiry.values.polarity import flip, is_negated
from truthexpiry.values.spans import VALUE_WORD_STARTS, may_start_a_value, value_at
from truthexpiry.values.spoken_times import bare_time

_YEAR = re.compile(r"^(19|20)\d\d$")
_DATE_PREPOSITIONS = frozenset("since in until by before after from of during".split())
_ON_AS_STATE_AFTER = frozenset("back turned switched toggled flipped".split())
_OFF_AS_STATE_AFTER = _ON_AS_STATE_AFTER | frozenset("is are was were be been now still".split())
# Verbs that make "on"/"off" part of another phrase: "sign off", "log on", "take off".
_PHRASAL = frozenset("sign log take kick call drop pay put set show write cut hold go".split())
_ON_AS_STATE_BEFORE = frozenset("for in since now again today by across everywhere".split())
_PAST = frozenset(
    "was were used previously formerly originally until before had from old former prior".split()
)
_PRESENT = frozenset("is are now currently still today has have to".split())
Pair = tuple[str, str]
# Every word `_polarity` or `_modal` reads a value from.
_STATE_STARTS = frozenset(
    (*POLARITY_WORDS, *(first for first, _ in POLARITY_PHRASES), *MODALS, "cannot")
)
_STARTS = _STATE_STARTS | VALUE_WORD_STARTS
_PHRASE_STARTS = frozenset(first for first, _ in POLARITY_PHRASES)
_MODAL_STARTS = MODALS | {"cannot"}
_ON_OFF = frozenset({"on", "off"})
# The words of `_STATE_STARTS` that start no typed value (`may_start_a_value` says no to each).
_STATES_ONLY = frozenset(w for w in _STATE_STARTS if not may_start_a_value(Token(w, w, Kind.WORD)))
# The two availability values (every polarity word means one of them), made once: values are
# immutable, and these are stated in most sentences.
_BOOLEANS = {meaning: word_value(meaning, ValueType.BOOLEAN) for meaning in (ENABLED, DISABLED)}
# The kinds and types the readers compare with at every start: an enum's member read through its
# class is a lookup each time.
_WORD, _PUNCT = Kind.WORD, Kind.PUNCT
_BOOLEAN, _DATE, _QUANTITY = ValueType.BOOLEAN, ValueType.DATE, ValueType.QUANTITY
_TIME_OF_DAY = ValueType.TIME_OF_DAY


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
class FoundValue:
    start: int
    end: int
    value: TypedValue | None  # None for an enumerated word: see `owners`
    tense: str  # "past", "present" or "unknown"
    # An enumerated word: its value for each attribute it belongs to; None where negated
    # ("not paper" states no value).
    owners: dict[Pair, TypedValue | None] | None = None
    weak: bool = False  # a modal ("can"), which yields to any other value for the attribute
    # A bare number after a word that gives a time ("opens at 8", "at 9.30"): the time of day
    # it is for an attribute that holds one; for any other attribute it stays a number.
    as_time: TypedValue | None = None

    def for_attribute(self, pair: Pair, kind: ValueType | None = None) -> TypedValue | None:
        if self.as_time is not None and kind is _TIME_OF_DAY:
            return self.as_time
        return self.owners.get(pair) if self.owners is not None else self.value


def find_values(
    tokens: list[Token],
    index: VocabularyIndex,
    taken: set[int],
    named: Collection[str] = (),
) -> list[FoundValue]:
    """The values in a sentence, left to right, outside the `taken` tokens (names). When the
    sentence names entities (`named`), a catalog word for a value of none of theirs is an
    ordinary word: "opens" beside the pool is not the flume's status `op`."""
    found: list[FoundValue] = []
    enumerated = {
        m.start: m
        for m in find_phrases(tokens, index.value_table, taken)
        if not named or any(entity in named for entity, _ in index.values[m.phrase])
    }
    starts = _starts(tokens, enumerated)
    if not starts:
        return found
    words = [t.key if t.kind is not _WORD else t.text for t in tokens]
    end = 0  # the last value found ends here: no other starts inside it
    for i in starts:
        if i < end or i in taken:
            continue
        item = _value_at(tokens, words, i, index, enumerated)
        if item is not None:
            found.append(item)
            end = item.end
    return found


def _starts(tokens: list[Token], enumerated: dict[int, PhraseMatch]) -> list[int]:
    """The positions a value may start at, in one pass: most words start none, and are never
    visited. A word of letters alone starts one only if it is one of `_STARTS` (the words
    `may_start_a_value` knows, and those `_polarity` and `_modal` read), so the full test is
    made only for the others."""
    word = _WORD
    starts = [
        i
        for i, token in enumerate(tokens)
        if token.text in _STARTS
        or token.kind is not word
        or (not token.text.isalpha() and may_start_a_value(token))
    ]
    return sorted({*starts, *enumerated}) if enumerated else starts


def _value_at(
    tokens: list[Token],
    words: list[str],
    i: int,
    index: VocabularyIndex,
    enumerated: dict[int, PhraseMatch],
) -> FoundValue | None:
    match = enumerated.get(i)
    if match is not None:
        negated = is_negated(words, i)
        owners = {
            pair: _negated(value) if negated else value
            for pair, value in index.values[match.phrase].items()
        }
        return FoundValue(i, match.end, None, _tense(words, i), owners)
    token = tokens[i]
    if token.text in _STATES_ONLY and token.kind is _WORD:  # "on", "available": no number
        if token.text in _ON_OFF and not _on_is_a_state(tokens, i):
            return None  # "on Pro" (most "on"s): what `_polarity` would say, without the calls
        return _state(tokens, words, i)
    span = value_at(tokens, i, index.known_words)  # which asks `may_start_a_value` itself
    if span is not None and not _is_date_part(tokens, span.start, span.value):
        as_time = _bare_time(tokens, span.start, span.end, span.value)
        return FoundValue(span.start, span.end, span.value, _tense(words, i), as_time=as_time)
    if token.text not in _STATE_STARTS:  # most words state nothing: no call for them
        return None
    return _state(tokens, words, i)


def _state(tokens: list[Token], words: list[str], i: int) -> FoundValue | None:
    """An availability word, else a modal."""
    found = _polarity(tokens, words, i)
    if found is None and tokens[i].text in _MODAL_STARTS:  # `_modal` reads no other word
        return _modal(tokens, words, i)
    return found


def _modal(tokens: list[Token], words: list[str], i: int) -> FoundValue | None:
    """`can` is a weak "enabled"; `cannot`, `can not`, `can no longer`, `can never` a weak
    "disabled"."""
    word = tokens[i].text
    if word == "cannot":
        return FoundValue(i, i + 1, _BOOLEANS[DISABLED], _tense(words, i), weak=True)
    if word not in MODALS:
        return None
    following = words[i + 1 : i + 3]
    negated = bool(following) and (following[0] in NEGATORS | {"no"})
    meaning = DISABLED if negated or is_negated(words, i) else ENABLED
    return FoundValue(i, i + 1, _BOOLEANS[meaning], _tense(words, i), weak=True)


def _negated(value: TypedValue) -> TypedValue | None:
    if value.type is _BOOLEAN:
        return _BOOLEANS[flip(value.text)]
    return None


def _polarity(tokens: list[Token], words: list[str], i: int) -> FoundValue | None:
    token = tokens[i]
    meaning = None
    if token.text in _PHRASE_STARTS and i + 1 < len(tokens):
        meaning = POLARITY_PHRASES.get((token.text, tokens[i + 1].text))
    end = i + 2
    if meaning is None:
        meaning = POLARITY_WORDS.get(token.text)
        end = i + 1
        if meaning is None or token.text in VALUE_ONLY_POLARITY_WORDS:
            return None
        if token.text in _ON_OFF and not _on_is_a_state(tokens, i):
            return None
    if is_negated(words, i):
        meaning = flip(meaning)
    return FoundValue(i, end, _BOOLEANS[meaning], _tense(words, i))


def _on_is_a_state(tokens: list[Token], i: int) -> bool:
    """True for "turned on for Starter", "Is dark mode on for Pro?" and "is off"; false for
    "available on Starter" and "signs off on", where the word is part of something else."""
    before = tokens[i - 1].key if i > 0 else ""
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    ends = after is None or after.kind is _PUNCT or after.key in _ON_AS_STATE_BEFORE
    verbs = _ON_AS_STATE_AFTER if tokens[i].text == "on" else _OFF_AS_STATE_AFTER
    return before in verbs or (ends and i > 0 and before not in _PHRASAL)


def _bare_time(tokens: list[Token], start: int, end: int, value: TypedValue) -> TypedValue | None:
    """`at 8`, `until 9.30`: the time a bare number after a time preposition may be."""
    if end != start + 1 or value.unit is not None or value.type is not _QUANTITY:
        return None
    if start == 0 or tokens[start - 1].text not in TIME_PREPOSITIONS:
        return None
    return bare_time(tokens[start])


def _is_date_part(tokens: list[Token], i: int, value: TypedValue) -> bool:
    """`in 2024`, `July 2025`, `Q3 2026`: a year, not a quantity. `as of 2025-06-01`: the
    date a claim is judged on (`time_phrases.py`), not a value it states."""
    if value.type is _DATE:
        return i >= 2 and [t.key for t in tokens[i - 2 : i]] == ["as", "of"]
    if value.type is not _QUANTITY or value.unit is not None:
        return False
    before = tokens[i - 1].key if i > 0 else ""
    if not _YEAR.match(tokens[i].text):
        return False
    return before in _DATE_PREPOSITIONS or before in MONTHS or before.startswith("q")


def _tense(words: list[str], i: int) -> str:
    for back in range(i - 1, max(i - 5, -1), -1):
        if words[back] in CLAUSE_BREAKS:
            break
        if words[back] in _PAST:
            return "past"
        if words[back] in _PRESENT:
            return "present"
    return "unknown"
