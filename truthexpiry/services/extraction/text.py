"""Tokens, sentences and phrase matching for the rules extractor.

Text is lower-cased, contractions are opened (`isn't` -> `is not`), and split into sentences and
tokens. Every token has a `key` used for matching: words singular, `-` and `_` read as spaces, so
`eu-central`, `eu central` and `EU_Central` all match the phrase `eu central`, while `r-102` or
`2024-06-01` stay opaque identifiers and never read as numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from truthexpiry.services.value_words import UNIT_ALIASES
from truthexpiry.services.values import singular

# Work per text is bounded: longer texts are cut (the sanitizer at the edge bounds them first).
MAX_TEXT_CHARS = 4000
_SENTENCE = re.compile(r"(?:[^.!?;\n]|[.!?](?=[^\s.!?;]))+(?:[.!?;]+|\n|$)")
_TOKEN = re.compile(r"(\d{1,3}(?:,\d{3})+)|([a-z0-9%]+(?:[-_./][a-z0-9%]+)*)|([,:()])")
_NUMBER = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?k?)$")
_NUMBER_WITH_WORD = re.compile(r"^(\d+(?:\.\d+)?)(?:[-_]([a-z]+)|([a-z%]+))$")
_CONTRACTION = re.compile("n['\u2019]t\\b")
_POSSESSIVE = re.compile("['\u2019]s\\b")


class Kind(Enum):
    WORD = "word"
    NUMBER = "number"
    PUNCT = "punct"


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    key: str
    kind: Kind


@dataclass(frozen=True, slots=True)
class Sentence:
    tokens: list[Token]
    asks: bool  # ends with a question mark or opens like a question

    @property
    def opener(self) -> str:
        return self.tokens[0].key if self.tokens else ""


def sentences(text: str) -> list[Sentence]:
    """The sentences of `text`, tokenized."""
    cleaned = _POSSESSIVE.sub("", _CONTRACTION.sub(" not", text[:MAX_TEXT_CHARS].lower()))
    result = []
    for match in _SENTENCE.finditer(cleaned):
        chunk = match.group().strip()
        tokens = tokenize(chunk)
        if tokens:
            asks = chunk.endswith("?") or tokens[0].key in _QUESTION_OPENERS
            result.append(Sentence(tokens, asks))
    return result


def tokenize(chunk: str) -> list[Token]:
    tokens: list[Token] = []
    for grouped, word, punct in _TOKEN.findall(chunk):
        if punct:
            tokens.append(Token(punct, punct, Kind.PUNCT))
        elif grouped or _NUMBER.match(word):
            text = grouped or word
            tokens.append(Token(text, text.replace(",", ""), Kind.NUMBER))
        else:
            tokens.extend(_word_tokens(word))
    return tokens


def _word_tokens(word: str) -> list[Token]:
    match = _NUMBER_WITH_WORD.match(word)
    if match and (match[2] or match[3] in UNIT_ALIASES):
        unit = match[2] or match[3]
        return [Token(match[1], match[1], Kind.NUMBER), Token(unit, singular(unit), Kind.WORD)]
    return [Token(word, phrase_key(word), Kind.WORD)]


def phrase_key(text: str) -> str:
    """Matching form of a word or phrase: `Reports-Export` -> `report export`."""
    if text.isalnum():
        return singular(text.lower())
    return " ".join(singular(w) for w in re.split(r"[\s\-_]+", text.strip().lower()) if w)


_QUESTION_OPENERS = frozenset(
    "is are was were does do did has have can could will would should which what how when".split()
)


@dataclass(frozen=True, slots=True)
class PhraseMatch:
    start: int
    end: int
    phrase: str


@dataclass(frozen=True, slots=True)
class PhraseTable:
    """A set of phrases prepared for matching: `starts` holds every word-prefix of every phrase,
    so a scan can stop as soon as the words seen so far begin no phrase."""

    phrases: frozenset[str]
    starts: frozenset[str]
    max_tokens: int

    @classmethod
    def of(cls, phrases: Iterable[str]) -> PhraseTable:
        known = frozenset(phrases)
        starts: set[str] = set()
        longest = 1
        for phrase in known:
            words = phrase.split()
            longest = max(longest, len(words))
            starts.update(" ".join(words[:n]) for n in range(1, len(words) + 1))
        return cls(known, frozenset(starts), longest)


def find_phrases(
    tokens: list[Token], table: PhraseTable, taken: set[int] | None = None
) -> list[PhraseMatch]:
    """Longest-first, non-overlapping matches of the table's phrases; punctuation breaks them."""
    found: list[PhraseMatch] = []
    count = len(tokens)
    index = 0
    while index < count:
        token = tokens[index]
        if (
            token.kind is not Kind.WORD
            or token.key not in table.starts
            or (taken and index in taken)
        ):
            index += 1
            continue
        phrase = token.key
        best = index + 1 if phrase in table.phrases else 0
        best_phrase = phrase
        end = index + 1
        while end < count and end - index < table.max_tokens:
            following = tokens[end]
            if following.kind is Kind.PUNCT or (taken and end in taken):
                break
            phrase = f"{phrase} {following.key}"
            if phrase not in table.starts:
                break
            end += 1
            if phrase in table.phrases:
                best, best_phrase = end, phrase
        if best:
            found.append(PhraseMatch(index, best, best_phrase))
            index = best
        else:
            index += 1
    return found
