"""Value normalisation: values compare in canonical form.

`30_days` = `30 days` = `30-day`, `50` = `50 requests`, and `available`, `on`, `live` all mean
`enabled`. The words themselves are in `value_words`, shared with the rules extractor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from truthexpiry.models.catalog import ValueKind
from truthexpiry.services.value_words import (
    CLAUSE_BREAKS,
    DISABLED,
    ENABLED,
    FILLER_WORDS,
    NEGATORS,
    NUMBER_WORDS,
    POLARITY_WORDS,
    UNIT_ALIASES,
)

_SEPARATORS = re.compile(r"[\s_\-]+")
_QUANTITY = re.compile(
    r"^(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?P<k>k\b)?\s*(?P<unit>[a-z%]+)?(?:\s+per\s+[a-z]+)?$"
)


@dataclass(frozen=True, slots=True)
class NormalisedValue:
    """A value in canonical form. `text` is what people see; comparison uses the other fields."""

    kind: ValueKind
    text: str
    number: Decimal | None = None
    unit: str | None = None

    def matches(self, other: NormalisedValue) -> bool:
        """Equal after normalisation; a quantity without a unit matches one with any unit."""
        if self.kind is ValueKind.QUANTITY and other.kind is ValueKind.QUANTITY:
            same_unit = self.unit is None or other.unit is None or self.unit == other.unit
            return self.number == other.number and same_unit
        return self.kind is other.kind and token_key(self.text) == token_key(other.text)


def singular(word: str) -> str:
    """Light plural stripping for matching words: `limits` -> `limit`, `policies` -> `policy`."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def canonical_unit(word: str) -> tuple[str, int]:
    """A unit word in canonical singular form, with the factor that converts to it."""
    return UNIT_ALIASES.get(word, (singular(word), 1))


def parse_number(text: str) -> Decimal | None:
    """`1,000` -> 1000, `1.5` -> 1.5, `thirty` -> 30; anything else -> None."""
    if text in NUMBER_WORDS:
        return Decimal(NUMBER_WORDS[text])
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


def quantity(number: Decimal, unit_word: str | None) -> NormalisedValue:
    unit, factor = canonical_unit(unit_word) if unit_word else (None, 1)
    amount = (number * factor).normalize()
    shown = format(amount, "f")
    text = shown if unit is None else f"{shown} {unit if amount == 1 else _plural(unit)}"
    return NormalisedValue(ValueKind.QUANTITY, text, amount, unit)


def _plural(unit: str) -> str:
    """Plural for display; abbreviations (`gb`, `eur`) and `percent` stay as they are, so the
    text parses back to the same unit."""
    return unit if unit == "percent" or unit in _ABBREVIATED or len(unit) <= 2 else unit + "s"


_ABBREVIATED = frozenset({"kb", "mb", "gb", "tb", "eur", "usd", "gbp"})


def polarity_of(words: list[str]) -> str | None:
    """`["no", "longer", "available"]` -> `disabled`; None when the words are not a polarity."""
    found: str | None = None
    for index, word in enumerate(words):
        meaning = POLARITY_WORDS.get(word)
        if meaning is None:
            if word not in FILLER_WORDS and word not in NEGATORS and word != "longer":
                return None
            continue
        if is_negated(words, index):
            meaning = DISABLED if meaning == ENABLED else ENABLED
        if found is not None and found != meaning:
            return None
        found = meaning
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


def normalise_value(raw: str) -> NormalisedValue:
    """Canonical form of a value as written in a record or a claim."""
    text = _SEPARATORS.sub(" ", raw.strip().lower()).strip()
    match = _QUANTITY.match(text)
    if match:
        number = parse_number(match["num"])
        if number is not None:
            if match["k"]:
                number *= 1000
            return quantity(number, match["unit"])
    words = text.replace("n't", " not").split()
    if len(words) == 2 and words[0] in NUMBER_WORDS and _is_unit_word(words[1]):
        return quantity(Decimal(NUMBER_WORDS[words[0]]), words[1])
    polarity = polarity_of(words) if words else None
    if polarity is not None:
        return NormalisedValue(ValueKind.POLARITY, polarity)
    return NormalisedValue(ValueKind.TOKEN, " ".join(raw.strip().lower().split()))


def _is_unit_word(word: str) -> bool:
    """ "weeks" or "seats" can follow a number word; "five" in "fifty five" cannot."""
    return word.isalpha() and word not in NUMBER_WORDS


def token_key(text: str) -> str:
    """Comparison form of a token value: `EU_Central` = `eu-central` = `eu central`."""
    return _SEPARATORS.sub(" ", text.strip().lower()).strip()


def values_match(a: str, b: str) -> bool:
    return normalise_value(a).matches(normalise_value(b))
