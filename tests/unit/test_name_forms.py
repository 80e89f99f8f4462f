"""A word of a sentence is read as a word of names by one look-up (`VocabularyIndex.name_forms`)
exactly as by its stem form, its synonym, and the stems' attributes and entities in turn."""

from __future__ import annotations

from functools import cache

import pytest

from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.reading.lexicon.name_words import NameForm
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex, vocabulary_index
from truthexpiry.text.words import NAME_SYNONYMS

_NAMES = sorted(p.name.removesuffix("_records.json") for p in DATA.glob("*_records.json"))


@cache
def _index(name: str) -> VocabularyIndex:
    path = DATA / f"{name}_records.json"
    return vocabulary_index(LifecycleRecordRepository.from_path(path).catalog)


def _form_the_long_way(key: str, index: VocabularyIndex) -> NameForm | None:
    stemmed = index.stem_forms.get(key, "")
    word = NAME_SYNONYMS.get(key) or stemmed
    attributes = index.attribute_stems.get(word, frozenset()) if word else frozenset()
    owners = index.entity_stems.get(stemmed, frozenset())
    owner = next(iter(owners)) if len(owners) == 1 else ""
    return NameForm(word, attributes, owner) if attributes or owner else None


@pytest.mark.parametrize("name", _NAMES)
def test_name_forms_read_each_word_as_its_stem_and_synonym_would(name: str) -> None:
    index = _index(name)
    words = {*index.stem_forms, *NAME_SYNONYMS, *index.known_words, "zebra", "shut", "closes"}
    for key in sorted(words):
        assert index.name_forms.get(key) == _form_the_long_way(key, index), key


def test_shut_names_what_closing_names() -> None:
    index = _index("brookside")  # its attributes have "closing" in their names
    shut, closes = index.name_forms["shut"], index.name_forms["closes"]
    assert shut.word == closes.word == "clos"
    assert shut.attributes == closes.attributes == index.attribute_stems["clos"]
