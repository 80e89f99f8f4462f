"""The words values are written in: polarity words and their negators, filler, units and
number words. One table of each for the whole project: value normalisation and the rules
extractor both read them here, and nothing else keeps such a list.
"""

from __future__ import annotations

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
