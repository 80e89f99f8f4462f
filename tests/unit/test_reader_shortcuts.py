"""A word no vocabulary knows is found by one set of familiar words
(`VocabularyIndex.familiar_words`) exactly as by each vocabulary and list of common words in
turn."""

from __future__ import annotations

from functools import cache

import pytest

from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.reading.lexicon.name_words import WEAK_WORDS
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex, vocabulary_index
from truthexpiry.reading.scopes import unknown_word
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import Kind, Token, sentences
from truthexpiry.text.words import MONTHS

_NAMES = sorted(p.name.removesuffix("_records.json") for p in DATA.glob("*_records.json"))


@cache
def _index(name: str) -> VocabularyIndex:
    path = DATA / f"{name}_records.json"
    return vocabulary_index(LifecycleRecordRepository.from_path(path).catalog)


def _unknown_the_long_way(token: Token, index: VocabularyIndex) -> bool:
    key = token.key
    return (
        token.kind is Kind.WORD
        and key.isalpha()
        and key not in index.known_words
        and key not in WEAK_WORDS
        and key not in STOPWORDS
        and key not in MONTHS
    )


def _words(index: VocabularyIndex) -> list[str]:
    return sorted({*index.known_words, *WEAK_WORDS, *STOPWORDS, *MONTHS})


@pytest.mark.parametrize("name", _NAMES)
def test_familiar_words_find_the_unknown_words_each_vocabulary_would(name: str) -> None:
    index = _index(name)
    text = " ".join(_words(index)) + " Basic Westfield zebra on-prem dev US 12 mon-fri"
    for sentence in sentences(text):
        for token in sentence.tokens:
            assert unknown_word(token, index) == _unknown_the_long_way(token, index)
