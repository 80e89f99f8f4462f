"""A name no record has, said where a scope value stands in a question about changes: "what
changed for Westfield?", "at the Harbour line", "for Northgate branch".

Such a question is about that scope value, so it must not be answered with every other
scope's changes: its subject keeps the name as a scope value, which selects no record, and the
answer says that no record has it. A name is a run of capitalised words that no vocabulary
knows (not a name of the catalog, a scope value, a month or a weekday), right after `for`,
`at`, `in` or `on` (and an optional `the`). After `for`, where a question names whom it asks
about, lower-case words count too ("any changes for students since 2025?"), unless a word
could start a date, a window or a value, or is a common word ("for everything"): what a
question asks about and no vocabulary knows is better named than answered with everything.

The scope key the name belongs to is read where the question says it ("the Westfield site");
else it is the one key of the subject whose records also have a `global` value (records written
per place or segment and once for all of them), or the subject's only key; else it is left
unnamed (""): no record has the name under any key, whichever it would be.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from truthexpiry.models.errors import InvalidClaimKeyError
from truthexpiry.models.records.claim_key import normalise_scope_value
from truthexpiry.reading.day_ranges import DAY_NUMBERS
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.reading.scopes import unknown_word
from truthexpiry.reading.time.phrases import CHANGE_CUES
from truthexpiry.reading.time.windows import may_start_a_window
from truthexpiry.rules.scope import GLOBAL
from truthexpiry.text.tokens import Token
from truthexpiry.values.spans import may_start_a_value

UNNAMED_KEY = ""  # the name's scope key is not known: no record has it under any key
_BEFORE = frozenset("for at in on".split())
_DAYS = frozenset((*DAY_NUMBERS, "weekday", "weekend"))
_MOST_WORDS = 3
_LOWER_CASE_AFTER = "for"
# Words after "for" that ask about no one in particular.
_EVERY_WORD = frozenset("everything anything something nothing people everybody good".split())


def unknown_scope_value(
    tokens: list[Token],
    index: VocabularyIndex,
    taken: Collection[int],
    keys: Mapping[str, Collection[str]],
) -> tuple[str, str] | None:
    """The (key, value) of the first name no record has, said where a scope value stands;
    `taken`: positions already read as names or scope values; `keys`: the subject's scope keys,
    each with the values records have."""
    for i, token in enumerate(tokens):
        if token.key not in _BEFORE:
            continue
        start = i + 2 if i + 1 < len(tokens) and tokens[i + 1].key == "the" else i + 1
        end = start
        # A run is all capitalised ("the Harbour line") or, after "for", all lower case.
        lower = token.key == _LOWER_CASE_AFTER and start < len(tokens) and not tokens[start].capital
        while end < len(tokens) and end - start < _MOST_WORDS and end not in taken:
            if not _unknown_name(tokens[end], index, lower):
                break
            end += 1
        if end > start:
            value = _value(tokens[start:end])
            if value is not None:
                kind = tokens[end].key if end < len(tokens) else ""
                return _key(kind, keys), value
    return None


def _unknown_name(token: Token, index: VocabularyIndex, lower: bool) -> bool:
    return (
        (_plain_word(token) if lower else token.capital)
        and unknown_word(token, index)
        and token.key not in _DAYS
    )


def _plain_word(token: Token) -> bool:
    """A lower-case word that may name whom a question asks about: none that could start a
    date, a window or a value, ask about changes, or mean no one in particular."""
    return not (
        token.key in _EVERY_WORD
        or token.key in CHANGE_CUES
        or may_start_a_window(token)
        or may_start_a_value(token)
    )


def _value(run: list[Token]) -> str | None:
    try:
        return normalise_scope_value("_".join(token.text for token in run))
    except InvalidClaimKeyError:
        return None


def _key(kind: str, keys: Mapping[str, Collection[str]]) -> str:
    if kind in keys:
        return kind
    with_global = [key for key, values in keys.items() if GLOBAL in values]
    if len(with_global) == 1:
        return with_global[0]
    return next(iter(keys)) if len(keys) == 1 else UNNAMED_KEY
