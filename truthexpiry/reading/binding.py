"""Names in a sentence, and which name each stated value binds to.

A value binds to the attribute whose type accepts it (a kg figure to a weight, not to a
percentage; a time of day only to a time), preferring a name in its own clause, then an
attribute the clause or the sentence names, then a fuller name. A tie between two attributes
leaves the value unbound for the rules; `every` keeps the tied bindings for grounding.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from truthexpiry.models.records.catalog import AttributeInfo
from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.reading.names import Anchor, Names
from truthexpiry.reading.values_in_text import FoundValue
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import (
    CENT,
    CENT_CURRENCIES,
    END_NAME_WORDS,
    MERIDIEM,
    POLARITY_WORDS,
    RANGE_END_WORDS,
    UNITS,
)
from truthexpiry.values.forms import words as word_value

Pair = tuple[str, str]
_DOTTED = re.compile(r"^\d+(?:\.\d+)+$")
_WORD_TYPES = frozenset({ValueType.ENUMERATION, ValueType.TEXT})
# The value types `accepts` compares with, for every value and attribute: an enum's member read
# through its class is a lookup each time.
_BOOLEAN, _ENUMERATION, _QUANTITY = ValueType.BOOLEAN, ValueType.ENUMERATION, ValueType.QUANTITY
_SELF_TYPED = (ValueType.BOOLEAN, ValueType.TIME_OF_DAY, ValueType.DATE)
_TIME_OF_DAY = ValueType.TIME_OF_DAY


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
class Binding:
    pair: Pair
    found: FoundValue
    value: TypedValue | None
    unique: bool
    anchor: int  # where the name it binds to starts
    fit: int = 3  # how well the value fits the attribute (see `accepts`)
    scope: dict[str, list[str]] = field(default_factory=dict)

    def with_scope(self, scope: dict[str, list[str]]) -> Binding:
        return Binding(self.pair, self.found, self.value, self.unique, self.anchor, self.fit, scope)


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
class _Sentence:
    """What binding needs to know about the sentence."""

    tokens: list[Token]
    names: Names
    index: VocabularyIndex
    clause_of: Callable[[int], int]
    valued: frozenset[int]  # the clauses that state a value


def bind(
    tokens: list[Token],
    names: Names,
    values: list[FoundValue],
    index: VocabularyIndex,
    clause_of: Callable[[int], int],
    *,
    every: bool = False,
) -> list[Binding]:
    sentence: _Sentence | None = None  # made for the first value with candidates to weigh
    bindings: list[Binding] = []
    for found in values:
        candidates: list[tuple[bool, Anchor, Pair, TypedValue | None, int]] = []
        for anchor in names.anchors:
            fitting = _fitting(tokens, anchor, found, index)
            if fitting:
                # An entity that has an attribute the value fits comes first.
                entity_fit = max(fit for _, _, fit in fitting) >= 2
                candidates += [(entity_fit, anchor, *item) for item in fitting]
        if not candidates:
            continue
        if len(candidates) == 1:  # the only candidate is the best, whatever its score
            _, anchor, pair, value, fit = candidates[0]
            bindings.append(Binding(pair, found, value, True, anchor.start, fit))
            continue
        if sentence is None:
            valued = frozenset(clause_of(v.start) for v in values)
            sentence = _Sentence(tokens, names, index, clause_of, valued)
        scored = [
            ((fits, *_score(sentence, anchor, pair, found, fit)), pair, value, anchor.start, fit)
            for fits, anchor, pair, value, fit in candidates
        ]
        best = max(item[0] for item in scored)
        top = {item[1:] for item in scored if item[0] == best}
        unique = len({pair for pair, _, _, _ in top}) == 1
        if unique or every:
            bindings.extend(
                Binding(pair, found, value, unique, at, fit) for pair, value, at, fit in top
            )
    return _drop_idle(bindings, names)


def _fitting(
    tokens: list[Token], anchor: Anchor, found: FoundValue, index: VocabularyIndex
) -> list[tuple[Pair, TypedValue | None, int]]:
    """The attributes of the anchor's entity that the value fits: each with the value as read
    for it, and how well it fits (`accepts`)."""
    fitting = []
    owners, as_time, entity = found.owners, found.as_time, anchor.entity
    for vocabulary in index.attributes.get(entity, ()):
        info = vocabulary.info
        pair = (entity, info.attribute)
        if owners is not None and pair not in owners:
            continue
        # `found.for_attribute(pair, info.value_type)`, read inline: a call per attribute
        value: TypedValue | None
        if as_time is not None and info.value_type is _TIME_OF_DAY:
            value = as_time
        else:
            value = owners[pair] if owners is not None else found.value
        fit = accepts(info, value, found)
        if fit:
            if value is not None and _numbered_words(info):
                value = word_value(tokens[found.start].text)  # "4.10" stays "4.10"
            fitting.append((pair, value, fit))
    return fitting


def _range_end(tokens: list[Token], found: FoundValue) -> bool | None:
    """For a time of day: True after "until"/"to" (an end), False after "from" (a start)."""
    said = found.as_time or found.value
    if said is None or said.type is not _TIME_OF_DAY:
        return None
    before = {t.key for t in tokens[max(found.start - 2, 0) : found.start]}
    if before & RANGE_END_WORDS or _after_a_time_to(tokens, found.start):
        return True
    if "from" in before or _before_a_time(tokens, found.end):
        return False
    return None


def _before_a_time(tokens: list[Token], end: int) -> bool:
    """`7:30 to 19:00`, `9am till 5pm`: the first of two times starts a range."""
    after = tokens[end : end + 2]
    if after and after[0].kind is Kind.CLOCK:
        return True
    return (
        len(after) == 2
        and (after[0].key in RANGE_END_WORDS or after[0].key == "to")
        and after[1].kind in (Kind.CLOCK, Kind.NUMBER)
    )


def _after_a_time_to(tokens: list[Token], start: int) -> bool:
    """`9am to 5pm`, `7:30 to 19:00`, `10:00-14:00`: the second of two times ends a range
    ("moved to 8:15" does not)."""
    if start >= 1 and tokens[start - 1].kind is Kind.CLOCK:
        return True
    if start < 2 or tokens[start - 1].key != "to":
        return False
    previous = tokens[start - 2]
    return previous.kind is Kind.CLOCK or previous.key in MERIDIEM


def _score(
    sentence: _Sentence, anchor: Anchor, pair: Pair, found: FoundValue, fit: int
) -> tuple[object, ...]:
    clause_of = sentence.clause_of
    clause = clause_of(found.start)
    naming = sentence.names.naming.get(pair)
    same_clause = clause_of(anchor.start) == clause
    named_in_clause = naming is not None and any(clause_of(i) == clause for i in naming.positions)
    # Names count in the value's own clause and in clauses that state no value: "snapshot
    # retention 6 weeks" names the snapshot attribute for 6 weeks, not another clause's value.
    fullness = sentence.names.fullness(
        pair,
        sentence.index,
        lambda i: clause_of(i) == clause or clause_of(i) not in sentence.valued,
    )
    ends = _range_end(sentence.tokens, found)
    is_end = bool(sentence.index.attribute_words.get(pair, frozenset()) & END_NAME_WORDS)
    fits_range = ends is None or ends == is_end
    # A clause that names an attribute wholly means it, even in a unit that does not fit it.
    wholly = named_in_clause and fullness[0]
    # An entity named by its own name or alias outranks one that only an attribute's word
    # stands for: "are delay refunds paid out within a day" is about the delay refund, though
    # "within" is a word of the transfer window; "book a lane for an hour" about the lane.
    by_name = not anchor.named
    return (
        fits_range,
        wholly,
        fit >= 2,
        same_clause,
        by_name,
        named_in_clause,
        fit,
        fullness,
        anchor.strength,
    )


def _drop_idle(bindings: list[Binding], names: Names) -> list[Binding]:
    """A one-word part of a name that binds nothing is an ordinary word: drop it as a topic."""
    if len(names.anchors) > 1:
        bound = {b.pair[0] for b in bindings}
        names.anchors[:] = [a for a in names.anchors if a.strength > 0 or a.entity in bound]
    return bindings


def accepts(info: AttributeInfo, value: TypedValue | None, found: FoundValue) -> int:
    """How well a value fits an attribute: 3 its type and unit, 2 a number without a unit or an
    attribute without one, 1 a number in a unit that cannot be reconciled (read, so that the
    claim is UNVERIFIED with the reason rather than ignored), 0 not at all."""
    if found.owners is not None:  # the catalog's own word for a value of this attribute
        return 3
    if value is None or value.type is _ENUMERATION:
        return 0
    kind = info.value_type
    if _numbered_words(info):  # versions: any bare number may be one
        return 2 if value.type is _QUANTITY and value.unit is None else 0
    if value.type is _BOOLEAN and _availability_words(info):
        return 3  # "is the rollout live?" of a rollout that went `ga`
    if value.type in _SELF_TYPED:
        return 3 if value.type is kind else 0
    return _numeric_fit(info, value) if kind.is_numeric and value.is_numeric else 0


def _availability_words(info: AttributeInfo) -> bool:
    """Word values of which one states availability (`ga` beside `pilot`): an availability
    word compares with them by its meaning."""
    return info.value_type in _WORD_TYPES and any(t in POLARITY_WORDS for t in info.value_tokens)


def _numeric_fit(info: AttributeInfo, value: TypedValue) -> int:
    kind = info.value_type
    if value.unit is None:
        return 2
    if info.unit is not None:
        return 3 if _compatible(value.unit, info.unit) else 1
    if kind is not _QUANTITY and value.type is kind:
        return 3  # a duration for a duration whose records give their units one by one
    return 2 if _QUANTITY in (value.type, kind) else 1


def _numbered_words(info: AttributeInfo) -> bool:
    """Word values that are numbers with dots, such as versions (`4.10`, `5.2.1`)."""
    return (
        info.value_type is _ENUMERATION
        and bool(info.value_tokens)
        and all(_DOTTED.match(t) for t in info.value_tokens)
    )


def _compatible(stated: str, unit: str) -> bool:
    if stated == unit or (stated == CENT and unit in CENT_CURRENCIES):
        return True
    a, b = UNITS.get(stated), UNITS.get(unit)
    return a is not None and b is not None and a.dimension == b.dimension
