"""Ranges of days of the week said where a scope value stands: "mon-fri", "Monday to Friday",
"sat-sun". Records that scope opening hours by day type call Monday to Friday `weekday` and
Saturday and Sunday `weekend`; a range of exactly those days is that scope value, when the
catalog has it. Any other range ("mon-wed") names no scope value: it is read as nothing rather
than as the nearest one.
"""

from __future__ import annotations

from truthexpiry.text.tokens import Kind, Token

_DAYS = (
    ("monday", "mon"),
    ("tuesday", "tue", "tues"),
    ("wednesday", "wed"),
    ("thursday", "thu", "thur", "thurs"),
    ("friday", "fri"),
    ("saturday", "sat"),
    ("sunday", "sun"),
)
DAY_NUMBERS = {name: number for number, names in enumerate(_DAYS) for name in names}
_DAY_NAMES = frozenset(DAY_NUMBERS)
_BETWEEN = frozenset({"to", "-", "\u2013", "through", "thru", "till", "until"})
# The scope value a range of days is, by the days it covers.
_NAMED_RANGES = {(0, 4): "weekday", (5, 6): "weekend"}
_WORD = Kind.WORD  # read through its class, a lookup each time


def day_ranges(tokens: list[Token]) -> list[tuple[int, int, str]]:
    """(start, end, phrase) for each range of days that is a day type: "weekday", "weekend"."""
    keys = [token.key for token in tokens]
    if _DAY_NAMES.isdisjoint(keys) and " " not in "".join(keys):
        return []  # no day's name and no key of two words ("mon fri"): most sentences
    found = []
    for i, token in enumerate(tokens):
        key = token.key
        if key in DAY_NUMBERS:  # a range starts at a day's name, or at a token of two days
            if i + 1 < len(tokens) and (named := _named(key, tokens[i + 1].key)):
                found.append((i, i + 2, named))  # "Mon - Fri", its dash dropped
            elif i + 2 < len(tokens) and tokens[i + 1].key in _BETWEEN:
                named = _named(key, tokens[i + 2].key)
                if named:
                    found.append((i, i + 3, named))
        elif " " in key and token.kind is _WORD:
            joined = key.split()
            if len(joined) == 2 and (named := _named(joined[0], joined[1])):
                found.append((i, i + 1, named))  # "mon-fri" is one token
    return found


def _named(first: str, last: str) -> str | None:
    start, end = DAY_NUMBERS.get(first), DAY_NUMBERS.get(last)
    if start is None or end is None:
        return None
    return _NAMED_RANGES.get((start, end))
