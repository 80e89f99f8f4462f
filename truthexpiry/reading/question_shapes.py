"""What kind of value a question asks for, from its shape rather than from an attribute's name.

People ask for a value in everyday words: "How many books can I take out?" asks for a count of
books, "how many kg can I check?" for a weight in kilograms, "how long can I keep it?" for a
duration, "how much is it?" for an amount of money, "what time does it open?" for a time of day.
The shape says which kind of value is wanted, and for "how many X" / "how much X" which unit or
counted noun: the reader then picks, among the attributes a sentence may be about, the one whose
values are of that kind (`names.py`). A shape never names an attribute on its own when two
attributes fit it equally; then nothing is picked.
"""

from __future__ import annotations

from dataclasses import dataclass

from truthexpiry.models.records.values import ValueType
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.values.infer import canonical_unit

_COUNTS = frozenset({ValueType.QUANTITY})
_DURATIONS = frozenset({ValueType.DURATION})
_AMOUNTS = frozenset({ValueType.MONEY, ValueType.PERCENTAGE})
_TIMES = frozenset({ValueType.TIME_OF_DAY})
_DATES = frozenset({ValueType.DATE})
# "how <word>": the kind of value each such question asks for.
_HOW = {
    "many": _COUNTS,
    "long": _DURATIONS,
    "soon": _DURATIONS,
    "early": _DURATIONS,
    "far": _DURATIONS,  # "how far ahead can I book?"
    "much": _AMOUNTS,
    "late": _TIMES,
}
_WHAT = {"time": _TIMES, "date": _DATES, "day": _DATES}
_ASKING = frozenset({"how", "what", "which"})  # the words a shape begins with
# Words after "how many"/"how much" that are not what is counted.
_NOT_COUNTED = frozenset("of the a an can do does is are will would should i we you".split())


@dataclass(frozen=True, slots=True)
class AskedKind:
    """The kinds of value a question asks for, and the unit it counts in, if it says."""

    types: frozenset[ValueType]
    unit: str | None = None
    at: int = 0  # where the unit is said


def asked_kind(tokens: list[Token], keys: list[str] | None = None) -> AskedKind | None:
    """The kind of value the sentence asks for, when its shape says; else None. `keys`, when
    given, are the tokens' keys, already read."""
    if _ASKING.isdisjoint(keys if keys is not None else [t.key for t in tokens]):
        return None  # most sentences: no shape to read
    words = [t.key if t.kind is Kind.WORD else "" for t in tokens]
    for i, word in enumerate(words[:-1]):
        following = words[i + 1]
        if word == "how" and following in _HOW:
            return AskedKind(_HOW[following], _counted(words, i + 2, following), i + 2)
        if word in ("what", "which") and following in _WHAT:
            return AskedKind(_WHAT[following])
    return None


def _counted(words: list[str], at: int, how: str) -> str | None:
    """The unit or counted noun after "how many" / "how much": "kg", "book"."""
    if how not in ("many", "much") or at >= len(words):
        return None
    word = words[at]
    if not word or not word.isalpha() or word in _NOT_COUNTED:
        return None
    return canonical_unit(word)
