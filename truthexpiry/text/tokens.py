"""Tokens, sentences and phrase matching: the one tokenizer for questions, messages and values.

Text is lower-cased, contractions are opened (`isn't` -> `is not`), and split into sentences and
tokens. Every token has a `key` used for matching: words singular, `-` and `_` read as spaces, so
`eu-central`, `eu central` and `EU_Central` all match the phrase `eu central`, while `r-102`
stays an opaque identifier and never reads as a number. A number glued to a unit (`15kg`,
`20-week`, `3pm`) is two tokens; `15:00` and currency symbols are tokens of their own. Each token
remembers whether it was written with a capital, which marks names the catalog does not know.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from truthexpiry.text.words import CURRENCIES, MERIDIEM, MINOR_CURRENCIES, UNITS

# Work per text is bounded: longer texts are cut (the sanitizer at the edge bounds them first).
MAX_TEXT_CHARS = 4000
_SENTENCE = re.compile(r"(?:[^.!?;\n]|[.!?](?=[^\s.!?;]))+(?:[.!?;]+|\n|$)")
# Marks that end a sentence. No token ends with one: a `.` stands in one only before a figure or
# a letter ("8.30am", "r.102").
_ENDING_MARKS = ".!?;"
_PIECE_ENDS = _ENDING_MARKS + ",:"  # and marks that are tokens of their own after a word
_TOKEN = re.compile(
    r"(\d{1,2}:\d{2})|(\d{1,3}(?:,\d{3})+(?:\.\d+)?)|([a-z0-9%]+(?:[-_./][a-z0-9%]+)*)"
    "|([,:()$\u20ac\u00a3\u00a5\u20b9\u00a2\u00bd\u00bc\u00be])",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?k?)$")
_NUMBER_PER_WORD = re.compile(r"^(\d+(?:\.\d+)?[a-z]*)/([a-z]+)$")
_NUMBER_WITH_WORD = re.compile(r"^(\d+(?:\.\d+)?)(?:[-_]([a-z%]+)|([a-z%]+))$")
# "9am-1pm", "9-5pm", "8.30am-12": two hours joined by a hyphen, at least one with am or pm.
_HOUR_RANGE = re.compile(r"^(\d{1,2}(?:\.\d{2})?(?:am|pm)?)-(\d{1,2}(?:\.\d{2})?(?:am|pm)?)$")
# Dimensions: "56 x 45 x 25 cm", "55x40x23cm" (or with U+00D7), "30 x 20 cm" are one value,
# `56x45x25` and its unit. Spaced out: three figures, or two before a unit of length (not
# "2 x 500mg").
_SPACED_DIMENSIONS = re.compile(
    r"\b(\d+(?:\.\d+)?)\s*[x\u00d7]\s*(\d+(?:\.\d+)?)"
    r"(?:\s*[x\u00d7]\s*(\d+(?:\.\d+)?)|(?=\s*(?:mm|cm|m|in|inch|inches)\b))",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")  # no dimensions without one: "report export" is not read for them
_GLUED_DIMENSIONS = re.compile(r"^(\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)+)([a-z]+)$")
_PHRASE_BREAKS = re.compile(r"[\s\-_]+")  # `-` and `_` read as spaces in a phrase key
_CONTRACTION = re.compile("n['\u2019]t\\b", re.IGNORECASE)
_IRREGULAR_NEGATIONS = re.compile("\\b(ca|wo)n['\u2019]t\\b", re.IGNORECASE)  # can't, won't
_ONLY = re.compile(r"(?<=[a-z])-only\b", re.IGNORECASE)  # "paper-only" is "paper only"
_POSSESSIVE = re.compile("['\u2019]s\\b", re.IGNORECASE)
_FULL_NEGATION = {"ca": "can not", "wo": "will not"}
# Words that may be glued to a number and still be read apart: units, currencies, am/pm.
_GLUED_WORDS = frozenset((*UNITS, *CURRENCIES, *MERIDIEM, *MINOR_CURRENCIES))
_new_tuple = tuple.__new__


def singular(word: str) -> str:
    """Light plural stripping for matching words: `limits` -> `limit`, `policies` -> `policy`."""
    if word[-1:] != "s":  # most words: nothing to strip
        return word
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class Kind(Enum):
    WORD = "word"
    NUMBER = "number"
    CLOCK = "clock"  # `15:00`
    PUNCT = "punct"


# Each kind once as a module constant: `Kind.WORD` is looked up through the enum's class at each
# use, which takes as long as making a token.
_WORD_KIND, _NUMBER_KIND, _CLOCK_KIND, _PUNCT_KIND = Kind.WORD, Kind.NUMBER, Kind.CLOCK, Kind.PUNCT


class Token(NamedTuple):
    """One token. A named tuple, not a frozen dataclass: every text read makes them by the
    dozen, and a tuple is made in half the time."""

    text: str  # lower case
    key: str
    kind: Kind
    capital: bool = False  # written with a capital letter first
    upper: bool = False  # written in capitals: "US", "EMEA"


class Tokens(list[Token]):
    """A sentence's tokens, with the phrase matches found in them so far (`find_phrases`): the
    readers of one sentence look for the same tables' phrases several times. The matches, and
    the keys a scan reads, live as long as the tokens, which belong to one request."""

    __slots__ = ("_keys", "matches")

    def __init__(self, tokens: Iterable[Token] = ()) -> None:
        super().__init__(tokens)
        self.matches: dict[int, tuple[PhraseTable, tuple[PhraseMatch, ...]]] = {}
        self._keys: list[str | None] | None = None

    def scan_keys(self) -> list[str | None]:
        """The keys a phrase scan reads (punctuation as None), made once per sentence."""
        if self._keys is None:
            self._keys = _scan_keys(self)
        return self._keys


# Scratch of one reading, made by the dozen per question: not frozen, as a frozen dataclass
# sets each field through a call (6% of the pipeline's time). Nothing changes one once made.
@dataclass(slots=True)
class Sentence:
    tokens: list[Token]
    asks: bool  # ends with a question mark or opens like a question


def opened(text: str) -> str:
    """Contractions opened (`isn't` -> `is not`, `can't` -> `can not`), possessives and `-only`
    dropped: the form every text is read in. Each pattern runs only over a text that has what
    it needs (`-only`; an `x` and a figure; an apostrophe): most texts pass through none."""
    if "-" in text and "-only" in text.lower():
        text = _ONLY.sub(" only", text)
    if ("x" in text or "X" in text or "\u00d7" in text) and _has_a_figure(text):
        text = _SPACED_DIMENSIONS.sub(_dimensions, text)
    if "'" not in text and "\u2019" not in text:
        return text
    text = _IRREGULAR_NEGATIONS.sub(lambda m: _FULL_NEGATION[m[1].lower()], text)
    return _POSSESSIVE.sub("", _CONTRACTION.sub(" not", text))


def _has_a_figure(text: str) -> bool:
    """Whether `text` holds a digit (of any script). An ASCII text is searched for each of its
    ten figures in turn: ten searches for one character are a third of one pattern run."""
    if not text.isascii():
        return _DIGIT.search(text) is not None
    return (
        "0" in text
        or "1" in text
        or "2" in text
        or "3" in text
        or "4" in text
        or "5" in text
        or "6" in text
        or "7" in text
        or "8" in text
        or "9" in text
    )


def _dimensions(match: re.Match[str]) -> str:
    return "x".join(part for part in match.groups() if part)


def read_form(text: str) -> str:
    """`text` as `sentences` reads it (cut, contractions opened), lower-cased: every token's
    lower-cased text stands in it, for a test of the text before it is tokenized."""
    return opened(text[:MAX_TEXT_CHARS]).lower()


def sentences(text: str) -> list[Sentence]:
    """The sentences of `text`, tokenized."""
    result = []
    for part in _chunks(opened(text[:MAX_TEXT_CHARS])):
        chunk = part.strip()
        tokens = Tokens(tokenize(chunk))
        if tokens:
            asks = chunk.endswith("?") or tokens[0].key in QUESTION_OPENERS
            result.append(Sentence(tokens, asks))
    return result


def _chunks(text: str) -> list[str]:
    """The sentence pattern's matches in `text`. A text whose only sentence breaks are at its
    end (most questions) is one match, the whole text: it is returned without a pattern run."""
    body = text.rstrip(_ENDING_MARKS)
    if not ("." in body or "!" in body or "?" in body or ";" in body or "\n" in body):
        return [text] if body else []  # marks alone are no sentence
    return [match.group() for match in _SENTENCE.finditer(text)]


def tokenize(chunk: str) -> list[Token]:
    """The tokens of `chunk`: the token pattern's matches, read one whitespace-separated piece
    at a time (no match spans whitespace). A piece of plain ASCII letters or figures alone, most
    of any text, is one word or number: it is made right here, without a pattern run (what
    `_plain_word` and `_read_piece` make of it)."""
    tokens: list[Token] = []
    append = tokens.append
    for spaced in chunk.split():
        # "Starter?", "Starter.": marks at a piece's end are never part of a token
        piece = spaced.rstrip(_ENDING_MARKS)
        if not piece.isascii():
            if piece:
                _read_piece(piece, tokens)
        elif piece.isalpha():
            if piece.islower():  # lower case has no capital, no shout
                key = singular(piece) if piece[-1] == "s" else piece  # else nothing to strip
                append(_new_tuple(Token, (piece, key, _WORD_KIND, False, False)))
            else:
                append(_plain_word(piece))
        elif piece.isdigit():  # "100": what the pattern reads as a number, key and all
            append(_new_tuple(Token, (piece, piece, _NUMBER_KIND, False, False)))
        elif piece:
            _read_piece(piece, tokens)
    return tokens


def _plain_word(word: str) -> Token:
    """A word of letters alone, most tokens of every text."""
    lower = word.lower()
    key = singular(lower) if lower[-1] == "s" else lower
    if lower == word:  # lower case: no capital, not shouted
        return _new_tuple(Token, (word, key, _WORD_KIND, False, False))
    # Every field given, the tuple is made without `Token.__new__`'s call.
    return _new_tuple(Token, (lower, key, _WORD_KIND, word[0].isupper(), _shouted(word)))


def _read_piece(piece: str, tokens: list[Token]) -> None:
    """The token pattern's matches in one piece of text, appended to `tokens`."""
    append = tokens.append
    for clock, grouped, word, punct in _TOKEN.findall(piece):
        if word:
            lower = word.lower()
            if lower.isalpha():
                append(_plain_word(word))
            elif lower[0].isdigit() and _NUMBER.match(lower):
                append(Token(lower, lower.replace(",", ""), _NUMBER_KIND))
            else:
                tokens.extend(_word_tokens(word))
        elif clock:
            append(Token(clock, clock, _CLOCK_KIND))
        elif punct:
            append(Token(punct, punct, _PUNCT_KIND))
        else:
            append(Token(grouped.lower(), grouped.replace(",", ""), _NUMBER_KIND))


def _word_tokens(word: str) -> list[Token]:
    lower = word.lower()
    if lower.isalpha():  # the common case: a plain word
        return [Token(lower, singular(lower), _WORD_KIND, word[:1].isupper(), _shouted(word))]
    if lower[:1].isdigit() and (glued := _glued_to_a_number(lower)):
        return glued
    return [Token(lower, phrase_key(lower), _WORD_KIND, word[:1].isupper(), _shouted(word))]


def _glued_to_a_number(lower: str) -> list[Token] | None:
    """The tokens of a number glued to words ("45/day", "55x40x23cm", "9am-1pm", "15kg"), if
    `lower` is one. Each pattern opens with a figure: a word that does not is not tried."""
    rate = _NUMBER_PER_WORD.match(lower)
    if rate:  # "45/day", "28p/km": a number, "per", a unit
        return [
            *tokenize(rate[1]),
            Token("/", "/", _PUNCT_KIND),
            *_word_tokens(rate[2]),
        ]
    dimensions = _GLUED_DIMENSIONS.match(lower)
    if dimensions and dimensions[2] in _GLUED_WORDS:  # "55x40x23cm": the figures, the unit
        unit = dimensions[2]
        return [
            Token(dimensions[1], dimensions[1], _WORD_KIND),
            Token(unit, singular(unit), _WORD_KIND),
        ]
    hours = _HOUR_RANGE.match(lower)
    if hours and "m" in (hours[1][-1], hours[2][-1]):
        # read as "9am to 1pm"; a hyphen between bare numbers ("2-3 days") stays one word
        return [*tokenize(hours[1]), Token("to", "to", _WORD_KIND), *tokenize(hours[2])]
    match = _NUMBER_WITH_WORD.match(lower)
    if match and (match[2] or match[3] in _GLUED_WORDS):
        unit = match[2] or match[3]
        return [Token(match[1], match[1], _NUMBER_KIND), Token(unit, singular(unit), _WORD_KIND)]
    return None


def _shouted(word: str) -> bool:
    return len(word) > 1 and word.isupper()


def phrase_key(text: str) -> str:
    """Matching form of a word or phrase: `Reports-Export` -> `report export`, `walk-ins` ->
    `walk in` (a short last part of a compound loses its plural too)."""
    if text.isalnum():
        return singular(text.lower())
    parts = [w for w in _PHRASE_BREAKS.split(text.strip().lower()) if w]
    return " ".join(_compound_singular(w) if n else singular(w) for n, w in enumerate(parts))


def _compound_singular(word: str) -> str:
    if len(word) == 3 and word.endswith("s") and word[1] not in "aeiou" + "s":
        return word[:-1]
    return singular(word)


QUESTION_OPENERS = frozenset(
    "is are was were does do did has have can could will would should which what how when".split()
)


class PhraseMatch(NamedTuple):
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
) -> Sequence[PhraseMatch]:
    """Longest-first, non-overlapping matches of the table's phrases, outside the `taken`
    positions; punctuation breaks them. A sentence's `Tokens` keep each table's matches (a
    tuple, handed out as it is): when none of them touches `taken`, they are the matches
    outside it too (the scan visits the same positions and finds the same longest phrase at
    each)."""
    if not isinstance(tokens, Tokens):
        return _scan(_scan_keys(tokens), table, taken)
    kept = tokens.matches.get(id(table))
    if kept is None or kept[0] is not table:
        kept = (table, tuple(_scan(tokens.scan_keys(), table, None)))
        tokens.matches[id(table)] = kept
    found = kept[1]
    if taken and found and _touches(found, taken):
        return _scan(tokens.scan_keys(), table, taken)
    return found


def _touches(found: Sequence[PhraseMatch], taken: set[int]) -> bool:
    for start, end, _ in found:
        if start in taken or (end - start > 1 and not taken.isdisjoint(range(start, end))):
            return True
    return False


def _scan_keys(tokens: list[Token]) -> list[str | None]:
    # Keys only, punctuation as None: no phrase starts or goes on at a punctuation mark.
    return [None if token.kind is _PUNCT_KIND else token.key for token in tokens]


def _scan(keys: list[str | None], table: PhraseTable, taken: set[int] | None) -> list[PhraseMatch]:
    starts, phrases, longest = table.starts, table.phrases, table.max_tokens
    if starts.isdisjoint(keys):  # most tables have no phrase in most sentences
        return []
    taken = taken or None
    found: list[PhraseMatch] = []
    count = len(keys)
    index = 0
    while index < count:
        key = keys[index]
        if key not in starts or (taken and index in taken):
            index += 1
            continue
        assert key is not None
        phrase = key
        best = index + 1 if phrase in phrases else 0
        best_phrase = phrase
        end = index + 1
        while end < count and end - index < longest:
            following = keys[end]
            if following is None or (taken and end in taken):
                break
            phrase = f"{phrase} {following}"
            if phrase not in starts:
                break
            end += 1
            if phrase in phrases:
                best, best_phrase = end, phrase
        if best:
            found.append(_new_tuple(PhraseMatch, (index, best, best_phrase)))
            index = best
        else:
            index += 1
    return found
