"""The value readers' shortcuts give what the full reads give: an "on" or "off" that is no state
states nothing by the polarity and modal reads either, and a sentence with one bound value states
what grouping and settling its bindings would."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.models.answering.questions import Statement
from truthexpiry.reading.binding import Binding, bind
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.reading.reader import _analyse, _combinations, _groups, _scoped, _settle, _stated
from truthexpiry.reading.scopes import ScopeFinder
from truthexpiry.reading.values_in_text import _on_is_a_state, _state
from truthexpiry.text.tokens import Kind, sentences

INDEX = vocabulary_index(
    LifecycleRecordRepository.from_path(DATA / "cloudnest_records.json").catalog
)
_PIECES = [
    *"Starter Enterprise Pro EU US dev Basic region plan".split(),
    *"report export SSO login dark mode api rate limit seat available enabled disabled".split(),
    *"is Is was now on off On turned switched sign log not never can cannot for in".split(),
    *"the at and or but , ; : ( ) ? 50 30 days 100 requests per minute 12.5% $1,200".split(),
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=16).map(" ".join)


@given(_TEXTS)
def test_an_on_or_off_that_is_no_state_states_nothing(text: str) -> None:
    for sentence in sentences(text):
        tokens = sentence.tokens
        words = [t.key if t.kind is not Kind.WORD else t.text for t in tokens]
        for i, token in enumerate(tokens):
            if token.kind is not Kind.WORD or token.text not in ("on", "off"):
                continue
            if not _on_is_a_state(tokens, i):
                assert _state(tokens, words, i) is None


def _stated_the_long_way(bindings: list[Binding], scopes: ScopeFinder) -> list[Statement]:
    scoped = _scoped([b for b in bindings if b.unique], scopes, INDEX)
    statements = []
    for group in _groups(scoped).values():
        settled = _settle(group)
        if settled and settled[0].value is not None:
            pair, scope_sets = settled[0].pair, _combinations(settled[0].scope)
            statements.append(Statement(pair[0], pair[1], scope_sets, settled[0].value, False))
    return statements


@given(_TEXTS)
def test_statements_are_those_of_the_settled_groups(text: str) -> None:
    for sentence in sentences(text):
        analysed = _analyse(sentence.tokens, INDEX)
        if analysed is None:
            continue
        names, scopes, values = analysed
        bindings = bind(sentence.tokens, names, values, INDEX, scopes.clause_of)
        assert _stated(bindings, scopes, INDEX) == _stated_the_long_way(bindings, scopes)
