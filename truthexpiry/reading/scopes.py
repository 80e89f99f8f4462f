"""Scope values in a sentence, its clauses, and which scope values belong to which value.

Clauses are cut at commas, semicolons, colons and conjunctions, but not inside a list of scope
values ("Starter and Pro get 50"). A value takes the scope values of its own clause; for a key
its clause does not state, the nearest clause that states no value ("On Pro, the limit is 50").
A name the catalog does not know, said where a scope value would be ("on Basic", "the Basic
plan"), is kept as that scope value, so that the answer can say no record has it. A range of
days ("mon-fri") is the day type records name it by (`day_ranges.py`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from operator import attrgetter

from truthexpiry.models.errors import InvalidClaimKeyError
from truthexpiry.models.records.claim_key import normalise_scope_value
from truthexpiry.reading.day_ranges import day_ranges
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.reading.values_in_text import FoundValue
from truthexpiry.rules.scope import GLOBAL
from truthexpiry.text.tokens import Kind, Token, find_phrases
from truthexpiry.text.words import CLAUSE_BREAKS, MONTHS
from truthexpiry.values.spans import may_start_a_value

Pair = tuple[str, str]
_SCOPE_BEFORE = frozenset({"on", "for", "in", "at", "the"})
_JOINERS = frozenset({"and", "or"})
# Nouns for the people a scope value groups: "Diamond members", "Enterprise customers".
_GROUP_NOUNS = frozenset("member customer user subscriber account employee client".split())
_MIN_ABBREVIATION = 3
_MAX_PHRASE_WORDS = 2
# Before a phrase that ends a clause and names a kind of day, season or group: "on bank
# holidays", "in summer"; never "at" ("at midnight" is a time).
_PHRASE_BEFORE = frozenset({"on", "in"})
_YEAR_DIGITS = 4
_KEY = attrgetter("key")
_WORD = Kind.WORD  # read through its class, a lookup each time
_Mention = tuple[int, int, list[tuple[str, str]]]


class ScopeFinder:
    def __init__(self, tokens: list[Token], index: VocabularyIndex, taken: set[int]) -> None:
        self._tokens = tokens
        self._index = index
        self._mentions = _mentions(tokens, index, taken)
        self.taken = {i for start, end, _ in self._mentions for i in range(start, end)}
        self._names = taken
        self._clauses: list[int] = []
        # The scope values said in each clause that says any, in the order they are said.
        self._in_clause: dict[int, list[list[Pair]]] = {}
        self._cut(_clauses(tokens, self._mentions))
        self._valued: set[int] = set()
        self._leading: list[int] = []  # in order
        self._unknown: list[int] | None = None  # see `_unknown_at`

    def _cut(self, clauses: list[int]) -> None:
        """Take `clauses` (a clause number per token) as the sentence's clauses."""
        self._clauses = clauses
        self._in_clause = {}
        for start, _, pairs in self._mentions:
            self._in_clause.setdefault(clauses[start], []).append(pairs)

    def stated_keys(self) -> set[str]:
        """The scope keys the sentence's scope values may belong to."""
        return {key for _, _, pairs in self._mentions for key, _ in pairs}

    def clause_of(self, i: int) -> int:
        return self._clauses[i] if i < len(self._clauses) else -1

    def note_values(self, values: list[FoundValue], first_name: int) -> None:
        """Record which clauses state values, and where the sentence's first name stands:
        scope values before it ("In the UK, ...") speak for the whole sentence. A value that
        holds a clause's break ("twelve and a half percent") is one clause with what follows."""
        first = min(first_name, values[0].start) if values else first_name  # left to right
        # Only a sentence cut somewhere can be cut less (`_clauses` numbers clauses upwards).
        if not self._clauses or self._clauses[-1] == 0:  # one clause (most sentences)
            self._valued = {0} if values else set()
            self._leading = [0] if self._mentions and self._mentions[0][0] < first else []
            return
        inside = {i for v in values for i in range(v.start + 1, v.end)}
        if any(self._tokens[i].key in CLAUSE_BREAKS for i in inside):
            self._cut(_clauses(self._tokens, self._mentions, inside))
        clauses = self._clauses
        self._valued = {clauses[v.start] for v in values}
        self._leading = sorted({clauses[s] for s, _, _ in self._mentions if s < first})

    def for_value(self, pair: Pair, at: int, anchor: int) -> dict[str, list[str]]:
        """The scope values bound to a value of `pair` at token `at`, named at `anchor`: its
        own clause's, else the nearest valueless clause's, else its name's clause's."""
        keys = self._index.infos[pair].scope_values
        count = len(self._clauses)  # clauses are numbered upwards from 0: the last 0, all are
        if count and self._clauses[-1] == 0 and at < count and anchor < count and 0 in self._valued:
            # One clause that states the value and names it (most sentences): none to borrow from.
            return self._with_unknown(keys, self._stated(keys, (0,)), {0})
        clause = self.clause_of(at)
        named = self.clause_of(anchor)
        valueless = self._valueless(clause)
        own = self._stated(keys, (clause,))
        stated = dict(own)
        read = {clause}  # a clause read once lends nothing more when it comes again
        for other in (*valueless, named, *self._leading):
            if other in self._in_clause and other not in read:
                read.add(other)
                for key, values in self._stated(keys, (other,)).items():
                    stated.setdefault(key, values)
        # A key borrowed from another clause yields to an abbreviation in the value's own: in
        # "closes 18:30 weekdays, sat 9:00-13:00" the second clause's times are Saturday's
        # (`sat` begins only `saturday`), not the weekday of the clause before.
        for key in [k for k in stated if k not in own]:
            if found := self._abbreviated(keys[key], {clause}):
                stated[key] = [found]
        # The name's own clause, when it states no value: "US learning budget: $1,200/yr".
        clauses = {clause, *valueless}
        if named not in self._valued:
            clauses.add(named)
        return self._with_unknown(keys, stated, clauses)

    def _valueless(self, clause: int) -> list[int]:
        """The clauses that state scope values and no value, that a value in `clause` may take
        them from: the nearest before it first, then those after it that open with one."""
        others = self._in_clause.keys() - self._valued
        if not others:
            return []  # every clause with a scope value states a value (most sentences)
        return sorted(
            (c for c in others if c < clause or self._opens_with_scope(c)),
            key=lambda c: (c > clause, abs(c - clause)),  # the nearest before, else after
        )

    def _opens_with_scope(self, clause: int) -> bool:
        """A clause after the value lends its scope only when it is one: ", for Starter",
        "(EMEA only)"; not "so it lands before EU open"."""
        opening = [i for i, c in enumerate(self._clauses) if c == clause]
        first = next((i for i in opening if self._tokens[i].key not in CLAUSE_BREAKS), None)
        if first is None:
            return False
        if self._tokens[first].key in _SCOPE_BEFORE:
            first += 1
        return any(start == first for start, _, _ in self._mentions)

    def for_query(self, pair: Pair) -> dict[str, list[str]]:
        """The scope values of a question that asks for a value: all the sentence states."""
        return self.for_subject(self._index.infos[pair].scope_values, asked=True)

    def for_subject(
        self, keys: Mapping[str, Collection[str]], *, asked: bool = False
    ) -> dict[str, list[str]]:
        """The scope values the sentence states anywhere for any of `keys` (each with the
        values records have): what a question about changes narrows to ("what changed for
        Starter in EMEA?"), with a name where a scope value would stand ("for Basic")."""
        every = set(self._clauses)
        return self._with_unknown(keys, self._stated(keys, every), every, asked=asked)

    def _stated(self, keys: Collection[str], clauses: Collection[int]) -> dict[str, list[str]]:
        """The values of `keys` the scope values of `clauses` (each clause once) state."""
        stated: dict[str, list[str]] = {}
        if not self._in_clause:
            return stated  # the sentence says no scope value
        for clause in sorted(clauses):  # in the order said
            for pairs in self._in_clause.get(clause, ()):
                fitting = [(k, v) for k, v in pairs if k in keys]
                if not fitting or (len(fitting) > 1 and len({k for k, _ in fitting}) > 1):
                    continue  # unknown here, or ambiguous between scope keys
                for key, value in fitting:
                    values = stated.setdefault(key, [])
                    if value not in values:
                        values.append(value)
        return stated

    def _with_unknown(
        self,
        keys: Mapping[str, Collection[str]],
        stated: dict[str, list[str]],
        clauses: set[int],
        *,
        asked: bool = False,
    ) -> dict[str, list[str]]:
        """Fill a key the sentence does not state from a word it does not know: a key that
        would be missing from an abbreviation ("dev", "US") or a name where a scope value stands
        ("on Basic"); a key that defaults to `global` only from a name said as one of its kind
        ("the Diamond tier", "Diamond members"), or in a question that asks for a value, from a
        name where a scope value stands ("the fee at Westfield": asked of a place no record has)."""
        unstated = [k for k in keys if k not in stated]
        if not unstated:
            return stated  # every key stated: no unknown word to look for
        missing = [k for k in unstated if GLOBAL not in keys[k]]
        if len(missing) == 1:
            key = missing[0]
            found = (
                self._abbreviated(keys[key], clauses)
                or self._unknown_value(key, clauses)
                or self._closing_phrase(clauses)
            )
            return {**stated, key: [found]} if found else stated
        if len(unstated) == 1 and not missing:
            key = unstated[0]
            found = self._unknown_value(key, clauses, named_kind_only=not asked)
            return {**stated, key: [found]} if found else stated
        return stated

    def _unknown_at(self) -> list[int]:
        """Where the words no vocabulary knows (`unknown_word`) stand outside the names and
        the scope values, found once per sentence: the readers of such words look only there."""
        if self._unknown is None:
            index, names, taken = self._index, self._names, self.taken
            familiar = index.familiar_words  # `unknown_word`, read inline: a call per word
            self._unknown = [
                i
                for i, token in enumerate(self._tokens)
                if token.key not in familiar
                and token.kind is _WORD
                and token.key.isalpha()
                and i not in names
                and i not in taken
            ]
        return self._unknown

    def _abbreviated(self, values: Collection[str], clauses: set[int]) -> str | None:
        """`dev` for `developer`, `ent` for `enterprise`: an unknown word that begins exactly
        one of the key's values."""
        unknown = self._unknown_at()
        capitals = [i for i, t in enumerate(self._tokens) if t.upper and t.key.isalpha()]
        for i in sorted({*unknown, *capitals}) if capitals else unknown:
            token = self._tokens[i]
            if i in self._names or i in self.taken or self._clauses[i] not in clauses:
                continue
            shouted = token.upper and token.key.isalpha()  # "US" for `usa`, even if a word
            if not shouted and (len(token.key) < _MIN_ABBREVIATION or i not in unknown):
                continue
            found = [v for v in values if v != GLOBAL and v.startswith(token.key)]
            if len(found) == 1:
                return found[0]
        return None

    def _unknown_value(
        self, key: str, clauses: set[int], *, named_kind_only: bool = False
    ) -> str | None:
        """`on Basic`, `for the Gold tier`, `Diamond members`: a word no vocabulary knows,
        where a scope value would stand."""
        tokens = self._tokens
        for i in self._unknown_at():
            token = tokens[i]
            if self._clauses[i] not in clauses:
                continue
            before = tokens[i - 1].key if i > 0 else ""
            after = tokens[i + 1].key if i + 1 < len(tokens) else ""
            kind = after == key or (token.capital and after in _GROUP_NOUNS)
            # "the student membership": a word no vocabulary knows before a name says which
            # kind of it, when one scope key is missing
            modifier = not named_kind_only and i + 1 in self._names and before in _SCOPE_BEFORE
            if (
                kind
                or modifier
                or (not named_kind_only and token.capital and i > 0 and before in _SCOPE_BEFORE)
            ):
                try:
                    return normalise_scope_value(token.text)
                except InvalidClaimKeyError:
                    return None
        return None

    def _closing_phrase(self, clauses: set[int]) -> str | None:
        """`on bank holidays`, `in summer`: one or two words no vocabulary knows, in lower
        case, after "on" or "in" at the end of a clause. Read only for a key that would
        otherwise be missing, so the answer names the value no record has."""
        tokens = self._tokens
        for i in self._unknown_at():  # the phrase's first word is one
            if i == 0 or tokens[i - 1].key not in _PHRASE_BEFORE or self._clauses[i] not in clauses:
                continue
            for length in (1, _MAX_PHRASE_WORDS):
                words = tokens[i : i + length]
                end = i + length
                if len(words) < length or not all(
                    self._free(i + n, t) for n, t in enumerate(words)
                ):
                    break
                if (
                    end == len(tokens)
                    or tokens[end].key in CLAUSE_BREAKS
                    or tokens[end].kind is Kind.PUNCT
                ):
                    return "_".join(t.key for t in words)
        return None

    def _free(self, i: int, token: Token) -> bool:
        """An unknown lower-case word that is no name, no scope value and no value."""
        return i in self._unknown_at() and not token.capital and not may_start_a_value(token)


def unknown_word(token: Token, index: VocabularyIndex) -> bool:
    """A word no vocabulary knows: no name, scope value or value word of the catalog, and no
    common word (a stopword, a weak word of names, a month)."""
    key = token.key
    return token.kind is _WORD and key not in index.familiar_words and key.isalpha()


def _mentions(tokens: list[Token], index: VocabularyIndex, taken: set[int]) -> list[_Mention]:
    """The scope values said outside `taken`, in the order said: the catalog's phrases (not the
    year of a date), and ranges of days ("mon-fri" where records say `weekday`)."""
    mentions: list[_Mention] = [
        (m.start, m.end, index.scopes[m.phrase])
        for m in find_phrases(tokens, index.scope_table, taken)
        if not _year_of_a_date(tokens, m.start, m.end)
    ]
    ranges = day_ranges(tokens)
    if not ranges:  # no range of days (most sentences)
        return mentions
    days = [
        (start, end, index.scopes[phrase])
        for start, end, phrase in ranges
        if phrase in index.scopes and not taken & set(range(start, end))
    ]
    if days:  # the phrases come in order, left to right
        mentions += days
        mentions.sort(key=lambda mention: mention[0])
    return mentions


def _clauses(
    tokens: list[Token], mentions: list[_Mention], inside: Collection[int] = ()
) -> list[int]:
    """Clause numbers per token. A list of scope values ("Starter, Pro and Business") is one
    clause: a comma inside it does not cut, as long as the list goes on to "and" or "or";
    nor does a word `inside` a value."""
    if CLAUSE_BREAKS.isdisjoint(map(_KEY, tokens)):
        return [0] * len(tokens)  # no word that could cut (most sentences): one clause
    ends = {end for _, end, _ in mentions}
    starts = {start for start, _, _ in mentions}
    clause = 0
    ids = []
    for i, token in enumerate(tokens):
        if (
            token.key in CLAUSE_BREAKS
            and i not in inside
            and not _inside_list(tokens, i, starts, ends)
            and not _inside_date(tokens, i)
        ):
            clause += 1
        ids.append(clause)
    return ids


def _year_of_a_date(tokens: list[Token], start: int, end: int) -> bool:
    """`2026` in "Dec 5, 2026" or "5 December 2026" is the date's year, not a scope value."""
    if end - start != 1 or not (tokens[start].key.isdigit() and len(tokens[start].key) == 4):
        return False
    before = [t.key for t in tokens[max(start - 3, 0) : start]]
    return bool(before) and (
        before[-1] in MONTHS or (before[-1] == "," and len(before) == 3 and before[0] in MONTHS)
    )


def _inside_date(tokens: list[Token], i: int) -> bool:
    """The comma of "February 27, 2026"."""
    return (
        tokens[i].key == ","
        and 2 <= i < len(tokens) - 1
        and tokens[i - 2].key in MONTHS
        and tokens[i + 1].key.isdigit()
        and len(tokens[i + 1].key) == _YEAR_DIGITS
    )


def _inside_list(tokens: list[Token], i: int, starts: set[int], ends: set[int]) -> bool:
    if i not in ends or i + 1 not in starts:
        return False
    if tokens[i].key in _JOINERS:
        return True
    for j in range(i + 1, len(tokens)):  # a comma: only if the list ends with and/or
        if tokens[j].key in _JOINERS:
            return j in ends and j + 1 in starts
        if tokens[j].key == "," and not (j in ends and j + 1 in starts):
            return False
    return False
