"""The names in a sentence: which entities it mentions and which attributes it names.

An entity is named by its name, an alias, its initials (`VM` for `virtual_machine`), a part of
its name no other entity shares, or a word of its name in another form ("book" for
`travel_booking`). An attribute is named by its name, label or alias, or by the words of its
name in any form ("closes" for `closing_time`); a name that belongs to one attribute of one
entity stands for both ("visitor cap", "turnaround"). How fully an attribute is named decides
between two attributes of one entity: "backup retention" names `retention_days` fully and
`snapshot_retention_weeks` only in part. A name several entities' attributes share names the one
with records for the scope values the sentence states. A question that names no attribute may
ask for one by the kind of value it wants (`question_shapes.py`: "how many books", "how long");
a name inside a compound noun may not be the entity at all (`compound_names.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter

from truthexpiry.models.records.catalog import AttributeInfo
from truthexpiry.reading.compound_names import another_kind, names_the_key
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.reading.question_shapes import AskedKind, asked_kind
from truthexpiry.text.tokens import Kind, Token, find_phrases

Pair = tuple[str, str]
_WHOLE = 2  # the strength of a whole name or alias
_WORD, _NUMBER = Kind.WORD, Kind.NUMBER  # read through their class, a lookup each time


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
class Anchor:
    """A name in the sentence: an entity's, or an attribute name that stands for one."""

    entity: str
    start: int
    end: int
    strength: int  # 2: a whole name or alias, 1: part of a name, 0: one word or another form
    named: frozenset[Pair] = frozenset()


@dataclass(slots=True)
class Naming:
    """How the sentence names one attribute: where, and how fully."""

    positions: list[int] = field(default_factory=list)
    words: dict[str, list[int]] = field(default_factory=dict)  # word stem -> where it stands
    phrases: dict[str, list[int]] = field(default_factory=dict)  # whole names and aliases

    @property
    def whole(self) -> bool:
        return bool(self.phrases)

    def add_word(self, word: str, at: int) -> None:
        self.words.setdefault(word, []).append(at)

    def fullness(self, needed: int, where: Callable[[int], bool]) -> tuple[bool, int, int]:
        """Named wholly?, how many of its words, and how few left out, counting only the
        names at places `where` accepts."""
        found = sum(1 for at in self.words.values() if any(map(where, at)))
        whole = any(any(map(where, at)) for at in self.phrases.values())
        return (whole or found >= needed, found + 2 * whole, found - needed)


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
class Names:
    anchors: list[Anchor]
    taken: set[int]
    naming: dict[Pair, Naming]
    asked: AskedKind | None = None  # the kind of value the sentence's shape asks for

    def named_attribute(self, entity: str, index: VocabularyIndex) -> str | None:
        """The attribute of `entity` the sentence is about: the one it names most fully, or
        its only one, or the only one of the kind of value the question asks for."""
        named = [(self.fullness(p, index, _anywhere), p[1]) for p in self.naming if p[0] == entity]
        if not named:  # none named: of the kind asked for, the plainest one
            named = [
                (self._unnamed_score(entity, v.info, index), v.info.attribute)
                for v in index.attributes.get(entity, ())
            ]
        best = max(score for score, _ in named)
        top = {attribute for score, attribute in named if score == best}
        return top.pop() if len(top) == 1 else None

    def _unnamed_score(
        self, entity: str, info: AttributeInfo, index: VocabularyIndex
    ) -> tuple[bool, int, int]:
        """An attribute the sentence does not name: of the kind asked for first, then one the
        entity's own names speak of ("daily allowance" for a daily amount), then the one with
        the fewest words to its name."""
        words = index.attribute_words.get((entity, info.attribute), frozenset())
        asked = self.asked is not None and info.value_type in self.asked.types
        spoken = len(words & index.entity_words.get(entity, frozenset()))
        return (asked, spoken, -len(words))

    def names_of(self, entity: str) -> bool:
        """Whether the sentence names any attribute of `entity`."""
        return any(pair[0] == entity and naming.positions for pair, naming in self.naming.items())

    def fullness(
        self, pair: Pair, index: VocabularyIndex, where: Callable[[int], bool]
    ) -> tuple[bool, int, int]:
        needed = len(index.attribute_words.get(pair, ()))
        naming = self.naming.get(pair)
        if naming is None:  # not named at all
            return (needed <= 0, 0, -needed)
        return naming.fullness(needed, where)


def _anywhere(_: int) -> bool:
    return True


def find_names(tokens: list[Token], index: VocabularyIndex) -> Names:
    """The entities and attributes the sentence names: the entities' names first, then the
    attributes' names and words outside them and outside the values, then the entities that
    only an attribute's name or a word of their name in another form stands for."""
    keys = [t.key for t in tokens]  # read once for the scans below
    key_words = _key_words(tokens, keys, index)
    anchors, dropped = _entity_anchors(tokens, index, key_words)
    taken = {i for a in anchors for i in range(a.start, a.end)} | dropped
    entities = {a.entity for a in anchors}  # the entities named by name
    reserved = _reserved(tokens, index, taken, key_words, entities)
    naming: dict[Pair, Naming] = {}
    for match in find_phrases(tokens, index.attribute_table, reserved):
        for pair in index.attribute_names[match.phrase]:
            entry = naming.setdefault(pair, Naming())
            entry.positions.append(match.start)
            entry.phrases.setdefault(match.phrase, []).append(match.start)
        taken.update(range(match.start, match.end))
    one_owner = _name_words(tokens, keys, reserved, naming, taken=taken, index=index)
    forms = index.name_forms
    for anchor in anchors:  # "session" in "session timeout" names the entity and the attribute
        for at in range(anchor.start, anchor.end):
            form = forms.get(keys[at])
            if form is None:
                continue
            for pair in form.attributes:
                if pair[0] == anchor.entity:
                    naming.setdefault(pair, Naming()).add_word(form.word, at)
    asked = asked_kind(tokens, keys)
    counted = asked is not None and asked.unit is not None
    scope_values = find_phrases(tokens, index.scope_table) if naming or counted else ()
    stated = [index.scopes[m.phrase] for m in scope_values]
    if naming:
        anchors += _attribute_anchors(naming, entities, index, stated)
    if one_owner:
        anchors += _stem_anchors(one_owner, taken, {a.entity for a in anchors})
    if asked is not None and counted:
        anchors = _counted_in(asked, anchors, naming, index, stated)
    if one_owner:  # every other anchor stands on places already taken (or on none)
        taken.update(i for a in anchors for i in range(a.start, a.end))
    if len(anchors) > 1:
        anchors.sort(key=attrgetter("start"))
    return Names(anchors, taken, naming, asked)


def _key_words(tokens: list[Token], keys: list[str], index: VocabularyIndex) -> set[int]:
    """The places of words of a scope key after that key's value: "card" in "adult card"."""
    parts = index.scope_key_parts  # a word of no scope key names none: no call for it
    if parts.isdisjoint(keys):  # most sentences say no scope key's word
        return set()
    return {
        i for i in range(1, len(tokens)) if keys[i] in parts and names_the_key(tokens, i, index)
    }


def _reserved(
    tokens: list[Token],
    index: VocabularyIndex,
    taken: set[int],
    key_words: set[int],
    named: set[str],
) -> set[int]:
    """The places no attribute is named at: the entities' names, and an enumerated value's
    words and a scope value: "business hours" is a value, not the attribute "hours"; "blood" a
    test type, not `blood_pressure`. A value word of an entity the sentence does not name is no
    value here ("the pool opens")."""
    reserved = taken | key_words
    for m in find_phrases(tokens, index.value_table, taken):
        if not named or any(entity in named for entity, _ in index.values[m.phrase]):
            reserved.update(range(m.start, m.end))
    for m in find_phrases(tokens, index.scope_table, taken):
        reserved.update(range(m.start, m.end))
    return reserved


def _name_words(
    tokens: list[Token],
    keys: list[str],
    reserved: set[int],
    naming: dict[Pair, Naming],
    *,
    taken: set[int],
    index: VocabularyIndex,
) -> list[tuple[int, str]]:
    """Each word outside `reserved`, read once: the attributes its stem (by `name_forms`) is
    a word of, noted in `naming` and its place `taken` (not after a number: "50 requests" says
    what the number counts); and, returned, the places of words whose stem only one entity's
    name has, with that entity (`_stem_anchors`)."""
    one_owner = []
    forms = index.name_forms
    for i, key in enumerate(keys):
        form = forms.get(key)  # None for the many words of no name
        if form is None or i in reserved or tokens[i].kind is not _WORD:
            continue
        if form.attributes and (i == 0 or tokens[i - 1].kind is not _NUMBER):
            for pair in form.attributes:
                entry = naming.setdefault(pair, Naming())
                entry.positions.append(i)
                entry.add_word(form.word, i)
            taken.add(i)
        if form.owner:
            one_owner.append((i, form.owner))
    return one_owner


def _counted_in(
    asked: AskedKind,
    anchors: list[Anchor],
    naming: dict[Pair, Naming],
    index: VocabularyIndex,
    stated: list[list[tuple[str, str]]],
) -> list[Anchor]:
    """ "How many books can I take out?", "how many kg can I check?": the unit names the
    attribute counted in it, of an entity the sentence names, else of the only entity whose
    attribute in that unit has every scope key the sentence states a value of. The count is
    then the question's one topic: a name of another entity beside it ("check" for check-in,
    "on an adult card") says how or where, not what."""
    unit, at = asked.unit or "", asked.at
    counted = index.by_unit.get(unit, frozenset())
    named = {a.entity for a in anchors}
    fitting = [pair for pair in counted if pair[0] in named]
    if not fitting:
        keys = {k for pairs in stated for k, _ in pairs}
        fitting = [p for p in counted if keys <= set(index.infos[p].scope_values)]
        if len(fitting) != 1:
            return anchors
        anchors = [*anchors, Anchor(fitting[0][0], at, at, 0, frozenset(fitting))]
    # The count asked for is the question's topic: "on an adult card" says where, not what.
    counted_entities = {pair[0] for pair in fitting}
    anchors = [a for a in anchors if a.entity in counted_entities]
    for pair in fitting:
        entry = naming.setdefault(pair, Naming())
        entry.positions.append(at)
        entry.add_word(unit, at)
    return anchors


def _entity_anchors(
    tokens: list[Token], index: VocabularyIndex, key_words: set[int]
) -> tuple[list[Anchor], set[int]]:
    """The entity names, and the places of names that cancel each other out. One word of a
    longer name yields to a scope value or a value over it: "fraud return" is a report type."""
    anchors: list[Anchor] = []
    dropped: set[int] = set()
    for match in find_phrases(tokens, index.entity_table):
        candidates = index.entities[match.phrase]
        if len(candidates) != 1:
            continue  # two entities share this phrase: not ours to pick
        candidate = candidates[0]
        strength = 2 if candidate.complete else (1 if match.end - match.start > 1 else 0)
        if match.start in key_words:
            continue  # "an adult card" is `card_type=adult`, not the entity `card`
        if strength and another_kind(tokens, match.start, match.end, index):
            strength = 0  # "debit card" is a card, but not the library's `card`
        anchor = Anchor(candidate.entity, match.start, match.end, strength)
        if strength == 0 and _spoken_for(tokens, index, match.start, match.end):
            continue
        previous = anchors[-1] if anchors else None
        if previous and previous.entity == anchor.entity:
            if anchor.strength > previous.strength:  # named in full after a word in passing
                anchors[-1] = anchor
            continue  # the same entity again belongs to the same statement
        if previous and previous.end == anchor.start:
            if max(previous.strength, anchor.strength) < _WHOLE:
                anchors.pop()  # "data export": two partial names side by side name neither
                dropped.update(range(previous.start, anchor.end))
                continue
            if min(previous.strength, anchor.strength) == 0:
                # "probation period": one word of another name beside a whole name is a word
                # about the whole one
                if anchor.strength == 0:
                    dropped.update(range(anchor.start, anchor.end))
                    continue
                anchors.pop()
                dropped.update(range(previous.start, previous.end))
        anchors.append(anchor)
    return anchors, dropped


def _spoken_for(tokens: list[Token], index: VocabularyIndex, start: int, end: int) -> bool:
    """Whether a scope value or an enumerated value stands on any place from `start` to `end`
    ("group 1", a value, over the word "group" of a longer name)."""
    return any(
        m.start < end and start < m.end
        for table in (index.scope_table, index.value_table)
        for m in find_phrases(tokens, table)
    )


def _attribute_anchors(
    naming: dict[Pair, Naming],
    anchored: set[str],
    index: VocabularyIndex,
    stated: list[list[tuple[str, str]]],
) -> list[Anchor]:
    """Attributes named without their entity, by a name no other attribute has, or that no
    other attribute with records for the scope values stated has: "Eastgate weekday closing
    time" is the pool's when only the pool has records at Eastgate. Where the sentence names an
    entity, a one-word name of another entity's attribute does not name that other entity: in
    "will a bulky collection cost £30?" the alias "cost" of the permit's fee is a plain word."""
    anchors = []
    # What a name is shared by depends on its phrases or words only: worked out once per name,
    # not once per attribute it names ("rate limit" names one attribute of thousands of features).
    shared: dict[tuple[str, ...], frozenset[Pair]] = {}
    for pair, entry in naming.items():
        if pair[0] in anchored or not entry.positions:
            continue
        if anchored and entry.whole and all(" " not in phrase for phrase in entry.phrases):
            continue  # one word ("cost") beside an entity named: a word about that entity
        if entry.whole:
            owners = [index.attribute_names[p] for p in entry.phrases]
            if frozenset({pair}) in owners:  # a name of this attribute alone
                sharing = frozenset({pair})
            else:
                sharing = _shared(shared, tuple(entry.phrases), owners, index, stated)
        else:  # the words named, together, belong to this attribute only: "idle timeout"
            words = tuple(entry.words)
            owners = [index.attribute_stems.get(w, frozenset()) for w in words]
            sharing = _shared(shared, ("", *words), owners, index, stated, together=True)
        if sharing == frozenset({pair}):
            start = min(entry.positions)
            anchors.append(
                Anchor(pair[0], start, start + 1, 2 if entry.whole else 0, frozenset({pair}))
            )
    return anchors


def _shared(
    shared: dict[tuple[str, ...], frozenset[Pair]],
    name: tuple[str, ...],
    owners: list[frozenset[Pair]],
    index: VocabularyIndex,
    stated: list[list[tuple[str, str]]],
    *,
    together: bool = False,
) -> frozenset[Pair]:
    """The attributes the name's phrases name (`together`: that all its words name), less
    those without records for the scope values stated when several remain; kept in
    `shared` under `name`."""
    if name not in shared:
        if together:
            sharing = frozenset.intersection(*owners) if owners else frozenset()
        else:
            sharing = frozenset().union(*owners)
        if stated and len(sharing) > 1:
            sharing = frozenset(p for p in sharing if _has_records_for(index.infos[p], stated))
        shared[name] = sharing
    return shared[name]


def _has_records_for(info: AttributeInfo, stated: list[list[tuple[str, str]]]) -> bool:
    """Whether the attribute has records for every scope value stated (each said value may
    be one of several keys' values)."""
    return all(any(v in info.scope_values.get(k, ()) for k, v in pairs) for pairs in stated)


def _stem_anchors(
    one_owner: list[tuple[int, str]], taken: set[int], anchored: set[str]
) -> list[Anchor]:
    """An entity named by a word of its name in another form: "book travel" for
    `travel_booking`, when no other entity has that word (`one_owner`, by `_name_words`) and
    the word is no other name's."""
    anchors = []
    for i, entity in one_owner:
        if i not in taken and entity not in anchored:
            anchored.add(entity)
            anchors.append(Anchor(entity, i, i + 1, 0))
    return anchors
