"""Times of day said in words: `9 in the evening`, `ten at night`, `10 in the morning`, `half past
six`, `half six` (British), `quarter past eleven at night`, `quarter to seven`, `ten past six`,
`seven thirty pm`, `9.30pm`, `12 noon`, `6 o'clock`.

An hour said without am, pm or a part of the day ("half past six", "at seven thirty") is either
half of the day: it is read as `06:30 or 18:30`, which matches a record at either time and
differs from any other. People say "closes at half past six" of 18:30 and "opens at half past
six" of 06:30; guessing one half would give a wrong verdict for the other.
"""

from __future__ import annotations

from truthexpiry.models.records.values import TypedValue
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import (
    CLOCK_FRACTIONS,
    DAY_PARTS,
    MERIDIEM,
    NUMBER_WORDS,
    TIME_PREPOSITIONS,
    TIME_WORDS,
)
from truthexpiry.values.forms import clock, clock_either_half
from truthexpiry.values.numbers_in_text import ValueSpan, number_at

_HALF_DAY = 720
# The words that may follow the first number of a time said in words.
AFTER_A_NUMBER = frozenset("past after to minute minutes min mins o".split()).union(
    NUMBER_WORDS, MERIDIEM, TIME_WORDS, (part[0] for part in DAY_PARTS)
)


def spoken_time_at(tokens: list[Token], i: int) -> ValueSpan | None:
    """A time of day said in words, or an hour followed by the part of the day it is in."""
    word, following = tokens[i].text, _text(tokens, i + 1)
    if word == "a" and following != "quarter":
        return None
    if word not in CLOCK_FRACTIONS and word != "a" and following not in AFTER_A_NUMBER:
        return None  # most numbers are no time: one set lookup decides
    return _past_or_to(tokens, i) or _hour_and_minutes(tokens, i)


def _past_or_to(tokens: list[Token], i: int) -> ValueSpan | None:
    """`half past six`, `(a) quarter past/to seven`, `ten past six`, `20 minutes to 8`, and the
    British `half six` (half past six)."""
    start = i
    if _text(tokens, i) == "a" and _text(tokens, i + 1) == "quarter":
        i += 1
    word = _text(tokens, i)
    if word in CLOCK_FRACTIONS:
        minutes, at = CLOCK_FRACTIONS[word], i + 1
    else:
        found = number_at(tokens, i)
        if found is None or not 1 <= found[0] <= 30 or found[0] != int(found[0]):
            return None
        minutes, at = int(found[0]), found[1]
        if _text(tokens, at) in ("minute", "minutes", "min", "mins"):
            at += 1
        elif _text(tokens, at) == "to":
            return None  # "5 to 7" is more often a range than 6:55
    direction = _text(tokens, at)
    if direction in ("past", "after"):
        at += 1
    elif direction == "to" and (word == "quarter" or at > i + 1):
        minutes, at = -minutes, at + 1
    elif not (word == "half" and start == i and _british_half(tokens, at)):
        return None
    hour = _hour_at(tokens, at)
    if hour is None:
        return None
    return _with_day_part(tokens, start, at + 1, (hour * 60 + minutes) % (2 * _HALF_DAY))


def _british_half(tokens: list[Token], at: int) -> bool:
    """`half six` is half past six, but only where nothing the number could count follows:
    not `half 6 hours`, `half two ways`."""
    if _hour_at(tokens, at) is None:
        return False
    if at + 1 >= len(tokens):
        return True
    token = tokens[at + 1]
    return token.kind is Kind.PUNCT or token.text in STOPWORDS or token.text in MERIDIEM


def _hour_and_minutes(tokens: list[Token], i: int) -> ValueSpan | None:
    """`9 in the evening`, `9.30pm`, `9.30 at night`, `seven thirty pm`, `12 noon`, `6 o'clock`;
    `seven thirty` alone only after a word that gives a time ("at seven thirty")."""
    token = tokens[i]
    hour = _hour_at(tokens, i)
    if hour is not None:
        minutes, at = _minutes_after(tokens, i + 1)
    else:
        dotted = dotted_time(token)
        if dotted is None:
            return None
        (hour, minutes), at = dotted, i + 1
    following = _text(tokens, at)
    if following in TIME_WORDS and hour == 12 and minutes == 0:
        return ValueSpan(i, at + 1, clock(TIME_WORDS[following]))  # "12 noon"
    if following == "o" and _text(tokens, at + 1) == "clock" and minutes == 0:
        at += 2
    elif following not in MERIDIEM and not _day_part(tokens, at):
        spoken = at > i + 1 and tokens[i].kind is Kind.WORD
        if not (spoken and i > 0 and tokens[i - 1].text in TIME_PREPOSITIONS):
            return None
    return _with_day_part(tokens, i, at, hour * 60 + minutes)


def bare_time(token: Token) -> TypedValue | None:
    """The time of day a bare number may be (`8`, `17`, `9.30`, `17.30`): the reader asks only
    after a word that gives a time ("opens at 8"), and only for a time-of-day attribute. An hour
    1 to 12 is either half of the day."""
    if token.kind is not Kind.NUMBER:
        return None
    hours, _, minutes = token.key.partition(".")
    if not hours.isdigit() or len(hours) > 2 or not (minutes.isdigit() or not minutes):
        return None
    if len(minutes) not in (0, 2) or int(minutes or 0) >= 60 or int(hours) > 23:
        return None
    said = int(hours) * 60 + int(minutes or 0)
    return clock_either_half(said) if 1 <= int(hours) <= 12 else clock(said)


def dotted_time(token: Token) -> tuple[int, int] | None:
    """`9.30` as 9 hours and 30 minutes of a twelve-hour clock, if it can be one."""
    if token.kind is not Kind.NUMBER or "." not in token.key:
        return None
    hours, _, minutes = token.key.partition(".")
    if not (hours.isdigit() and minutes.isdigit() and len(minutes) == 2 and minutes < "60"):
        return None
    return (int(hours), int(minutes)) if 1 <= int(hours) <= 12 else None


def _minutes_after(tokens: list[Token], at: int) -> tuple[int, int]:
    """`thirty`, `forty five`, `fifteen` after an hour said in words: minutes 10 to 59."""
    if (
        at >= len(tokens)
        or Kind.WORD is not tokens[at].kind
        or Kind.WORD is not tokens[at - 1].kind
    ):
        return 0, at
    found = number_at(tokens, at)
    if found is None or not 10 <= found[0] <= 59:
        return 0, at
    return int(found[0]), found[1]


def _with_day_part(tokens: list[Token], start: int, at: int, minutes: int) -> ValueSpan | None:
    """The time with its am, pm or part of the day if one follows, else either half of it."""
    hour = minutes // 60 % 12 or 12
    following = _text(tokens, at)
    if following in MERIDIEM:
        return ValueSpan(start, at + 1, clock(minutes % _HALF_DAY + MERIDIEM[following] * 60))
    part = _day_part(tokens, at)
    if part is None:
        return ValueSpan(start, at, clock_either_half(minutes))
    words, (hours, after_noon) = part
    if hour not in hours:
        return None
    said = hour * 60 + minutes % 60 + (_HALF_DAY if after_noon else 0)  # 12 at night: 24:00
    return ValueSpan(start, at + words, clock(said % (2 * _HALF_DAY)))


def _day_part(tokens: list[Token], at: int) -> tuple[int, tuple[range, bool]] | None:
    if _text(tokens, at) not in _DAY_PART_STARTS:
        return None
    for words, part in DAY_PARTS.items():
        if tuple(_text(tokens, at + n) for n in range(len(words))) == words:
            return len(words), part
    return None


_DAY_PART_STARTS = frozenset(words[0] for words in DAY_PARTS)


def _hour_at(tokens: list[Token], at: int) -> int | None:
    """An hour of a twelve-hour clock, in words (`six`) or figures (`6`)."""
    if at >= len(tokens):
        return None
    token = tokens[at]
    if token.kind is Kind.WORD and token.text in NUMBER_WORDS:
        hour = NUMBER_WORDS[token.text]
    elif token.kind is Kind.NUMBER and token.key.isdigit() and len(token.key) <= 2:
        hour = int(token.key)
    else:
        return None
    return hour if 1 <= hour <= 12 else None


def _text(tokens: list[Token], at: int) -> str:
    return tokens[at].text if at < len(tokens) else ""
