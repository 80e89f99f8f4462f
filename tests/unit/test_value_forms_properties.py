"""Spoken and written forms of a value, through the whole offline pipeline (issue 19): a question
that states a record's current value in any supported form is CURRENT, one that states a
different value is SUPERSEDED, and one in a unit that cannot be reconciled with the record's
(cents against pounds, kilograms against minutes) is UNVERIFIED, never SUPERSEDED.

The dataset has no catalog: its vocabulary comes from identifiers, as a new user's would.
"""

from __future__ import annotations

import json
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch
from bootstrap import build_pipeline
from lifecycle_data.repository import LifecycleRecordRepository
from tests.fakes import FixedClock
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.status import Status
from truthexpiry.text.words import NUMBER_WORDS

AS_OF = date(2026, 6, 1)
PROPERTY = settings(max_examples=25, deadline=None)
_WORDS = {number: word for word, number in NUMBER_WORDS.items() if word != "dozen"}
_WORDS |= {t + u: f"{_WORDS[t]} {_WORDS[u]}" for t in range(20, 100, 10) for u in range(1, 10)}
# entity, attribute, how a question names it
_KEYS = {
    "pounds": ("swim_ticket", "price", "the swim ticket price"),
    "euros": ("ferry_ticket", "fare", "the ferry ticket fare"),
    "minutes": ("transfer_window", "length", "the transfer window length"),
    "percent": ("card_payment", "surcharge", "the card payment surcharge"),
    "time": ("ticket_office", "closing_time", "the ticket office closing time"),
}


def _status(kind: str, record_value: str, stated: str) -> Status | None:
    """The status of the question's claim, or None when it states none."""
    entity, attribute, named = _KEYS[kind]
    document = {
        "dataset_version": "forms-1",
        "records": [
            {
                "record_id": "R-1",
                "entity": entity,
                "attribute": attribute,
                "scope": {"site": "global"},
                "value": record_value,
                "state": "EFFECTIVE",
                "effective_date": "2025-01-01",
                "supersedes_record_id": None,
            }
        ],
    }
    repository = LifecycleRecordRepository.from_json(json.dumps(document))
    pipeline = build_pipeline(
        search=CorpusMessageSearch([]),
        evidence=InProcessLifecycleEvidence(repository),
        clock=FixedClock(AS_OF),
    )
    response = pipeline.run(TruthExpiryRequest(f"Is {named} {stated}?", as_of=AS_OF))
    statuses = [verdict.status for verdict in response.question_verdicts]
    return statuses[0] if len(statuses) == 1 else None


# --- the forms people write -------------------------------------------------------------------


def _words(number: int) -> str:
    return _WORDS[number]


def pound_forms(pounds: int, pence: int) -> list[str]:
    forms = [f"\u00a3{pounds}.{pence:02d}", f"{pounds}.{pence:02d} GBP"]
    if pence:
        forms += [f"{pounds} pounds {pence}", f"{_words(pounds)} pounds {_words(pence)}"]
        forms += [f"{pounds} pounds and {pence} pence", f"{pounds} pounds {pence}p"]
    if pounds == 0:
        forms += [f"{pence}p", f"{pence} pence"]
    if pounds == 1:
        forms += ["a pound" + (f" {_words(pence)}" if pence else "")]
    return forms


def euro_forms(euros: int, cents: int) -> list[str]:
    forms = [f"\u20ac{euros}.{cents:02d}", f"EUR {euros}.{cents:02d}"]
    if cents:
        forms += [f"{euros} euro {cents}", f"{_words(euros)} euro {_words(cents)}"]
        forms += [f"{euros} euros and {cents} cents"]
    if euros == 0:
        forms += [f"{cents} cents", f"{cents}c", f"{cents}\u00a2", f"{_words(cents)} cents"]
    return forms


def minute_forms(minutes: int) -> list[str]:
    hours, rest = divmod(minutes, 60)
    forms = [f"{minutes} minutes", f"{minutes} mins"]
    if rest == 30:
        whole = "an hour" if hours == 1 else f"{hours} hours"
        forms += [f"{whole} and a half", f"{hours} 1/2 hours", f"{hours}\u00bd hours"]
        forms += [f"{_words(hours)} and a half hours"]
    if rest == 15:
        forms += [f"{'an hour' if hours == 1 else f'{hours} hours'} and a quarter"]
    named = {15: "a quarter of an hour", 30: "half an hour", 45: "three quarters of an hour"}
    if minutes in named:
        forms += [named[minutes]]
    return forms


def percent_forms(halves: int) -> list[str]:
    whole = halves // 2
    shown = f"{whole}.5" if halves % 2 else f"{whole}"
    forms = [f"{shown}%", f"{shown} percent", f"{shown} per cent"]
    if halves % 2 and whole:
        forms += [f"{_words(whole)} and a half percent", f"{whole} and a half percent"]
    return forms


def time_forms(hours: int, minutes: int) -> list[str]:
    twelve = hours % 12 or 12
    forms = [
        f"{hours:02d}:{minutes:02d}",
        f"{twelve}:{minutes:02d} {'pm' if hours >= 12 else 'am'}",
    ]
    spoken = {15: f"quarter past {_words(twelve)}", 30: f"half past {_words(twelve)}"}
    if minutes == 45:
        spoken[45] = f"quarter to {_words(twelve % 12 + 1)}"
    if minutes in spoken:
        forms += [spoken[minutes]]  # no am or pm: either half of the day
    if 16 <= hours <= 23 and minutes == 0:
        forms += [f"{twelve} in the evening"]
    if 18 <= hours <= 23 and minutes == 0:
        forms += [f"{_words(twelve)} at night"]
    if 5 <= hours <= 11 and minutes == 0:
        forms += [f"{twelve} in the morning"]
    if minutes == 30 and hours >= 12:
        forms += [f"{_words(twelve)} thirty pm"]
    return forms


# --- the properties ---------------------------------------------------------------------------

_PRICES = st.tuples(st.integers(0, 98), st.integers(0, 99)).filter(lambda p: p != (0, 0))
_HOURS = st.integers(1, 23)
_QUARTERS = st.sampled_from([0, 15, 30, 45])


def _assert_each(kind: str, record_value: str, forms: list[str], expected: Status) -> None:
    for form in forms:
        assert (form, _status(kind, record_value, form)) == (form, expected)


@PROPERTY
@given(_PRICES)
def test_a_price_in_pounds_in_any_form_is_current_and_another_is_superseded(
    price: tuple[int, int],
) -> None:
    pounds, pence = price
    record_value = f"\u00a3{pounds}.{pence:02d}"
    other = divmod(pounds * 100 + pence + 10, 100)

    _assert_each("pounds", record_value, pound_forms(pounds, pence), Status.CURRENT)
    _assert_each("pounds", record_value, pound_forms(*other)[:3], Status.SUPERSEDED)


@PROPERTY
@given(_PRICES)
def test_a_fare_in_euros_in_any_form_is_current_and_another_is_superseded(
    price: tuple[int, int],
) -> None:
    euros, cents = price
    record_value = f"\u20ac{euros}.{cents:02d}"
    other = divmod(euros * 100 + cents + 5, 100)

    _assert_each("euros", record_value, euro_forms(euros, cents), Status.CURRENT)
    _assert_each("euros", record_value, euro_forms(*other)[:3], Status.SUPERSEDED)


@PROPERTY
@given(st.integers(1, 99))
def test_cents_against_a_price_in_pounds_are_unverified_never_superseded(cents: int) -> None:
    for form in (f"{cents} cents", f"{cents}c", f"{cents}\u00a2"):
        assert _status("pounds", "\u00a30.50", form) is Status.UNVERIFIED


@PROPERTY
@given(st.integers(1, 40).map(lambda quarters: quarters * 15))
def test_a_length_in_any_spoken_form_is_current_and_another_is_superseded(minutes: int) -> None:
    record_value = f"{minutes} minutes"

    _assert_each("minutes", record_value, minute_forms(minutes), Status.CURRENT)
    _assert_each("minutes", record_value, minute_forms(minutes + 15)[:3], Status.SUPERSEDED)


@PROPERTY
@given(st.integers(1, 99))
def test_a_mass_against_a_length_in_minutes_is_unverified(amount: int) -> None:
    assert _status("minutes", "90 minutes", f"{amount} kg") is Status.UNVERIFIED


@PROPERTY
@given(st.integers(1, 60))
def test_a_percentage_in_any_spoken_form_is_current_and_another_is_superseded(
    halves: int,
) -> None:
    record_value = f"{halves / 2:g}%"

    _assert_each("percent", record_value, percent_forms(halves), Status.CURRENT)
    _assert_each("percent", record_value, percent_forms(halves + 1)[:2], Status.SUPERSEDED)


@PROPERTY
@given(_HOURS, _QUARTERS)
def test_a_closing_time_in_any_spoken_form_is_current_and_another_is_superseded(
    hours: int, minutes: int
) -> None:
    record_value = f"{hours:02d}:{minutes:02d}"
    later = (hours * 60 + minutes + 60) % 1440
    other = divmod(later, 60)

    _assert_each("time", record_value, time_forms(hours, minutes), Status.CURRENT)
    if other[0]:
        _assert_each("time", record_value, time_forms(*other), Status.SUPERSEDED)
