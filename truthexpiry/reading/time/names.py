"""What the catalog tells the time reader: which words are names, and which attributes hold
dates. Built once per catalog (it holds names only, nothing from a question)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.values import ValueType
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import PhraseTable, Token, find_phrases, tokenize

# Words too general to say that a question is about a date-valued attribute.
_GENERAL = frozenset("date day time last next first start end".split())
_KEPT = 4  # catalog versions whose vocabulary is kept
_STEM = 5  # "effect" and "effective" name the same thing: compare the first letters of longer words


@dataclass(frozen=True, slots=True)
class TimeVocabulary:
    names: PhraseTable  # names of two words or more: a word inside one is not a cue
    date_words: frozenset[str]  # words that name an attribute whose values are dates

    def name_positions(self, tokens: list[Token]) -> frozenset[int]:
        """Positions of the tokens that are part of a name of two words or more."""
        found = find_phrases(tokens, self.names)
        return frozenset(i for match in found for i in range(match.start, match.end))

    def about_a_date(self, tokens: list[Token]) -> bool:
        """Whether the tokens name an attribute whose values are dates (`deadline`, `due`)."""
        date_words = self.date_words
        return bool(date_words) and any(token.key[:_STEM] in date_words for token in tokens)


def time_vocabulary(catalog: Catalog) -> TimeVocabulary:
    """The catalog's time vocabulary, built once per catalog version (by fingerprint): it holds
    names only, so it may outlive a request."""
    vocabulary = _BUILT.get(catalog.fingerprint)
    if vocabulary is None:
        vocabulary = _build(catalog)
        if len(_BUILT) >= _KEPT:
            _BUILT.pop(next(iter(_BUILT)), None)
        _BUILT[catalog.fingerprint] = vocabulary
    return vocabulary


def _build(catalog: Catalog) -> TimeVocabulary:
    names: set[str] = set()
    date_words: set[str] = set()
    for entity in catalog.entities.values():
        names.update(_phrases((entity.name, entity.label, *entity.aliases)))
    # An attribute's spellings repeat across entities (5,000 entities with `rate_limit`): each
    # distinct set is read once per build (a local memo: names only, nothing outlives it).
    spellings_read: dict[tuple[str, ...], set[str]] = {}
    for info in catalog.attributes.values():
        spellings = (info.attribute, info.label, *info.aliases)
        spelled = spellings_read.get(spellings)
        if spelled is None:
            spelled = spellings_read[spellings] = _phrases(spellings)
        names.update(spelled)
        if info.value_type is ValueType.DATE:
            words = {word for phrase in spelled for word in phrase.split()}
            date_words.update(_stem(w) for w in words - _GENERAL if w not in STOPWORDS)
    long_names = {name for name in names if " " in name}
    return TimeVocabulary(PhraseTable.of(long_names), frozenset(date_words))


_BUILT: dict[str, TimeVocabulary] = {}


def _phrases(spellings: Iterable[str]) -> set[str]:
    found = set()
    for spelling in spellings:
        keys = [token.key for token in tokenize(spelling.replace("_", " "))]
        if keys:
            found.add(" ".join(keys))
    return found


def _stem(word: str) -> str:
    return word[:_STEM]  # a shorter word whole
