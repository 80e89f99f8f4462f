"""Value readers for the library bench: this project's parser, and each library used as meant.

Every reader turns a whole text into the typed values it finds, as this project's `TypedValue`s,
so one comparison (`truthexpiry.values.compare`) judges them all. A library is imported only when
its reader is prepared; one that is not installed raises `ModuleNotFoundError` there.

- project: `values/spans.value_at` at every token of every sentence, the way
  `reading/values_in_text.py` walks a sentence (without a catalog's names).
- text2num: `alpha2digit` writes number words as digits, then the project's parser reads the text.
- pint: `UnitRegistry.parse_expression` on every number with the word after it.
- dateparser: `search_dates`, relative to the case's date.
- ctparse: `ctparse` (one best reading of the text), relative to the case's date.
- babel: a money reader whose currency symbols, codes and English names are babel's CLDR data
  (babel reads no numbers in running text; its minor-unit data is digits, not words).
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from truthexpiry.models.records.values import TypedValue
from truthexpiry.text.tokens import sentences
from truthexpiry.values.forms import clock, day_of_year, money, on_date, quantity
from truthexpiry.values.spans import may_start_a_value, value_at

Read = Callable[[str, date], list[TypedValue]]
_NUMBER_AND_WORD = re.compile(r"(?<![\w.,])(\d+(?:,\d{3})*(?:\.\d+)?)\s?([^\W\d_]+\b|%)")
_AMOUNT = r"\d+(?:,\d{3})*(?:\.\d+)?"
_YEAR = re.compile(r"\b(19|20)\d\d\b")
_CLOCK_WORDS = re.compile(r"\d\s*[ap]\.?m\b|\d:\d\d|noon|midnight|evening|night|morning", re.I)
_POINTS_OF_DAY = {"noon": 720, "midnight": 0}  # ctparse's parts of a day that are one time
# The project's canonical units, as pint names them.
_PINT_UNITS = {
    "second": "second", "minute": "minute", "hour": "hour", "day": "day", "week": "week",
    "month": "month", "year": "year", "byte": "byte", "kb": "kilobyte", "mb": "megabyte",
    "gb": "gigabyte", "tb": "terabyte", "mg": "milligram", "g": "gram", "kg": "kilogram",
    "tonne": "metric_ton", "lb": "pound", "oz": "ounce", "mm": "millimeter", "cm": "centimeter",
    "metre": "meter", "km": "kilometer", "mile": "mile", "foot": "foot", "percent": "percent",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Library:
    name: str
    modules: tuple[str, ...]  # what `import` loads
    distributions: tuple[str, ...]  # what pip installs, for the size
    first_use: str  # the statement that loads its data, timed after the import
    prepare: Callable[[], Read]


def project_values(text: str, _as_of: date | None = None) -> list[TypedValue]:
    found = []
    for sentence in sentences(text):
        tokens, i = sentence.tokens, 0
        while i < len(tokens):
            span = value_at(tokens, i) if may_start_a_value(tokens[i]) else None
            if span is None:
                i += 1
                continue
            found.append(span.value)
            i = max(span.end, i + 1)
    return found


def _project() -> Read:
    return project_values


def _text2num() -> Read:
    alpha2digit = importlib.import_module("text_to_num").alpha2digit
    return lambda text, as_of: project_values(alpha2digit(text, "en"), as_of)


def _pint() -> Read:
    registry = importlib.import_module("pint").UnitRegistry()
    units = {ours: registry.parse_units(theirs) for ours, theirs in _PINT_UNITS.items()}

    def read(text: str, _as_of: date) -> list[TypedValue]:
        found = []
        for number, word in _NUMBER_AND_WORD.findall(text):
            try:
                parsed = registry.parse_expression(f"{number.replace(',', '')} {word}")
            except Exception:  # pint raises many kinds of error for a word it lacks
                continue
            value = _from_pint(parsed, units)
            found += [value] if value is not None else []
        return found

    return read


def _from_pint(parsed: Any, units: dict[str, Any]) -> TypedValue | None:
    if not hasattr(parsed, "units") or parsed.dimensionless:
        return None  # a bare number, or a word pint reads as a number
    for ours, unit in units.items():
        if parsed.units == unit:
            return quantity(_decimal(parsed.magnitude), ours)
    for ours, unit in units.items():
        if parsed.dimensionality == unit.dimensionality:
            return quantity(_decimal(parsed.to(unit).magnitude), ours)
    return None


def _decimal(magnitude: float) -> Decimal:
    try:
        return Decimal(str(round(magnitude, 9))).normalize()
    except InvalidOperation:
        return Decimal(0)


def _dateparser() -> Read:
    search_dates = importlib.import_module("dateparser.search").search_dates

    def read(text: str, as_of: date) -> list[TypedValue]:
        base = datetime(as_of.year, as_of.month, as_of.day)
        settings = {"RELATIVE_BASE": base, "RETURN_AS_TIMEZONE_AWARE": False}
        found = []
        for said, moment in search_dates(text, languages=["en"], settings=settings) or ():
            if moment.hour or moment.minute or _CLOCK_WORDS.search(said):
                found.append(clock(moment.hour * 60 + moment.minute))
            else:  # a time alone is dated on the base day: no date was read
                found.append(_day(moment.date(), bool(_YEAR.search(said))))
        return found

    return read


def _day(day: date, with_year: bool) -> TypedValue:
    return on_date(day) if with_year else day_of_year(day.month, day.day)


def _ctparse() -> Read:
    parse = importlib.import_module("ctparse").ctparse
    logging.getLogger("ctparse").setLevel(logging.ERROR)  # a line per text it cannot read

    def read(text: str, as_of: date) -> list[TypedValue]:
        found = parse(text, ts=datetime(as_of.year, as_of.month, as_of.day), timeout=1.0)
        return _from_ctparse(found.resolution) if found is not None else []

    return read


def _from_ctparse(resolution: Any) -> list[TypedValue]:
    if hasattr(resolution, "t_from"):  # an interval
        ends = (resolution.t_from, resolution.t_to)
        return [value for end in ends if end is not None for value in _from_ctparse(end)]
    if hasattr(resolution, "unit"):  # a duration
        return [quantity(Decimal(resolution.value), resolution.unit.value)]
    if resolution.hour is not None:  # its date is the base day's unless one was said: not read
        return [clock(resolution.hour * 60 + (resolution.minute or 0))]
    if resolution.POD in _POINTS_OF_DAY:
        return [clock(_POINTS_OF_DAY[resolution.POD])]
    return _ctparse_day(resolution)


def _ctparse_day(resolution: Any) -> list[TypedValue]:
    if resolution.month is None or resolution.day is None:
        return []  # a month or a year alone: no day to compare
    if resolution.year is None:
        return [day_of_year(resolution.month, resolution.day)]
    return [on_date(date(resolution.year, resolution.month, resolution.day))]


@dataclass(frozen=True, slots=True)
class Currencies:
    """babel's English currency data: codes with their ISO 4217 minor-unit digits, names
    (singular and plural, lower case) and symbols, each to its code."""

    digits: dict[str, int]
    names: dict[str, str]
    symbols: dict[str, str]

    def code_of(self, word: str) -> str | None:
        upper = word.upper()
        return (
            self.symbols.get(word)
            or self.names.get(word)
            or (upper if upper in self.digits else None)
        )

    @property
    def minor_words(self) -> list[str]:
        return [n for n in self.names if n.split()[-1] in {"cent", "cents", "pence", "penny"}]


def babel_currencies() -> Currencies:
    numbers = importlib.import_module("babel.numbers")
    english = importlib.import_module("babel").Locale.parse("en")
    codes = numbers.list_currencies()
    names: dict[str, str] = {}
    for code in sorted(codes):
        for count in (1, 2):
            names.setdefault(numbers.get_currency_name(code, count, "en").lower(), code)
    symbols: dict[str, str] = {}
    for code, symbol in sorted(english.currency_symbols.items()):
        symbols.setdefault(symbol.lower(), code)
    digits = {code: numbers.get_currency_precision(code) for code in codes}
    return Currencies(digits, names, symbols)


def _babel() -> Read:
    data = babel_currencies()
    codes = [code.lower() for code in data.digits]
    before = _alternatives([*data.symbols, *codes])
    after = _alternatives([*data.names, *codes])
    pattern = re.compile(
        rf"(?<!\w)(?P<before>{before})\s?(?P<n1>{_AMOUNT})|(?P<n2>{_AMOUNT})\s?(?P<after>{after})\b"
    )
    words = {**data.names, **data.symbols, **{c.lower(): c for c in data.digits}}
    return lambda text, _as_of: _money_in(text.lower(), pattern, words)


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


def _money_in(text: str, pattern: re.Pattern[str], codes: dict[str, str]) -> list[TypedValue]:
    found = []
    for match in pattern.finditer(text):
        word, amount = match["before"] or match["after"], match["n1"] or match["n2"]
        found.append(money(Decimal(amount.replace(",", "")), codes[word]))
    return found


LIBRARIES = (
    Library(
        "project",
        ("truthexpiry.text.tokens", "truthexpiry.values.spans"),
        (),
        "truthexpiry.values.spans.value_at(truthexpiry.text.tokens.tokenize('20 weeks'), 0)",
        _project,
    ),
    Library(
        "text2num",
        ("text_to_num",),
        ("text2num",),
        "text_to_num.alpha2digit('twenty', 'en')",
        _text2num,
    ),
    Library("pint", ("pint",), ("pint",), "pint.UnitRegistry()", _pint),
    Library(
        "dateparser",
        ("dateparser", "dateparser.search"),
        ("dateparser",),
        "dateparser.search.search_dates('on 3 June', languages=['en'])",
        _dateparser,
    ),
    Library("ctparse", ("ctparse",), ("ctparse",), "ctparse.ctparse('on 3 June')", _ctparse),
    Library(
        "babel",
        ("babel", "babel.numbers"),
        ("babel",),
        "babel.numbers.get_currency_name('EUR', 2, 'en')",
        _babel,
    ),
)
