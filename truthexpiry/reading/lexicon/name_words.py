"""The words of names: which words are too weak to name anything alone, and the crude stem that
matches a name's words in other forms. Catalog words and sentence words alike are read here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from truthexpiry.text.tokens import phrase_key
from truthexpiry.text.words import (
    ARTICLES_AS_ONE,
    CURRENCIES,
    NAME_SYNONYMS,
    NUMBER_WORDS,
    POLARITY_WORDS,
    UNITS,
)

Pair = tuple[str, str]

# Words that never identify an entity on their own, even when only one name contains them:
# function words, units ("days" in "14 days" is not `same_day_delivery`), values and numbers.
WEAK_WORDS = frozenset(
    "a an the of for to in on at by and or is are be new old max min limit per all any my our "
    "your this that it its".split()
) | {phrase_key(w) for w in (*UNITS, *CURRENCIES, *POLARITY_WORDS, *NUMBER_WORDS, *ARTICLES_AS_ONE)}
_SUFFIXES = ("ments", "ment", "ings", "ing", "ies", "ied", "es", "ed", "s", "e")
# The suffixes by their last letter, in `_SUFFIXES`' order: a word is tried only against the
# suffixes it can end with.
_BY_END = {
    end: tuple(suffix for suffix in _SUFFIXES if suffix[-1] == end)
    for end in {suffix[-1] for suffix in _SUFFIXES}
}
MIN_STEM_WORD = 4


def stem(word: str) -> str:
    """A crude stem for matching a name's words in other forms: `closes`, `closing` -> `clos`,
    `booking` -> `book`. Only for words of four letters or more."""
    suffixes = _BY_END.get(word[-1:]) if len(word) >= MIN_STEM_WORD else None
    if suffixes is None or not word.isalpha():
        return word
    for suffix in suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return _one_spelling(word[: -len(suffix)])
    return _one_spelling(word)


def stem_forms(stems: Iterable[str]) -> dict[str, str]:
    """Every word whose stem is one of `stems`, with that stem. A word's stem is the word, or
    the word without one of the suffixes, with a doubled final `l` said once: so a word stems
    to `s` only if it is `s` (or `s` + "l" when `s` ends in "l"), bare or with a suffix, and
    those are all tried."""
    wanted = frozenset(stems)
    forms = {}
    for known in wanted:
        for base in (known, known + "l") if known.endswith("l") else (known,):
            for suffix in ("", *_SUFFIXES):
                word = base + suffix
                found = stem(word)
                if found in wanted:
                    forms[word] = found
    return forms


def _one_spelling(stem: str) -> str:
    """British and American spellings of one word meet: `enrolment` and `enrollment`,
    `cancelled` and `canceled` (a doubled final `l` is said once)."""
    return stem[:-1] if len(stem) > MIN_STEM_WORD and stem.endswith("ll") else stem


def strong_stems(*names: str) -> frozenset[str]:
    """The stems of the words of `names` that may name something on their own."""
    words = {w for name in names for w in phrase_key(name).split()}
    return frozenset(stem(w) for w in words if w not in WEAK_WORDS and len(w) >= 3)


class NameForm(NamedTuple):
    """What a word says as a word of names: its stem (or the stem of the word it is said
    for: "shut" for "clos"), the attributes whose names have that stem, and the one entity
    whose name has the word's own stem ("" when none or several have it)."""

    word: str
    attributes: frozenset[Pair]
    owner: str


def name_forms(
    forms: Mapping[str, str],
    attribute_stems: Mapping[str, frozenset[Pair]],
    entity_stems: Mapping[str, frozenset[str]],
) -> dict[str, NameForm]:
    """Every word of `forms` (by `stem_forms`) or of `NAME_SYNONYMS` that names an attribute
    or one entity, with what it names: a sentence's word is then read by one look-up."""
    found = {}
    for key in forms.keys() | NAME_SYNONYMS.keys():
        stemmed = forms.get(key, "")
        word = NAME_SYNONYMS.get(key) or stemmed
        owners = entity_stems.get(stemmed, frozenset())
        form = NameForm(
            word,
            attribute_stems.get(word, frozenset()),
            next(iter(owners)) if len(owners) == 1 else "",
        )
        if form.attributes or form.owner:
            found[key] = form
    return found
