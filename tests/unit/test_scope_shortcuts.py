"""The scope reader's shortcuts give what the full reads give: the words no vocabulary knows are
found once, outside the names and the scope values, where `unknown_word` finds them; a sentence of
one clause notes the clauses that state values and the scope values before its first name as a
sentence cut into clauses does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.reading.names import Names, find_names
from truthexpiry.reading.scopes import ScopeFinder, unknown_word
from truthexpiry.reading.values_in_text import find_values
from truthexpiry.text.tokens import Token, sentences

INDEX = vocabulary_index(
    LifecycleRecordRepository.from_path(DATA / "cloudnest_records.json").catalog
)
_PIECES = [
    *"Starter Enterprise Pro EU US EMEA dev ent Basic Diamond members customers".split(),
    *"region plan".split(),
    *"report export SSO login dark mode api rate limit seat available enabled disabled".split(),
    *"is was now on off for in the at of and or but , ; : ( ) summer holidays bank".split(),
    *"50 30 days 100 requests per minute 12.5% $1,200 mon-fri March 5 2026 zebra".split(),
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=16).map(" ".join)


def _readers(text: str) -> list[tuple[list[Token], Names, ScopeFinder]]:
    read = []
    for sentence in sentences(text):
        names = find_names(sentence.tokens, INDEX)
        read.append((sentence.tokens, names, ScopeFinder(sentence.tokens, INDEX, names.taken)))
    return read


@given(_TEXTS)
def test_unknown_words_are_where_unknown_word_finds_them_outside_names_and_scopes(
    text: str,
) -> None:
    for tokens, names, scopes in _readers(text):
        outside = names.taken | scopes.taken
        expected = [i for i, t in enumerate(tokens) if unknown_word(t, INDEX) and i not in outside]
        assert scopes._unknown_at() == expected


@given(_TEXTS)
def test_noted_clauses_are_those_the_clause_numbers_give(text: str) -> None:
    for tokens, names, scopes in _readers(text):
        values = find_values(tokens, INDEX, names.taken | scopes.taken)
        first_name = names.anchors[0].start if names.anchors else len(tokens)
        scopes.note_values(values, first_name)
        first = min([first_name, *(v.start for v in values)])
        assert scopes._valued == {scopes.clause_of(v.start) for v in values}
        before = {scopes.clause_of(start) for start, _, _ in scopes._mentions if start < first}
        assert scopes._leading == sorted(before)
