"""Value normalisation: the one vocabulary of polarity words, negation and units.

Values compare after normalisation, so that `30_days` = `30 days` = `30-day`, `50` = `50 requests`,
and `available`, `on`, `live` all mean `enabled`. The rules extractor reads the same tables to
find values in free text; nothing else in the project keeps a list of such words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from truthexpiry.models.catalog import ValueKind

ENABLED = "enabled"
DISABLED = "disabled"

# Words that state a polarity on their own. "on" is here for values ("on"/"off"); the extractor
# guards it in free text, where it is usually a preposition.
_ENABLED_WORDS = (
    "enabled enable available live active on supported allowed included ga activated launched "
    "re-enabled reenabled offer offers offered provide provides provided yes true"
)
_DISABLED_WORDS = (
    "disabled disable unavailable off removed inactive unsupported discontinued deactivated "
    "excluded withdrawn no false"
)
POLARITY_WORDS: dict[str, str] = {
    **dict.fromkeys(_ENABLED_WORDS.split(), ENABLED),
    **dict.fromkeys(_DISABLED_WORDS.split(), DISABLED),
}
# In free text these are too common to count as a value ("no plan", "true story").
VALUE_ONLY_POLARITY_WORDS = frozenset("yes true no false".split())
NEGATORS = frozenset("not never cannot".split())
CLAUSE_BREAKS = frozenset(", ; : ( ) and but while whereas though".split())
# Words that may surround a value without changing it: "has been turned off" is still "off".
FILLER_WORDS = frozenset(
    "is are was were be been has have had now turned switched set to currently still it "
    "generally fully being got gets get".split()
)

# Unit spellings -> (canonical unit, factor). Weeks and years are counted in days.
UNIT_ALIASES: dict[str, tuple[str, int]] = {
    **dict.fromkeys(("d", "day", "days"), ("day", 1)),
    **dict.fromkeys(("wk", "wks", "week", "weeks"), ("day", 7)),
    **dict.fromkeys(("yr", "yrs", "year", "years"), ("day", 365)),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), ("hour", 1)),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), ("minute", 1)),
    **dict.fromkeys(("sec", "secs", "second", "seconds"), ("second", 1)),
    **dict.fromkeys(("req", "reqs", "request", "requests", "rpm", "rps"), ("request", 1)),
    **dict.fromkeys(("mo", "mos", "month", "months"), ("month", 1)),
    **dict.fromkeys(("%", "percent", "pct"), ("percent", 1)),
    **dict.fromkeys(("kb", "kilobyte", "kilobytes"), ("kb", 1)),
    **dict.fromkeys(("mb", "megabyte", "megabytes"), ("mb", 1)),
    **dict.fromkeys(("gb", "gigabyte", "gigabytes"), ("gb", 1)),
    **dict.fromkeys(("tb", "terabyte", "terabytes"), ("tb", 1)),
    **dict.fromkeys(("eur", "euro", "euros", "\u20ac"), ("eur", 1)),
    **dict.fromkeys(("usd", "dollar", "dollars", "$"), ("usd", 1)),
    **dict.fromkeys(("gbp", "pound", "pounds", "\u00a3"), ("gbp", 1)),
}
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fourteen": 14,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
    "hundred": 100,
    "thousand": 1000,
}
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
