"""Numbers in tokens, written in digits (`1,200`, `1.5k`, `2 million`) or in words (`twenty
five`, `a hundred and ten`), and `ValueSpan`, the span every reader of a value in tokens returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from truthexpiry.models.records.values import TypedValue
from truthexpiry.text.tokens import Kind, Token
from truthexpiry.text.words import NUMBER_WORDS, SCALE_WORDS

_ONE, _THOUSAND = Decimal(1), Decimal(1000)
_NUMBER, _WORD = Kind.NUMBER, Kind.WORD  # read through their class, a lookup each time


# Made for every value read, and mostly read once: not frozen, as a frozen dataclass sets each
# field through a call. Nothing changes one once made, or hashes it.
@dataclass(slots=True)
class ValueSpan:
    start: int
    end: int
    value: TypedValue


def number_at(tokens: list[Token], i: int) -> tuple[Decimal, int] | None:
    """A number written in digits (`1,200`, `1.5k`) or words (`twenty five`), and where it ends."""
    token = tokens[i]
    if token.kind is _NUMBER:
        text = token.key
        multiplier = _THOUSAND if text.endswith("k") else _ONE
        try:
            number = Decimal(text.rstrip("k")) * multiplier
        except InvalidOperation:
            return None
        end = i + 1
        if end < len(tokens) and tokens[end].key in SCALE_WORDS:
            number *= SCALE_WORDS[tokens[end].key]
            end += 1
        return number, end
    return _number_words_at(tokens, i)


def _number_words_at(tokens: list[Token], i: int) -> tuple[Decimal, int] | None:
    """`twenty five`, `twenty-five`, `a hundred and ten`, `two thousand`; not `seven thirty`
    (a time, or two numbers: a tens word never follows a units word)."""
    total = current = 0
    end = i
    while end < len(tokens) and tokens[end].kind is _WORD:
        word = tokens[end].text
        number = word_number(word)
        if number is not None and _may_follow(current, number):
            current += number
        elif word in SCALE_WORDS and end > i:
            current = max(current, 1) * SCALE_WORDS[word]
            if SCALE_WORDS[word] >= 1000:
                total, current = total + current, 0
        elif not (word == "and" and end > i and tokens[end - 1].text in SCALE_WORDS):
            break
        end += 1
    if end == i or tokens[end - 1].text == "and":
        return None
    return Decimal(total + current), end


def word_number(word: str) -> int | None:
    """A number word (`five`, `twenty`) or a hyphenated tens and units (`twenty-five`)."""
    number = NUMBER_WORDS.get(word)
    if number is not None or "-" not in word:
        return number
    tens, _, units = word.partition("-")
    ten, unit = NUMBER_WORDS.get(tens), NUMBER_WORDS.get(units)
    if ten is None or unit is None or not (ten >= 20 and ten % 10 == 0 and 1 <= unit <= 9):
        return None
    return ten + unit


def _may_follow(current: int, number: int) -> bool:
    """Whether a number word may add to what is read so far: `twenty` `five`, `hundred` `ten`."""
    rest = current % 100
    return not rest or (rest >= 20 and rest % 10 == 0 and number < 10)
