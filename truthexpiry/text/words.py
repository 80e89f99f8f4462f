"""The words values are written in: polarity, negation, units, currencies, numbers, months and
times of day. One table of each for the whole project: value parsing, type inference, the rules
extractor and LLM grounding all read them here, and nothing else keeps such a list.

Nothing here names a product, a plan or an organisation: these are the words of the language.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

ENABLED = "enabled"
DISABLED = "disabled"

# Words that state availability on their own. "on" is here for values ("on"/"off"); the
# extractor guards it in free text, where it is usually a preposition.
_ENABLED_WORDS = (
    "enabled enable available live active on supported allowed permitted included ga "
    "activated launched re-enabled reenabled reinstated restored offer offers offered provide "
    "provides provided include includes allow allows permit permits yes true"
)
_DISABLED_WORDS = (
    "disabled disable unavailable off removed inactive unsupported discontinued deactivated "
    "excluded withdrawn banned prohibited forbidden scrapped retired dropped suspended lost "
    "no false"
)
POLARITY_WORDS: dict[str, str] = {
    **dict.fromkeys(_ENABLED_WORDS.split(), ENABLED),
    **dict.fromkeys(_DISABLED_WORDS.split(), DISABLED),
}
# Two-word phrases that state availability; the extractor reads them as one value.
POLARITY_PHRASES: dict[tuple[str, str], str] = {
    ("rolled", "out"): ENABLED,
    ("rolled", "back"): DISABLED,
    ("phased", "out"): DISABLED,
    ("taken", "down"): DISABLED,
    ("shut", "down"): DISABLED,
    ("killed", "off"): DISABLED,
}
# Modal verbs and verbs of having that say something is there to use ("managers can fly
# business", "Irish orders get gift wrapping", "web doesn't have it", "has no walk-in"): a weak
# availability, read only where no availability word is said, and only for on/off attributes.
MODALS = frozenset("can could get gets have has".split())
# In free text these are too common to count as a value ("no plan", "true story").
VALUE_ONLY_POLARITY_WORDS = frozenset("yes true no false".split())
NEGATORS = frozenset("not never cannot nor".split())
CLAUSE_BREAKS = frozenset(", ; : ( ) and but while whereas though although so".split())
# Words that may surround a value without changing it: "has been turned off" is still "off".
FILLER_WORDS = frozenset(
    "is are was were be been has have had now turned switched set to currently still it "
    "generally fully being got gets get".split()
)


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit of measure: its canonical name, what it measures, and its size in that
    dimension's base unit. Units of one dimension convert; `system` keeps metric and imperial
    apart, since converting between them needs rounding that could turn equal values unequal."""

    name: str
    dimension: str
    factor: Decimal
    system: str = ""


def _units(dimension: str, system: str, table: dict[str, tuple[str, str]]) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    for name, (factor, spellings) in table.items():
        unit = Unit(name, dimension, Decimal(factor), system)
        units.update(dict.fromkeys((name, *spellings.split()), unit))
    return units


# Spelling -> unit. Days and weeks convert; months and years convert with each other but not
# with days (a year is not always 365 days). Data sizes convert by 1000 or 1024 alike.
UNITS: dict[str, Unit] = {
    **_units(
        "time",
        "",
        {
            "second": ("1", "sec secs seconds"),
            "minute": ("60", "min mins minutes"),
            "hour": ("3600", "h hr hrs hours"),
            "day": ("86400", "d days"),
            "week": ("604800", "wk wks weeks"),
        },
    ),
    **_units(
        "calendar",
        "",
        {
            "month": ("1", "mo mos mth mths months"),
            "quarter": ("3", "quarters"),
            "year": ("12", "y yr yrs years"),
        },
    ),
    **_units(
        "data",
        "",
        {
            "byte": ("1", "bytes"),
            "kb": ("1000", "kilobyte kilobytes kib"),
            "mb": ("1000000", "megabyte megabytes mib meg megs"),
            "gb": ("1000000000", "gigabyte gigabytes gib gig gigs"),
            "tb": ("1000000000000", "terabyte terabytes tib"),
        },
    ),
    **_units(
        "mass",
        "metric",
        {
            "mg": ("0.001", "milligram milligrams"),
            "g": ("1", "gram grams"),
            "kg": ("1000", "kgs kilo kilos kilogram kilograms"),
            "tonne": ("1000000", "tonnes"),
        },
    ),
    **_units(
        "mass", "imperial", {"lb": ("453.59237", "lbs"), "oz": ("28.349523125", "ounce ounces")}
    ),
    **_units(
        "length",
        "metric",
        {
            "mm": ("0.001", "millimetre millimetres millimeter millimeters"),
            "cm": ("0.01", "centimetre centimetres centimeter centimeters"),
            "metre": ("1", "meter meters metres"),
            "km": ("1000", "kms kilometre kilometres kilometer kilometers"),
        },
    ),
    **_units(
        "length", "imperial", {"mile": ("1609.344", "mi miles"), "foot": ("0.3048", "ft feet")}
    ),
    **_units("percent", "", {"percent": ("1", "% pct per_cent percentage")}),
}
# Data sizes are written in powers of 1000 and of 1024 for the same thing.
BINARY_DATA_FACTORS: dict[str, Decimal] = {
    "kb": Decimal(1024),
    "mb": Decimal(1024) ** 2,
    "gb": Decimal(1024) ** 3,
    "tb": Decimal(1024) ** 4,
}
# Currencies never convert into each other. Code -> spellings; symbols are separate tokens.
CURRENCIES: dict[str, str] = {
    spelling: code
    for code, spellings in {
        "EUR": "eur euro euros \u20ac",
        "USD": "usd dollar dollars us$ $",
        "GBP": "gbp pound pounds quid \u00a3",
        "JPY": "jpy yen \u00a5",
        "CHF": "chf franc francs",
        "CAD": "cad c$",
        "AUD": "aud a$",
        "INR": "inr rupee rupees \u20b9",
        "SEK": "sek",
        "NOK": "nok",
        "DKK": "dkk",
        "PLN": "pln",
        "SGD": "sgd",
        "CNY": "cny rmb",
    }.items()
    for spelling in spellings.split()
}
CURRENCY_SYMBOLS = frozenset("$\u20ac\u00a3\u00a5\u20b9")
# Subunits written after the number, a hundredth of their currency: "120p" is 1.20 GBP. A cent
# is a hundredth of any of several currencies, so "40 cents" keeps `CENT` as its unit and
# compares only with a record in one of `CENT_CURRENCIES` (never with pounds or yen).
CENT = "cent"
CENT_CURRENCIES = frozenset("EUR USD CAD AUD SGD".split())
MINOR_CURRENCIES: dict[str, str] = {
    **dict.fromkeys("p pence penny pennies".split(), "GBP"),
    **dict.fromkeys("cent cents c \u00a2".split(), CENT),
}
# The subunit each currency is spoken in after its amount: "5 pounds 20", "6 euro 90 cents".
SUBUNIT_OF: dict[str, str] = {"GBP": "GBP", **dict.fromkeys(CENT_CURRENCIES, CENT)}
# Counted nouns that are only other spellings: "50 rpm" counts requests.
NOUN_ALIASES: dict[str, str] = {
    "rpm": "request",
    "rps": "request",
    "req": "request",
    "reqs": "request",
}
# Words after a number that are not what it counts: "30 too", "50 max", "10 each".
NOT_NOUNS = frozenset(
    "too only max maximum min minimum tops flat total each apiece exactly approximately approx "
    "roughly around ish instead again yet already anymore though fyi pls please btw asap "
    "plus more less fewer".split()
)
# Words that end a range: a time after them is when something ends or closes ("open until 8pm").
RANGE_END_WORDS = frozenset("until till til through thru".split())
# Name words (stems) of attributes that hold the end of a range, and words people say for them.
END_NAME_WORDS = frozenset("clos end finish cutoff shut last".split())
NAME_SYNONYMS = {"shut": "clos", "shuts": "clos", "finishe": "end", "finish": "end"}
# Words before "a"/"an" that make it no number: "twice a day", "a couple of weeks".
NOT_ONE_BEFORE = frozenset("twice once thrice per every each couple few several".split())
# Words after a number that make it a rate, not a different quantity: "50 requests per minute".
RATE_WORDS = frozenset("per a an each every /".split())

_SMALL_NUMBERS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
NUMBER_WORDS: dict[str, int] = {
    **{word: value for value, word in enumerate(_SMALL_NUMBERS)},
    **{word: 20 + 10 * index for index, word in enumerate(_TENS)},
    "dozen": 12,
}
SCALE_WORDS: dict[str, int] = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
# "a week", "an hour": one, but only right before a unit.
ARTICLES_AS_ONE = frozenset({"a", "an"})
# Parts of a whole said in words or figures: "an hour and a half", "1 1/2 hours", "a quarter of
# an hour", "three quarters of an hour". A third is left out: it has no exact decimal.
FRACTION_WORDS: dict[str, Decimal] = {"half": Decimal("0.5"), "quarter": Decimal("0.25")}
FRACTION_FIGURES: dict[str, Decimal] = {
    "1/2": Decimal("0.5"),
    "1/4": Decimal("0.25"),
    "3/4": Decimal("0.75"),
    "\u00bd": Decimal("0.5"),
    "\u00bc": Decimal("0.25"),
    "\u00be": Decimal("0.75"),
}

MONTHS: dict[str, int] = {
    name: number
    for number, names in enumerate(
        (
            "january jan",
            "february feb",
            "march mar",
            "april apr",
            "may",
            "june jun",
            "july jul",
            "august aug",
            "september sep sept",
            "october oct",
            "november nov",
            "december dec",
        ),
        start=1,
    )
    for name in names.split()
}
# Amounts said in words: "changes are free" costs nothing, in any currency.
AMOUNT_WORDS: dict[str, int] = {"free": 0}
# Times of day said in words, in minutes after midnight.
TIME_WORDS: dict[str, int] = {"noon": 720, "midday": 720, "midnight": 0}
MERIDIEM: dict[str, int] = {"am": 0, "a.m": 0, "pm": 12, "p.m": 12}
# Parts of the day after an hour ("9 in the evening", "10 at night"): the hours each may follow,
# and whether they are after noon. "12 at night" is midnight; "1 at night" is not read.
DAY_PARTS: dict[tuple[str, ...], tuple[range, bool]] = {
    ("in", "the", "morning"): (range(1, 12), False),
    ("in", "the", "afternoon"): (range(1, 8), True),
    ("in", "the", "evening"): (range(4, 12), True),
    ("at", "night"): (range(6, 13), True),
}
# Minutes past an hour said in words: "half past six", "quarter to seven".
CLOCK_FRACTIONS: dict[str, int] = {"half": 30, "quarter": 15}
# Words before a bare number that make it a time of day for a time attribute: "opens at 8".
TIME_PREPOSITIONS = frozenset("at until till til by from".split())
