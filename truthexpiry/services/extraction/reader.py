"""Reads statements out of text: which entity, which attribute, which scope, which value.

Per sentence: find entity mentions, give each mention its clause (up to the separator before the
next mention), then in that clause pick the attribute, the stated value and the scope values.
Anything ambiguous is left out rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from truthexpiry.models.catalog import AttributeInfo
from truthexpiry.models.claim_key import Scope
from truthexpiry.services.extraction.text import Sentence, Token, find_phrases
from truthexpiry.services.extraction.values_in_text import FoundValue, find_value
from truthexpiry.services.extraction.vocabulary import VocabularyIndex
from truthexpiry.services.value_words import CLAUSE_BREAKS

# "Tell me about ..." asks for the current value as much as a question does.
_REQUEST_WORDS = frozenset({"tell", "show", "explain", "check"})
_MAX_SCOPE_COMBINATIONS = 8


@dataclass(frozen=True, slots=True)
class Statement:
    entity: str
    attribute: str | None  # None when the attribute could not be told apart
    scopes: tuple[Scope, ...]  # one per combination of stated scope values; () if none stated
    value: str | None  # canonical stated value; None when none was stated
    asks_value: bool  # the sentence is a question or a request for the value


@dataclass(frozen=True, slots=True)
class _Mention:
    entity: str
    start: int
    end: int
    complete: bool

    @property
    def weak(self) -> bool:
        """One word of a longer name: the least certain kind of mention."""
        return not self.complete and self.end - self.start == 1


def read(sentence: Sentence, index: VocabularyIndex) -> list[Statement]:
    tokens = sentence.tokens
    opening = {t.key for t in tokens[:3]}
    asks_value = sentence.asks or bool(opening & _REQUEST_WORDS)
    mentions = _mentions(tokens, index)
    statements = _statements(tokens, mentions, index, asks_value)
    # A one-word part of a name ("customers" of `customer_data`) that states nothing is an
    # ordinary word here: drop it, so it neither answers nor cuts another mention's clause.
    idle = {
        i
        for i, (m, s) in enumerate(zip(mentions, statements, strict=True))
        if m.weak and s.value is None
    }
    if idle and len(mentions) > 1:
        mentions = [m for i, m in enumerate(mentions) if i not in idle]
        statements = _statements(tokens, mentions, index, asks_value)
    return statements


def _statements(
    tokens: list[Token], mentions: list[_Mention], index: VocabularyIndex, asks_value: bool
) -> list[Statement]:
    statements = []
    for mention, (start, end) in zip(mentions, _clauses(tokens, mentions), strict=True):
        clause = tokens[start:end]
        taken = set(range(mention.start - start, mention.end - start))
        statements.append(_statement(mention.entity, clause, taken, index, asks_value))
    return statements


def _mentions(tokens: list[Token], index: VocabularyIndex) -> list[_Mention]:
    mentions: list[_Mention] = []
    for match in find_phrases(tokens, index.entity_table):
        candidates = index.entities[match.phrase]
        if len(candidates) != 1:
            continue  # two entities share this phrase: not ours to pick
        candidate = candidates[0]
        mention = _Mention(candidate.entity, match.start, match.end, candidate.complete)
        previous = mentions[-1] if mentions else None
        if previous and previous.entity == mention.entity:
            continue  # the same entity again belongs to the same statement
        if (
            previous
            and previous.end == mention.start
            and not (previous.complete or mention.complete)
        ):
            mentions.pop()  # "data export": two partial names side by side name neither
            continue
        mentions.append(mention)
    return mentions


def _clauses(tokens: list[Token], mentions: list[_Mention]) -> list[tuple[int, int]]:
    bounds: list[tuple[int, int]] = []
    start = 0
    for here, following in zip(mentions, [*mentions[1:], None], strict=False):
        if following is None:
            bounds.append((start, len(tokens)))
            break
        cut = following.start
        for i in range(following.start - 1, here.end - 1, -1):
            if tokens[i].key in CLAUSE_BREAKS:
                cut = i
                break
        bounds.append((start, cut))
        start = cut + 1 if cut < following.start else cut
    return bounds


def _statement(
    entity: str, clause: list[Token], taken: set[int], index: VocabularyIndex, asks_value: bool
) -> Statement:
    chosen = _choose_attribute(entity, clause, taken, index)
    if chosen is None:
        return Statement(entity, None, (), None, asks_value)
    info, found = chosen
    if found is not None:
        taken = taken | set(range(found.start, found.end))
    value = found.text if found is not None and found.text else None
    if found is not None and not found.text:
        asks_value = False  # a negated value ("not deprecated") states nothing checkable
    return Statement(entity, info.attribute, _scopes(info, clause, taken, index), value, asks_value)


def _choose_attribute(
    entity: str, clause: list[Token], taken: set[int], index: VocabularyIndex
) -> tuple[AttributeInfo, FoundValue | None] | None:
    scored = []
    for vocabulary in index.attributes.get(entity, ()):
        found = find_value(vocabulary, clause, taken)
        named = bool(find_phrases(clause, vocabulary.names, taken))
        scored.append((2 * named + (found is not None), vocabulary.info, found))
    if len(scored) == 1:
        return scored[0][1], scored[0][2]
    scored.sort(key=lambda item: item[0], reverse=True)
    if not scored or scored[0][0] == 0 or scored[0][0] == scored[1][0]:
        return None
    return scored[0][1], scored[0][2]


def _scopes(
    info: AttributeInfo, clause: list[Token], taken: set[int], index: VocabularyIndex
) -> tuple[Scope, ...]:
    stated: dict[str, list[str]] = {}
    for match in find_phrases(clause, index.scope_table, taken):
        # A value of the attribute's own scope key counts even without a record for it:
        # "in APAC" about a global-only attribute is a claim about APAC (and UNVERIFIED).
        pairs = [(k, v) for k, v in index.scopes[match.phrase] if k in info.scope_values]
        if len({k for k, _ in pairs}) != 1:
            continue  # unknown here, or ambiguous between scope keys
        for key, value in pairs:
            if value not in stated.setdefault(key, []):
                stated[key].append(value)
    if not stated:
        return ()
    keys = sorted(stated)
    combos = list(product(*(stated[k] for k in keys)))[:_MAX_SCOPE_COMBINATIONS]
    return tuple(tuple(zip(keys, combo, strict=True)) for combo in combos)
