"""A screen on a message's raw text, before it is tokenised: most messages name nothing a
question asked about, and tokenising them only to find that out was most of a message's cost.

`TopicScreen` (the screen on tokens) passes a sentence only when a token's key, its stem, the
word it is a synonym of, or a word of its key is a name word of a topic, or a token's key (or a
word of it) is a scope word of a topic. Each of those forms is a prefix of a token's key or of a
word of it, and a token's key is its lower-cased text with at most a plural ending changed
(`policies` -> `policy`, `walk-ins` -> `walk in`). So the name's word, less a final `y`, stands
in the message's lower-cased text (as the tokenizer reads it: `tokens.read_form`) wherever the
token screen could pass one of its sentences, at the start of a token (after a character that
is not a letter): no sentence of a message whose text holds none of the topics' words so
shortened, so placed, can pass the token screen, and the message is not tokenised.

A word with anything but letters (a number, whose key loses its thousands commas) could be
missed that way: a topic with such a word gets no text screen (`None`), and every message is
tokenised and its sentences screened by their tokens as before. Matchers are built from catalog
words only (the topics are the catalog's entities), once per catalog version and set of topics.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from truthexpiry.reading.lexicon.topic_screen import TopicScreen
from truthexpiry.text.words import NAME_SYNONYMS

TextTest = Callable[[str], bool]  # a text's read form -> may it be about the topics?
# A token starts where the character before it cannot go on a word: not a letter the tokenizer
# reads as one once lower-cased (`[a-z]` ignoring case also takes U+0131 dotless i, U+017F long
# s, and U+0130 and U+212A, which lower-case to `i` and `k`). A digit may come before: "15kg" is
# a number and "kg".
_WORD_START = "(?<![a-z\u0131\u017f])"
_KEPT = 512  # matchers kept, each for one catalog version and one set of topics


def text_screen(screen: TopicScreen, fingerprint: str, topics: frozenset[str]) -> TextTest | None:
    """The test for `topics` over `screen`'s words (the catalog `fingerprint`'s), or None when
    the raw text cannot tell (a topic's word is not all letters)."""
    key = (fingerprint, topics)
    if key in _BUILT:
        return _BUILT[key]
    built = _matcher(_probes(screen, topics))
    if len(_BUILT) >= _KEPT:
        _BUILT.clear()
    _BUILT[key] = built
    return built


def _probes(screen: TopicScreen, topics: frozenset[str]) -> set[str] | None:
    """The shortened forms of every word by which a sentence may name the topics or state
    their scope values; None when one of them is not all letters."""
    words = set(_about(screen.names, topics))
    words.update(synonym for synonym, word in NAME_SYNONYMS.items() if word in words)
    words.update(_about(screen.scopes, topics))
    probes = set()
    for word in words:
        if not word.isalpha():
            return None
        probes.add(word[:-1] if word.endswith("y") and len(word) > 1 else word)
    return probes


def _about(table: Mapping[str, frozenset[str]], topics: frozenset[str]) -> Iterable[str]:
    return (word for word, entities in table.items() if not topics.isdisjoint(entities))


def _matcher(probes: set[str] | None) -> TextTest | None:
    if probes is None:
        return None
    if not probes:
        return _nothing
    # Longest first, so that the pattern reads like the set it stands for; any hit will do.
    words = "|".join(re.escape(p) for p in sorted(probes, key=(lambda p: -len(p))))
    pattern = re.compile(f"{_WORD_START}(?:{words})")
    return lambda text: pattern.search(text) is not None


def _nothing(_: str) -> bool:
    return False


_BUILT: dict[tuple[str, frozenset[str]], TextTest | None] = {}
