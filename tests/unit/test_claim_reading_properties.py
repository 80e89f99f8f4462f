"""Claim reading over every dataset: a question that states a key's current value, in any surface
form of its type, is never SUPERSEDED, and when it is read as a claim about that key it is
CURRENT; the same question with a clearly different value is SUPERSEDED.

Questions are worded the way the product's own examples are ("Is the parcel weight limit 31.5 kg
on Basic?", "Is dark mode enabled on Starter?") and run through the whole offline pipeline with
an empty message corpus. How many of them are read as a claim about the intended key is printed
per dataset (`pytest -s`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch
from bootstrap import build_pipeline
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from tests.fakes import FixedClock
from truthexpiry.catalog.derive import lower_first
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.answering.verdicts import Verdict
from truthexpiry.models.records.catalog import AttributeInfo, Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.models.status import Status
from truthexpiry.rules.resolution import resolve
from truthexpiry.services.pipeline import TruthExpiryPipeline
from truthexpiry.text.words import DISABLED, ENABLED, NUMBER_WORDS
from truthexpiry.values.compare import read_value, same_value
from truthexpiry.values.forms import clock, money, number_text, on_date, quantity, token_key

AS_OF = date(2026, 11, 30)
SHARED_EVAL = Path(__file__).parents[2].parent / "shared" / "eval"
DATASET_PATHS = {
    **{
        path.name.removesuffix("_records.json"): path
        for path in sorted(DATA.glob("*_records.json"))
    },
}
if (SHARED_EVAL / "lifecycle_records.json").exists():  # beside a checkout, as in CI
    DATASET_PATHS["shared_eval"] = SHARED_EVAL / "lifecycle_records.json"
MAX_FORMS = 10  # surface forms per value and key, taken in a fixed order
# Below this share of questions read as a claim about their key, the properties say little.
MIN_READ = 0.9

_SYMBOLS = {"EUR": "\u20ac", "USD": "$", "GBP": "\u00a3"}
_GLUED = {"day": "d", "week": "wks", "hour": "hrs", "minute": "mins", "year": "yrs"}
_WORDS_OF = {number: word for word, number in NUMBER_WORDS.items() if word != "dozen"}
_WORDS_OF |= {
    tens + units: f"{_WORDS_OF[tens]} {_WORDS_OF[units]}"
    for tens in range(20, 100, 10)
    for units in range(1, 10)
}
_CURRENCY_WORDS = {"EUR": "euros", "USD": "dollars", "GBP": "pounds"}
_SYNONYMS = {
    ENABLED: ("enabled", "available", "allowed", "live", "switched on"),
    DISABLED: ("disabled", "unavailable", "not allowed", "no longer available", "switched off"),
}


@dataclass(frozen=True, slots=True)
class Question:
    key: ClaimKey
    text: str
    states_current: bool  # False: it states a clearly different value


# --- surface forms of a value ----------------------------------------------------------------


def surface_forms(value: TypedValue, info: AttributeInfo) -> list[str]:
    """Ways people write `value`, canonical text first."""
    forms = [value.text, *_other_forms(value, info)]
    return list(dict.fromkeys(forms))[:MAX_FORMS]


def _other_forms(value: TypedValue, info: AttributeInfo) -> Iterator[str]:
    kind = value.type
    if kind is ValueType.BOOLEAN:
        yield from _SYNONYMS[value.text]
    elif kind is ValueType.TIME_OF_DAY:
        yield from _time_forms(int(value.amount or 0))
    elif kind is ValueType.DATE and value.unit != "yearless":
        day = date.fromordinal(int(value.amount or 0))
        yield f"{day.day} {day:%B} {day.year}"
        yield f"{day:%B} {day.day}, {day.year}"
    elif kind in (ValueType.ENUMERATION, ValueType.TEXT):
        yield token_key(value.text)
        for token, aliases in info.value_aliases.items():
            if token_key(token) == token_key(value.text):
                yield from aliases
    elif value.amount is not None:
        yield from _amount_forms(value.amount, value.unit, info)


def _time_forms(minutes: int) -> Iterator[str]:
    hours, rest = divmod(minutes, 60)
    half = "pm" if hours >= 12 else "am"
    twelve = hours % 12 or 12
    yield f"{twelve}:{rest:02d} {half}"
    if rest == 0:
        yield f"{twelve}{half}"
    if minutes == 720:
        yield "noon"


def _amount_forms(amount: Decimal, unit: str | None, info: AttributeInfo) -> Iterator[str]:
    shown = number_text(amount)
    if unit in _SYMBOLS:  # "$7,500", "£2.20"
        yield f"{_SYMBOLS[unit]}{amount:,.2f}" if amount % 1 else f"{_SYMBOLS[unit]}{amount:,}"
    if unit is not None and unit.isupper():  # a currency code
        yield f"{unit} {shown}"
        if unit in _CURRENCY_WORDS:
            yield f"{shown} {_CURRENCY_WORDS[unit]}"
        if unit == "GBP" and amount < 10 and (amount * 100) % 1 == 0:
            yield f"{number_text(amount * 100)}p"
    elif unit == "percent":
        yield f"{shown} %"
        yield f"{shown} percent"
    elif unit is not None:
        yield f"{shown}-{unit}"
        if unit in _GLUED:
            yield f"{shown}{_GLUED[unit]}"
        yield from _converted(amount, unit)
    if amount == int(amount) and int(amount) in _WORDS_OF and not (unit and unit.isupper()):
        yield f"{_WORDS_OF[int(amount)]} {_unit_words(unit, amount)}".strip()
    if amount >= 1000 and amount % 100 == 0:
        yield f"{number_text(amount / 1000)}k"
    if info.unit is not None or unit is None:
        yield shown  # a bare number matches the same number in the attribute's unit


# unit -> (other unit, multiply by, divide by): the same amount in a neighbouring unit.
_CONVERSIONS = {
    "day": (("week", 1, 7),),
    "week": (("day", 7, 1),),
    "hour": (("minute", 60, 1), ("day", 1, 24)),
    "minute": (("hour", 1, 60),),
    "year": (("month", 12, 1),),
    "kg": (("g", 1000, 1),),
    "gb": (("mb", 1024, 1), ("mb", 1000, 1)),
    "tb": (("gb", 1000, 1), ("gb", 1024, 1)),
}


def _converted(amount: Decimal, unit: str) -> Iterator[str]:
    """The same amount in a neighbouring unit, where it is a round number there."""
    if unit == "minute" and amount == 30:
        yield "half an hour"
    for other, multiply, divide in _CONVERSIONS.get(unit, ()):
        converted = amount * multiply / divide
        if converted * 10 % 1 == 0:
            yield quantity(converted.normalize(), other).text


def _unit_words(unit: str | None, amount: Decimal) -> str:
    """`days`, `seat`, `percent`: the unit as written after a number in words."""
    if unit is None or unit == "percent":
        return unit or ""
    return quantity(amount, unit).text.split(" ", 1)[1]


def different_value(value: TypedValue, info: AttributeInfo) -> TypedValue | None:
    """A value of the same type and unit that is clearly not `value`."""
    kind = value.type
    if kind is ValueType.BOOLEAN:
        return TypedValue(kind, DISABLED if value.text == ENABLED else ENABLED)
    if kind in (ValueType.ENUMERATION, ValueType.TEXT):
        others = [t for t in info.value_tokens if token_key(t) != token_key(value.text)]
        return read_value(others[0], info) if others else None
    if value.amount is None or value.unit == "yearless":
        return None
    if kind is ValueType.TIME_OF_DAY:
        return clock((int(value.amount) + 60) % 1440)
    if kind is ValueType.DATE:
        return on_date(date.fromordinal(int(value.amount)) + timedelta(days=1))
    return _one_more(value.amount, value.unit)


def _one_more(amount: Decimal, unit: str | None) -> TypedValue:
    if unit is not None and unit.isupper():  # a currency code
        return money(amount + 1, unit)
    return quantity(amount + 1, "%" if unit == "percent" else unit)


# --- questions --------------------------------------------------------------------------------


def questions(repository: LifecycleRecordRepository) -> list[Question]:
    catalog = repository.catalog
    found: list[Question] = []
    for key in sorted(repository.claim_keys(), key=lambda k: k.canonical):
        resolution = resolve(key, repository.lookup(key), AS_OF)
        if resolution.status is not Status.CURRENT:
            continue  # no authoritative value now, or records that disagree
        info = catalog.attributes[(key.entity, key.attribute)]
        current = read_value(resolution.current_values[0], info)
        for form in surface_forms(current, info):
            found += [Question(key, text, True) for text in _wordings(key, info, catalog, form)]
        other = different_value(current, info)
        for form in surface_forms(other, info)[:3] if other else ():
            found += [Question(key, text, False) for text in _wordings(key, info, catalog, form)]
    return found


def _wordings(key: ClaimKey, info: AttributeInfo, catalog: Catalog, value: str) -> list[str]:
    """`Is the {entity} {attribute} {value} on {scope}?` (`Is {entity} {enabled} on {scope}?`
    for an entity's only on/off attribute), and the same with the value after the scope."""
    entity = lower_first(catalog.entities[key.entity].label)
    scope = [v.replace("_", " ") for _, v in key.scope if v != "global"]
    where = f" on {scope[0][:1].upper()}{scope[0][1:]}" if scope else ""
    where += "".join(f" in {v[:1].upper()}{v[1:]}" for v in scope[1:])
    booleans = [a for a in catalog.attributes_of(key.entity) if a.value_type is ValueType.BOOLEAN]
    if info.value_type is ValueType.BOOLEAN and len(booleans) == 1:
        subject = f"Is {entity}"
    else:
        subject = f"Is the {_subject(entity, info.label)}"
    return list(dict.fromkeys([f"{subject} {value}{where}?", f"{subject}{where} {value}?"]))


def _subject(entity: str, label: str) -> str:
    if label.lower() in entity.lower():
        return entity
    return f"{entity} {label}"


# --- the property -----------------------------------------------------------------------------


def _pipeline(repository: LifecycleRecordRepository) -> TruthExpiryPipeline:
    return build_pipeline(
        search=CorpusMessageSearch([]),
        evidence=InProcessLifecycleEvidence(repository),
        clock=FixedClock(AS_OF),
    )


def _wrong_answers(verdicts: tuple[Verdict, ...], catalog: Catalog) -> list[str]:
    """Invariant: no claim whose stated value equals the current value is SUPERSEDED."""
    wrong = []
    for verdict in verdicts:
        if verdict.status is not Status.SUPERSEDED:
            continue
        info = catalog.attributes.get((verdict.key.entity, verdict.key.attribute))
        if same_value(verdict.claim.stated_value, verdict.current_values[0], info):
            wrong.append(f"{verdict.key.canonical}: {verdict.claim.stated_value!r} SUPERSEDED")
    return wrong


Asked = list[tuple[Question, tuple[Verdict, ...]]]


@cache
def _asked(name: str) -> tuple[Catalog, Asked]:
    """Every question for the dataset, with its question verdicts (run once per dataset)."""
    repository = LifecycleRecordRepository.from_path(DATASET_PATHS[name])
    pipeline = _pipeline(repository)
    return repository.catalog, [
        (question, pipeline.run(TruthExpiryRequest(question.text, as_of=AS_OF)).question_verdicts)
        for question in questions(repository)
    ]


@pytest.mark.parametrize("name", sorted(DATASET_PATHS))
def test_a_question_stating_the_current_value_in_any_form_is_never_superseded(name: str) -> None:
    catalog, asked = _asked(name)
    wrong: list[str] = []
    for question, verdicts in asked:
        wrong += [f"{question.text} -> {w}" for w in _wrong_answers(verdicts, catalog)]
        if question.states_current:
            wrong += [
                f"{question.text} -> {v.claim.stated_value!r} SUPERSEDED by {v.current_values}"
                for v in verdicts
                if v.key == question.key and v.status is Status.SUPERSEDED
            ]

    assert asked, f"{name} has no current value to state"
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("name", sorted(DATASET_PATHS))
def test_a_question_read_as_a_claim_about_its_key_is_current_or_with_another_value_superseded(
    name: str,
) -> None:
    _, asked = _asked(name)
    misread: list[str] = []
    read = 0
    for question, verdicts in asked:
        about = [v for v in verdicts if v.key == question.key]
        read += bool(about)
        expected = Status.CURRENT if question.states_current else Status.SUPERSEDED
        misread += [
            f"{question.text} -> {v.claim.stated_value!r} {v.status.value}, expected {expected}"
            for v in about
            if v.status is not expected
        ]

    print(f"\n{name}: {read}/{len(asked)} questions read as a claim about their key")
    assert not misread, "\n".join(misread)
    assert read >= MIN_READ * len(asked)


def test_a_comma_inside_a_date_does_not_cut_the_scope_off() -> None:
    repository = LifecycleRecordRepository.from_path(DATASET_PATHS["ledgerline"])
    question = "Is the regulatory filing deadline February 27, 2026 on EU in fraud return?"

    [verdict] = _pipeline(repository).run(TruthExpiryRequest(question, as_of=AS_OF)).verdicts

    assert verdict.key.canonical == (
        "regulatory_filing|deadline|jurisdiction=eu|report_type=fraud_return"
    )
    assert verdict.status is Status.CURRENT
