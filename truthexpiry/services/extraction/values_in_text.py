"""Finding a stated value in a clause: an enumerated token, a quantity, or a polarity.

Which kinds to look for comes from the attribute's catalog entry, so "50" is read as a value only
for attributes that take numbers, and "available" only for attributes that are switched on/off.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from truthexpiry.models.catalog import AttributeInfo, ValueKind
from truthexpiry.services.extraction.text import Kind, Token, find_phrases
from truthexpiry.services.extraction.vocabulary import AttributeVocabulary
from truthexpiry.services.value_words import (
    CLAUSE_BREAKS,
    DISABLED,
    ENABLED,
    NUMBER_WORDS,
    POLARITY_WORDS,
    UNIT_ALIASES,
    VALUE_ONLY_POLARITY_WORDS,
)
from truthexpiry.services.values import canonical_unit, is_negated, parse_number, quantity

_MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
_DATE_PREPOSITIONS = frozenset("since in until by before after from of".split())
_ON_AS_STATE_AFTER = frozenset(
    "turned switched toggled flipped is are was were be been now still back".split()
)
_ON_AS_STATE_BEFORE = frozenset("for in since now again today by across".split())
_PAST = frozenset("was were used previously formerly originally until before had".split())
_PRESENT = frozenset("is are now currently still today has have".split())


@dataclass(frozen=True, slots=True)
class FoundValue:
    text: str  # canonical value, or "" when the clause negates a non-polar value
    start: int
    end: int


def find_value(
    vocabulary: AttributeVocabulary, tokens: list[Token], taken: set[int]
) -> FoundValue | None:
    info = vocabulary.info
    words = [t.key if t.kind is not Kind.WORD else t.text for t in tokens]
    matches = find_phrases(tokens, vocabulary.value_table, taken)
    if matches:
        match = matches[0]
        negated = is_negated(words, match.start)
        spelling = vocabulary.values[match.phrase]
        return FoundValue("" if negated else spelling, match.start, match.end)
    if ValueKind.QUANTITY in info.value_kinds:
        found = _quantity(info, tokens, taken)
        if found:
            return found
    if ValueKind.POLARITY in info.value_kinds:
        return _polarity(tokens, words, taken)
    return None


def _quantity(info: AttributeInfo, tokens: list[Token], taken: set[int]) -> FoundValue | None:
    best: tuple[int, int, FoundValue] | None = None
    for i, token in enumerate(tokens):
        if i in taken:
            continue
        unit_token = tokens[i + 1] if i + 1 < len(tokens) else None
        unit = _unit(info, unit_token)
        number = _number(token, unit is not None)
        if number is None or _is_date_part(tokens, i, unit):
            continue
        if unit and info.units and canonical_unit(unit)[0] not in info.units:
            continue  # "in 2 hours" is not a number of requests
        after_to = int(i > 0 and tokens[i - 1].key == "to")
        rank = (2 if unit else 1, after_to)
        found = FoundValue(quantity(number, unit).text, i, i + (2 if unit else 1))
        if best is None or rank > best[:2]:
            best = (*rank, found)
    return best[2] if best else None


def _unit(info: AttributeInfo, token: Token | None) -> str | None:
    if token is None or token.kind is not Kind.WORD:
        return None
    if token.text in UNIT_ALIASES or token.key in info.units:
        return token.text
    return None


def _number(token: Token, has_unit: bool) -> Decimal | None:
    if token.kind is Kind.NUMBER:
        text = token.key
        multiplier = 1000 if text.endswith("k") else 1
        number = parse_number(text.rstrip("k"))
        return None if number is None else number * multiplier
    if has_unit and token.kind is Kind.WORD and token.text in NUMBER_WORDS:
        return parse_number(token.text)
    return None


def _is_date_part(tokens: list[Token], i: int, unit: str | None) -> bool:
    before = tokens[i - 1].key if i > 0 else ""
    after = tokens[i + 1].key if i + 1 < len(tokens) else ""
    if before in _MONTHS or after in _MONTHS:
        return True
    text = tokens[i].key
    is_year = len(text) == 4 and text.isdigit() and 1900 <= int(text) <= 2099
    return is_year and unit is None and before in _DATE_PREPOSITIONS


def _polarity(tokens: list[Token], words: list[str], taken: set[int]) -> FoundValue | None:
    hits: list[tuple[str, str, int]] = []
    for i, token in enumerate(tokens):
        meaning = POLARITY_WORDS.get(token.text)
        if i in taken or meaning is None or token.text in VALUE_ONLY_POLARITY_WORDS:
            continue
        if token.text == "on" and not _on_is_a_state(tokens, i):
            continue
        if is_negated(words, i):
            meaning = DISABLED if meaning == ENABLED else ENABLED
        hits.append((meaning, _tense(words, i), i))
    for pool in (hits, [h for h in hits if h[1] == "present"], [h for h in hits if h[1] != "past"]):
        if len({meaning for meaning, _, _ in pool}) == 1:
            meaning, _, i = pool[0]
            return FoundValue(meaning, i, i + 1)
    return None


def _on_is_a_state(tokens: list[Token], i: int) -> bool:
    """True for "turned on for Starter"; false for "available on Starter" (a preposition)."""
    before = tokens[i - 1].key if i > 0 else ""
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    return before in _ON_AS_STATE_AFTER and (
        after is None or after.kind is Kind.PUNCT or after.key in _ON_AS_STATE_BEFORE
    )


def _tense(words: list[str], i: int) -> str:
    for back in range(i - 1, max(i - 5, -1), -1):
        if words[back] in CLAUSE_BREAKS:
            break
        if words[back] in _PAST:
            return "past"
        if words[back] in _PRESENT:
            return "present"
    return "unknown"
