"""Compound nouns around an entity's name: when a name in a sentence is not the entity.

"An adult card" where `card_type` has the value `adult` is that scope value and its key's word,
not the entity `card`. "A debit card" or "a gift card" is a card, but another kind of thing than
the library's `card`: a one-word name after a lower-case word no vocabulary knows is read as a
compound of another thing, and the name counts only as a word in passing (it binds a value, or
stands beside a scope value, but raises no topic of its own). The word before must be a noun-like
modifier: not a function word, a quantifier ("many books"), a known name or value, or a capitalised
word, which names a place or a kind ("the Westfield pool", read by `scopes.py` as a scope value).
Only the word before is considered: a word after ("card reader") is left to the attribute names.
"""

from __future__ import annotations

from truthexpiry.reading.lexicon.name_words import WEAK_WORDS, stem
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import Kind, Token

# Quantifiers and determiners, which come before a name without making a compound of it.
_QUANTIFIERS = frozenset("many much few fewer several most every each both other another".split())


def names_the_key(tokens: list[Token], at: int, index: VocabularyIndex) -> bool:
    """Whether the word at `at` is a word of the scope key of the scope value just before it:
    "card" in "adult card" where `card_type` has the value `adult`, "tier" in "Gold tier"."""
    word = tokens[at].key
    if word not in index.scope_key_parts:  # most words are no part of any scope key
        return False
    for start in range(max(at - 3, 0), at):
        phrase = " ".join(t.key for t in tokens[start:at])
        for key, _ in index.scopes.get(phrase, ()):
            if word in key.split("_"):
                return True
    return False


def another_kind(tokens: list[Token], start: int, end: int, index: VocabularyIndex) -> bool:
    """A one-word name after a word no vocabulary knows, in lower case, makes a compound noun
    of another thing ("debit card", "gift card" beside the entity `card`): that name is then
    only a word in passing, which counts when it binds a value or beside a scope value. A
    capitalised word before it ("the Westfield pool") is a name of a place or a kind: a
    scope value the records may not have, so the name stays whole."""
    if end - start != 1 or start == 0:
        return False
    before = tokens[start - 1]
    return (
        before.kind is Kind.WORD
        and before.key.isalpha()
        and not before.capital
        and before.key not in index.known_words
        and stem(before.key) not in index.attribute_stems
        and before.key not in WEAK_WORDS
        and before.key not in STOPWORDS
        and before.key not in _QUANTIFIERS
    )
