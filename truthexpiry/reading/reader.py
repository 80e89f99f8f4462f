"""Reads statements out of a sentence: which entity, which attribute, which scope, which value.

Per sentence: find the names (entities, and attribute names that stand for one entity's
attribute), the scope values and every stated value; cut the sentence into clauses; bind each
value to the name whose attribute's type accepts it, preferring its own clause and an attribute
the sentence names; give it the scope values of its own clause, else of a clause that states no
value ("On Pro, the limit is 50"). Never across sentences. Anything ambiguous is left out rather
than guessed; `readings` keeps the alternatives for checking a language model's proposals.

A follow-up in a thread ("and on Pro?") names no entity: `read(..., subject=pair)` reads it as
being about the pair the earlier question was about (`follow_ups.py` decides which).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice, product

from truthexpiry.models.answering.questions import Statement
from truthexpiry.models.records.claim_key import Scope
from truthexpiry.models.records.values import ValueType
from truthexpiry.reading.binding import Binding, accepts, bind
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.reading.names import Anchor, Names, find_names
from truthexpiry.reading.scopes import ScopeFinder
from truthexpiry.reading.values_in_text import FoundValue, find_values
from truthexpiry.text.tokens import Sentence, Token

# "Tell me about ..." asks for the current value as much as a question does.
_REQUEST_WORDS = frozenset({"tell", "show", "explain", "check"})
_MAX_SCOPE_COMBINATIONS = 8
_WH_WORDS = frozenset("what which how who where when why".split())
_SELF_TYPED = frozenset({ValueType.TIME_OF_DAY, ValueType.DATE})
_EXACT_FIT = 3
_WHOLE_NAME = 2  # an anchor's strength when the entity is named in full
Pair = tuple[str, str]


def read(
    sentence: Sentence, index: VocabularyIndex, *, subject: Pair | None = None
) -> list[Statement]:
    """The statements a sentence makes, unambiguous ones only. With a `subject` (entity,
    attribute), a sentence that names no entity is about the subject's entity, and about the
    subject's attribute unless it names another of that entity's attributes."""
    tokens = sentence.tokens
    asks = sentence.asks or bool({t.key for t in tokens[:3]} & _REQUEST_WORDS)
    analysed = _analyse(tokens, index, subject)
    if analysed is None:
        return []
    names, scopes, values = analysed
    bindings = bind(tokens, names, values, index, scopes.clause_of)
    statements = _stated(bindings, scopes, index)
    spoken = {s.entity for s in statements}
    silenced = {b.pair[0] for b in bindings if b.value is None and b.unique}
    for anchor in names.anchors:
        if anchor.entity in spoken or anchor.entity in silenced:
            continue
        attribute = names.named_attribute(anchor.entity, index)
        if subject is not None and anchor.entity == subject[0] and not names.names_of(subject[0]):
            attribute = subject[1]
        pair = (anchor.entity, attribute or "")
        stated = scopes.for_query(pair) if attribute else {}
        if anchor.strength == 0 and not stated:
            continue  # one word in passing ("is the canteen open?") names no topic alone
        spoken.add(anchor.entity)
        statements.append(Statement(anchor.entity, attribute, _combinations(stated), None, asks))
    return statements


def readings(sentence: Sentence, index: VocabularyIndex) -> list[Binding]:
    """What the sentence says, for checking a proposal against it: the bindings the rules
    would settle on, ties between attributes included, each with its scope values."""
    tokens = sentence.tokens
    analysed = _analyse(tokens, index)
    if analysed is None:
        return []
    names, scopes, values = analysed
    bindings = bind(tokens, names, values, index, scopes.clause_of, every=True)
    groups = _groups(_scoped(bindings, scopes, index))
    return [binding for group in groups.values() for binding in _settle(group)]


def _analyse(
    tokens: list[Token], index: VocabularyIndex, subject: Pair | None = None
) -> tuple[Names, ScopeFinder, list[FoundValue]] | None:
    """The sentence's names, scope values and values; None when it names nothing (and no
    `subject` stands in for a name)."""
    names = find_names(tokens, index)
    if not names.anchors and names.taken:  # names that cancel each other out ("parcel window")
        return None  # no guessing
    scopes = ScopeFinder(tokens, index, names.taken)
    stand_in = subject if subject is not None and subject in index.infos else None
    if not (names.anchors or scopes.stated_keys() or stand_in):
        return None  # no name, and no scope value to find one by (`_anchor_by_type`)
    values = find_values(
        tokens, index, names.taken | scopes.taken, {a.entity for a in names.anchors}
    )
    if tokens and tokens[0].key in _WH_WORDS:  # "What plans have X?" asks, it does not say
        values = [v for v in values if not v.weak]
    if not names.anchors:
        anchor = _anchor_by_type(values, scopes.stated_keys(), index)
        if anchor is None and stand_in is not None:
            anchor = Anchor(stand_in[0], 0, 0, _WHOLE_NAME)  # named by the earlier question
        if anchor is None:
            return None
        names.anchors.append(anchor)
    scopes.note_values(values, names.anchors[0].start)
    return names, scopes, values


def _anchor_by_type(
    values: list[FoundValue], keys: set[str], index: VocabularyIndex
) -> Anchor | None:
    """A sentence that names no entity but states scope values and a value only one entity's
    attributes take in those scopes ("bramley weekday hrs are 7:30 to 19:00", "Gold = group
    2", a catalog word for a value of one entity's attribute): that entity."""
    if not keys:
        return None
    worded = [v for v in values if v.owners]
    typed = [
        v
        for v in values
        if v.value is not None and (v.value.unit is not None or v.value.type in _SELF_TYPED)
    ]
    entities = {
        pair[0]
        for found in typed
        for pair, info in index.infos.items()
        if keys <= set(info.scope_values) and accepts(info, found.value, found) == _EXACT_FIT
    } | {
        pair[0]
        for found in worded
        for pair in found.owners or ()
        if keys <= set(index.infos[pair].scope_values)
    }
    typed = sorted([*typed, *worded], key=lambda v: v.start)
    if len(entities) != 1 or not typed:
        return None
    return Anchor(entities.pop(), typed[0].start, typed[0].start, 0)


def query_scopes(
    sentence: Sentence, index: VocabularyIndex, names: Names, pair: tuple[str, str]
) -> dict[str, list[str]]:
    """The scope values a question states for the attribute it asks about."""
    return ScopeFinder(sentence.tokens, index, names.taken).for_query(pair)


def _stated(
    bindings: list[Binding], scopes: ScopeFinder, index: VocabularyIndex
) -> list[Statement]:
    """The statements the settled bindings make, each with its scope combinations."""
    if len(bindings) == 1 and bindings[0].unique and bindings[0].value is not None:
        # One value bound (most sentences): a group of its own that settles on itself.
        only = bindings[0]
        scope = scopes.for_value(only.pair, only.found.start, only.anchor)
        pair = only.pair
        return [Statement(pair[0], pair[1], _combinations(scope), only.value, False)]
    scoped = _scoped([b for b in bindings if b.unique], scopes, index)
    # One binding (most sentences) is a group of its own.
    groups = [scoped] if len(scoped) == 1 else _groups(scoped).values()
    statements = []
    for group in groups:
        settled = _settle(group)
        if settled and settled[0].value is not None:
            pair, scope_sets = settled[0].pair, _combinations(settled[0].scope)
            statements.append(Statement(pair[0], pair[1], scope_sets, settled[0].value, False))
    return statements


def _strong(bindings: list[Binding], clause_of: Callable[[int], int]) -> list[Binding]:
    """A modal ("can", "has") counts only where its clause says nothing else about its name:
    "can people work remotely 4 days a week?" is about the days, not about being allowed."""
    if len(bindings) < 2:
        return bindings  # a modal yields only to another binding
    said = {(b.anchor, clause_of(b.found.start)) for b in bindings if not b.found.weak}
    return [
        b for b in bindings if not (b.found.weak and (b.anchor, clause_of(b.found.start)) in said)
    ]


def _scoped(bindings: list[Binding], scopes: ScopeFinder, index: VocabularyIndex) -> list[Binding]:
    """Each binding with its scope values. A past value that leaves a key out takes it from the
    present values of the same attribute ("was disabled but is now enabled on Pro"), so that
    the present one wins; values side by side in the present keep their own ("5, EU is 3")."""
    scoped = [
        b.with_scope(scopes.for_value(b.pair, b.found.start, b.anchor))
        for b in _strong(bindings, scopes.clause_of)
        if b.value is not None
    ]
    if len(scoped) < 2 or all(b.found.tense != "past" for b in scoped):
        return scoped  # only a past value beside another takes keys from the present ones
    present: dict[Pair, list[dict[str, list[str]]]] = {}
    for binding in scoped:
        if binding.found.tense != "past":
            present.setdefault(binding.pair, []).append(binding.scope)
    completed = []
    for binding in scoped:
        siblings = present.get(binding.pair, []) if binding.found.tense == "past" else []
        if not siblings:
            completed.append(binding)
            continue
        scope = dict(binding.scope)
        for key in index.infos[binding.pair].scope_values:
            said = {tuple(other[key]) for other in siblings if key in other}
            if key not in scope and len(said) == 1:
                scope[key] = list(said.pop())
        completed.append(binding.with_scope(scope))
    return completed


_ScopeKey = tuple[tuple[str, tuple[str, ...]], ...]


def _groups(bindings: list[Binding]) -> dict[tuple[Pair, _ScopeKey], list[Binding]]:
    """The bindings by attribute and scope values."""
    groups: dict[tuple[Pair, _ScopeKey], list[Binding]] = {}
    for binding in bindings:
        key = tuple(sorted((k, tuple(sorted(v))) for k, v in binding.scope.items()))
        groups.setdefault((binding.pair, key), []).append(binding)
    return groups


def _settle(group: list[Binding]) -> list[Binding]:
    """One value per attribute and scope: a value whose unit fits over one that does not
    ("€15,000 ... that 12k payment"), a present one over a past one ("was 30, now 45"), any
    word over a modal ("can"). Nothing when the values left still disagree."""
    if len(group) == 1 and group[0].value is not None:
        return group  # one value agrees with itself: each filter below would keep it
    group = [b for b in group if not b.found.weak] or group  # a modal yields to any word
    best = max(b.fit for b in group)
    group = [b for b in group if b.fit == best]
    for pool in (group, [b for b in group if b.found.tense != "past"]):
        texts = {b.value.text for b in pool if b.value is not None}
        if len(texts) == 1:
            return pool
    return []


def _combinations(stated: dict[str, list[str]]) -> tuple[Scope, ...]:
    """Every combination of the stated values, one per key (the first eight, keys sorted)."""
    if not stated:
        return ()
    if len(stated) == 1:  # most statements: one key, each value a scope of its own
        ((key, values),) = stated.items()
        return tuple(((key, value),) for value in values[:_MAX_SCOPE_COMBINATIONS])
    keys = sorted(stated)
    combos = islice(product(*(stated[k] for k in keys)), _MAX_SCOPE_COMBINATIONS)
    return tuple(tuple(zip(keys, combo, strict=True)) for combo in combos)
