"""Availability words and negation: `no longer available` means disabled, `not banned` enabled.

The words are in `value_words`; this module only reads them.
"""

from __future__ import annotations

from truthexpiry.text.words import (
    CLAUSE_BREAKS,
    DISABLED,
    ENABLED,
    FILLER_WORDS,
    NEGATORS,
    POLARITY_PHRASES,
    POLARITY_WORDS,
)


def flip(meaning: str) -> str:
    return DISABLED if meaning == ENABLED else ENABLED


def polarity_of(words: list[str]) -> str | None:
    """`["no", "longer", "available"]` -> `disabled`; None when the words are not a polarity."""
    found: str | None = None
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else ""
        meaning = POLARITY_PHRASES.get((word, following))
        width = 2 if meaning else 1
        meaning = meaning or POLARITY_WORDS.get(word)
        if meaning is None:
            if word not in FILLER_WORDS and word not in NEGATORS and word != "longer":
                return None
            index += 1
            continue
        if is_negated(words, index):
            meaning = flip(meaning)
        if found is not None and found != meaning:
            return None
        found = meaning
        index += width
    return found


def is_negated(words: list[str], index: int) -> bool:
    """True when a negator stands up to three words before `words[index]` in the same clause:
    `not`, `never`, `no longer` (contractions arrive split: `isn't` -> `is not`)."""
    for back in range(index - 1, max(index - 4, -1), -1):
        word = words[back]
        if word in NEGATORS or (word == "longer" and back > 0 and words[back - 1] == "no"):
            return True
        if word in CLAUSE_BREAKS or (word in POLARITY_WORDS and word != "no"):
            return False
    return False
