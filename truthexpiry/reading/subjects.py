"""What a question about changes is about, read by the same rules as claims but without a value.

"What changed for Starter since October?" names a scope value alone; "any changes to report
export?" an entity without an attribute (every attribute of it); "what's coming for the rate
limit on Pro?" an entity, its attribute and a scope value. Names and scope values are found as
the claim reader finds them (`names.py`, `scopes.py`); an entity named by one word in passing
counts only beside a scope value, as for claims. A question that names nothing reads as no
subject: everything in the window.

A year read as the window ("in 2027", "since 2025") is not also a scope value (`plan_year=2027`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import Scope
from truthexpiry.models.time.changes import ChangeSubject
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex, vocabulary_index
from truthexpiry.reading.names import Anchor, Names, find_names
from truthexpiry.reading.scopes import ScopeFinder
from truthexpiry.reading.time.phrases import CHANGE_CUES
from truthexpiry.reading.unknown_scopes import unknown_scope_value
from truthexpiry.text.tokens import Kind, Sentence, Token
from truthexpiry.text.words import MONTHS

MAX_SUBJECTS = 8
_YEAR_DIGITS = 4
# Words after which a year is the window's, not a scope value.
_BEFORE_A_YEAR = frozenset(
    "in during since from between of until till to and before after by".split()
)


def read_subjects(question: Sequence[Sentence], catalog: Catalog) -> tuple[ChangeSubject, ...]:
    """The subjects the question names, each once; () when it names none."""
    index = vocabulary_index(catalog)
    found: list[ChangeSubject] = []
    for sentence in question:
        found += _subjects(sentence.tokens, index)
    return tuple(dict.fromkeys(found))[:MAX_SUBJECTS]


def _subjects(tokens: list[Token], index: VocabularyIndex) -> list[ChangeSubject]:
    names = find_names(tokens, index)
    years = _window_years(tokens)
    scopes = ScopeFinder(tokens, index, names.taken | years)
    every_key = _scope_values(index, None, None)
    stated = scopes.for_subject(every_key)
    anchors = [a for a in _own_anchors(names, tokens) if a.strength > 0 or stated]
    read = names.taken | scopes.taken | years
    if not anchors:
        attribute = _shared_attribute(names)
        unstated = {
            k: v for k, v in _scope_values(index, None, attribute).items() if k not in stated
        }
        unknown = unknown_scope_value(tokens, index, read, unstated)
        if attribute is None and not stated and unknown is None:
            return []
        combos = _combinations(stated)
        return [ChangeSubject(None, attribute, _with(s, unknown)) for s in combos]
    subjects = []
    for anchor in anchors:
        attribute = _attribute(anchor, names, index)
        keys = _scope_values(index, anchor.entity, attribute)
        narrowed = scopes.for_subject(keys)
        unstated = {k: v for k, v in keys.items() if k not in narrowed}
        unknown = unknown_scope_value(tokens, index, read, unstated)
        subjects += [
            ChangeSubject(anchor.entity, attribute, _with(scope, unknown))
            for scope in _combinations(narrowed)
        ]
    return subjects


def _with(scope: Scope, unknown: tuple[str, str] | None) -> Scope:
    """`scope` with the name no record has (unless the scope already holds that name)."""
    if unknown is None or any(value == unknown[1] for _, value in scope):
        return scope
    return tuple(sorted((*scope, unknown)))


def _own_anchors(names: Names, tokens: list[Token]) -> list[Anchor]:
    """The anchors, less the words that ask about a change ("changed" is no name of "change
    of train") and an attribute's name that also names an attribute of an entity named beside
    it: "block storage quotas" is about block storage, not also about `quota` elsewhere."""
    named = {a.entity for a in names.anchors if not a.named}
    return [
        anchor
        for anchor in names.anchors
        if not all(tokens[i].key in CHANGE_CUES for i in range(anchor.start, anchor.end))
        and not _named_beside(anchor, names, named)
    ]


def _named_beside(anchor: Anchor, names: Names, named: set[str]) -> bool:
    return bool(anchor.named) and any(
        pair[0] in named and anchor.start in naming.positions
        for pair, naming in names.naming.items()
    )


def _attribute(anchor: Anchor, names: Names, index: VocabularyIndex) -> str | None:
    """The attribute of the anchor's entity the sentence names most fully; None when it names
    none (or two equally): then every attribute of the entity."""
    if len(anchor.named) == 1:
        return next(iter(anchor.named))[1]
    named = [
        (names.fullness(pair, index, _anywhere), pair[1])
        for pair, naming in names.naming.items()
        if pair[0] == anchor.entity and naming.positions
    ]
    if not named:
        return None
    best = max(score for score, _ in named)
    top = {attribute for score, attribute in named if score == best}
    return top.pop() if len(top) == 1 else None


def _shared_attribute(names: Names) -> str | None:
    """An attribute named wholly without its entity, by a name several entities' attributes
    share ("availability"): that attribute, of whichever entity has it."""
    wholly = {pair[1] for pair, naming in names.naming.items() if naming.whole}
    return wholly.pop() if len(wholly) == 1 else None


def _scope_values(
    index: VocabularyIndex, entity: str | None, attribute: str | None
) -> dict[str, frozenset[str]]:
    """The scope keys of the selected attributes (every one when None), each with its values."""
    if entity is None or attribute is None:
        return index.scope_unions.get((entity, attribute), {})
    info = index.infos.get((entity, attribute))
    return {} if info is None else {k: frozenset(v) for k, v in info.scope_values.items()}


def _combinations(stated: dict[str, list[str]]) -> list[tuple[tuple[str, str], ...]]:
    """One scope per combination of the values stated ("Starter and Pro": two); () for none."""
    keys = sorted(stated)
    combos = list(product(*(stated[k] for k in keys)))[:MAX_SUBJECTS]
    return [tuple(zip(keys, combo, strict=True)) for combo in combos]


def _window_years(tokens: list[Token]) -> set[int]:
    return {
        i
        for i, token in enumerate(tokens)
        if token.kind is Kind.NUMBER
        and len(token.key) == _YEAR_DIGITS
        and token.key.isdigit()
        and i > 0
        and (tokens[i - 1].key in _BEFORE_A_YEAR or tokens[i - 1].key in MONTHS)
    }


def _anywhere(_: int) -> bool:
    return True
