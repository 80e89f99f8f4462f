"""Typed values: each type reads every common surface form to one canonical text, the canonical
text reads back to the same value, and amounts compare in the record's unit without ever making
equal values unequal (PRODUCT.md, "Values are typed per attribute")."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.builders import claim, record, resolution_of
from truthexpiry.catalog.derive import derive_catalog
from truthexpiry.models.answering.verdicts import UnverifiedReason
from truthexpiry.models.records.catalog import AttributeInfo, AttributeNote, CatalogNotes
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.values import Comparison, TypedValue, ValueType
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label
from truthexpiry.text.tokens import sentences
from truthexpiry.text.words import CURRENCIES, UNITS
from truthexpiry.values.compare import compare, read_value
from truthexpiry.values.spans import value_at

PROPERTY = settings(deadline=None)
Forms = list[tuple[str, str]]


def _read_forms(kind: ValueType, forms: Forms) -> None:
    for raw, canonical in forms:
        value = read_value(raw)
        assert (raw, value.type, value.text) == (raw, kind, canonical)


def _in_a_sentence(raw: str) -> TypedValue | None:
    """The value that starts right after "It is" in a sentence stating `raw`."""
    [sentence] = sentences(f"It is {raw}, on Pro.")
    span = value_at(sentence.tokens, 2)
    return span.value if span else None


# --- every surface form, per type -----------------------------------------------------------

DURATIONS: Forms = [
    ("20 weeks", "20 weeks"),
    ("20-week", "20 weeks"),
    ("20wks", "20 weeks"),
    ("20 wks", "20 weeks"),
    ("twenty weeks", "20 weeks"),
    ("20_weeks", "20 weeks"),
    ("a week", "1 week"),
    ("1 week", "1 week"),
    ("half an hour", "0.5 hours"),
    ("an hour", "1 hour"),
    ("90 minutes", "90 minutes"),
    ("90 mins", "90 minutes"),
    ("1.5 hours", "1.5 hours"),
    ("14 days", "14 days"),
    ("14d", "14 days"),
    ("6 months", "6 months"),
    ("1 year", "1 year"),
    ("an hour and a half", "1.5 hours"),
    ("a week and a half", "1.5 weeks"),
    ("a day and a half", "1.5 days"),
    ("one and a half days", "1.5 days"),
    ("2 hours and a quarter", "2.25 hours"),
    ("a quarter of an hour", "0.25 hours"),
    ("three quarters of an hour", "0.75 hours"),
    ("a half hour", "0.5 hours"),
    ("a half-hour", "0.5 hours"),
    ("a quarter-hour", "0.25 hours"),
    ("1 1/2 hours", "1.5 hours"),
    ("1\u00bd hours", "1.5 hours"),
    ("twenty-one days", "21 days"),
]
QUANTITIES: Forms = [
    ("15kg", "15 kg"),
    ("15 kg", "15 kg"),
    ("15 kilograms", "15 kg"),
    ("1.5k", "1500"),
    ("1,200", "1200"),
    ("50", "50"),
    ("twenty five", "25"),
    ("50 seats", "50 seats"),
    ("1 seat", "1 seat"),
    ("50 requests per minute", "50 requests"),
    ("2.5 GB", "2.5 gb"),
    ("one and a quarter", "1.25"),
    ("two and a half thousand", "2500"),
    ("one and a half million users", "1500000 users"),
]
MONEY: Forms = [
    ("\u20ac35", "35 EUR"),
    ("35 EUR", "35 EUR"),
    ("EUR 35", "35 EUR"),
    ("35 euros", "35 EUR"),
    ("$1,200", "1200 USD"),
    ("1200 USD", "1200 USD"),
    ("120p", "1.2 GBP"),
    ("\u00a31.20", "1.2 GBP"),
    ("\u20ac0.45/km", "0.45 EUR"),
    ("5 pounds 20", "5.2 GBP"),
    ("five pounds twenty", "5.2 GBP"),
    ("5 pounds and 20 pence", "5.2 GBP"),
    ("six euro ninety", "6.9 EUR"),
    ("5 dollars and 20 cents", "5.2 USD"),
    ("a pound", "1 GBP"),
    ("a pound fifty", "1.5 GBP"),
    ("50p", "0.5 GBP"),
    ("40 cents", "40 cents"),
    ("75c", "75 cents"),
    ("75\u00a2", "75 cents"),
    ("1 cent", "1 cent"),
]
PERCENTAGES: Forms = [
    ("15 %", "15%"),
    ("15%", "15%"),
    ("15 percent", "15%"),
    ("15 pct", "15%"),
    ("15 per cent", "15%"),
    ("99.9%", "99.9%"),
    ("two and a half percent", "2.5%"),
    ("2 and a half per cent", "2.5%"),
    ("half a percent", "0.5%"),
    ("twenty-five percent", "25%"),
]
TIMES: Forms = [
    ("3pm", "15:00"),
    ("3 pm", "15:00"),
    ("15:00", "15:00"),
    ("4:30 pm", "16:30"),
    ("4:30pm", "16:30"),
    ("9am", "09:00"),
    ("noon", "12:00"),
    ("midday", "12:00"),
    ("midnight", "00:00"),
    ("12pm", "12:00"),
    ("12am", "00:00"),
    ("9 in the evening", "21:00"),
    ("ten at night", "22:00"),
    ("12 at night", "00:00"),
    ("10 in the morning", "10:00"),
    ("3 in the afternoon", "15:00"),
    ("quarter past eleven at night", "23:15"),
    ("half past seven in the evening", "19:30"),
    ("seven thirty pm", "19:30"),
    ("9.30pm", "21:30"),
    ("12 noon", "12:00"),
    # Without am, pm or a part of the day: either half of the day.
    ("half past six", "06:30 or 18:30"),
    ("half six", "06:30 or 18:30"),
    ("quarter to seven", "06:45 or 18:45"),
    ("a quarter past twelve", "00:15 or 12:15"),
    ("ten past six", "06:10 or 18:10"),
    ("6 o'clock", "06:00 or 18:00"),
    ("06:30 or 18:30", "06:30 or 18:30"),
]
DATES: Forms = [
    ("31 March 2026", "2026-03-31"),
    ("2026-03-31", "2026-03-31"),
    ("March 31, 2026", "2026-03-31"),
    ("March 31st 2026", "2026-03-31"),
    ("31st of March 2026", "2026-03-31"),
    ("31 Mar 2026", "2026-03-31"),
    ("31/03/2026", "2026-03-31"),
    ("31 March", "31 March"),
]
BOOLEANS: Forms = [
    ("enabled", "enabled"),
    ("on", "enabled"),
    ("available", "enabled"),
    ("permitted", "enabled"),
    ("allowed", "enabled"),
    ("live", "enabled"),
    ("not banned", "enabled"),
    ("disabled", "disabled"),
    ("off", "disabled"),
    ("banned", "disabled"),
    ("prohibited", "disabled"),
    ("scrapped", "disabled"),
    ("discontinued", "disabled"),
    ("switched off", "disabled"),
    ("no longer available", "disabled"),
    ("not permitted", "disabled"),
]
ENUMERATIONS: Forms = [
    ("EU-Central", "eu-central"),
    ("paper", "paper"),
    ("  Legacy   Mode ", "legacy mode"),
]
EVERY_FORM = {
    ValueType.DURATION: DURATIONS,
    ValueType.QUANTITY: QUANTITIES,
    ValueType.MONEY: MONEY,
    ValueType.PERCENTAGE: PERCENTAGES,
    ValueType.TIME_OF_DAY: TIMES,
    ValueType.DATE: DATES,
    ValueType.BOOLEAN: BOOLEANS,
    ValueType.ENUMERATION: ENUMERATIONS,
}


def test_a_duration_reads_in_every_form_to_its_number_and_unit() -> None:
    _read_forms(ValueType.DURATION, DURATIONS)


def test_a_quantity_reads_in_every_form_to_its_number_and_unit_or_counted_noun() -> None:
    _read_forms(ValueType.QUANTITY, QUANTITIES)


def test_money_reads_in_every_form_to_an_amount_and_a_currency_code() -> None:
    _read_forms(ValueType.MONEY, MONEY)


def test_a_percentage_reads_in_every_form_to_a_number_and_a_percent_sign() -> None:
    _read_forms(ValueType.PERCENTAGE, PERCENTAGES)


def test_a_time_of_day_reads_in_every_form_to_twenty_four_hour_time() -> None:
    _read_forms(ValueType.TIME_OF_DAY, TIMES)


def test_a_date_reads_in_every_form_to_an_iso_date_or_a_day_without_a_year() -> None:
    _read_forms(ValueType.DATE, DATES)


def test_availability_words_and_their_negations_read_as_enabled_or_disabled() -> None:
    _read_forms(ValueType.BOOLEAN, BOOLEANS)


def test_an_enumerated_value_reads_as_its_words_in_lower_case() -> None:
    _read_forms(ValueType.ENUMERATION, ENUMERATIONS)


def test_a_day_that_does_not_exist_is_not_a_date() -> None:
    assert read_value("2026-02-30").type is not ValueType.DATE


@pytest.mark.parametrize(
    ("kind", "raw", "canonical"),
    [
        pytest.param(kind, raw, canonical, id=raw)
        for kind, forms in EVERY_FORM.items()
        if kind not in (ValueType.BOOLEAN, ValueType.ENUMERATION)  # read with the catalog
        for raw, canonical in forms
    ],
)
def test_every_form_reads_the_same_in_the_middle_of_a_sentence(
    kind: ValueType, raw: str, canonical: str
) -> None:
    value = _in_a_sentence(raw)

    assert value is not None
    assert (value.type, value.text) == (kind, canonical)


def test_per_cent_at_the_end_of_a_sentence_is_a_percentage() -> None:
    [sentence] = sentences("The fee is 15 per cent.")

    span = value_at(sentence.tokens, 3)

    assert span is not None
    assert span.value.text == "15%"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("20 weeks", "twenty weeks"),
        ("\u20ac35", "35 EUR"),
        ("3pm", "15:00"),
        ("noon", "12:00"),
        ("31 March 2026", "March 31, 2026"),
        ("half an hour", "30 minutes"),
        ("1.5k", "1500"),
        ("120p", "\u00a31.20"),
        ("40 cents", "\u20ac0.40"),
        ("75c", "$0.75"),
        ("5 pounds 20", "\u00a35.20"),
        ("an hour and a half", "90 minutes"),
        ("a day and a half", "36 hours"),
        ("a week and a half", "10.5 days"),
        ("two and a half percent", "2.5%"),
        ("half past six", "18:30"),
        ("half past six", "06:30"),
        ("9 in the evening", "21:00"),
    ],
)
def test_two_forms_of_one_value_compare_the_same(a: str, b: str) -> None:
    assert compare(read_value(a), read_value(b)).outcome is Comparison.SAME


# --- canonical text reads back to the same value ---------------------------------------------

_AMOUNTS = st.decimals(min_value=0, max_value=100_000, places=2, allow_nan=False).map(
    lambda d: d.normalize()
)
_UNIT_SPELLINGS = sorted(u for u in UNITS if u not in ("%", "per_cent"))
_CODES = sorted(set(CURRENCIES.values()))
_SYMBOLS = {"\u20ac": "EUR", "$": "USD", "\u00a3": "GBP"}


def _plain(amount: Decimal) -> str:
    return format(amount, "f")


@st.composite
def surface_forms(draw: st.DrawFn) -> str:
    """A value written in any form the parsers know."""
    kind = draw(st.sampled_from(["amount", "money", "time", "date", "words", "listed"]))
    if kind == "listed":  # every form above: availability words, spoken forms
        return draw(st.sampled_from([raw for forms in EVERY_FORM.values() for raw, _ in forms]))
    if kind == "amount":
        amount = _plain(draw(_AMOUNTS))
        unit = draw(st.sampled_from(["", "%", "seats", "requests", *_UNIT_SPELLINGS]))
        return f"{amount}{draw(st.sampled_from(['', ' ', '_']))}{unit}".strip("_")
    if kind == "money":
        amount = _plain(draw(_AMOUNTS))
        symbol = draw(st.sampled_from(sorted(_SYMBOLS)))
        code = draw(st.sampled_from(_CODES))
        return draw(st.sampled_from([f"{symbol}{amount}", f"{amount} {code}", f"{code} {amount}"]))
    if kind == "time":
        hours, minutes = draw(st.integers(0, 23)), draw(st.integers(0, 59))
        twelve = f"{hours % 12 or 12}:{minutes:02d} {'pm' if hours >= 12 else 'am'}"
        return draw(st.sampled_from([f"{hours:02d}:{minutes:02d}", twelve]))
    if kind == "date":
        day = draw(st.dates(date(1950, 1, 1), date(2099, 12, 31)))
        month = day.strftime("%B")
        return draw(
            st.sampled_from(
                [day.isoformat(), f"{day.day} {month} {day.year}", f"{month} {day.day}, {day.year}"]
            )
        )
    return draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyz- _", min_size=1, max_size=20))


@PROPERTY
@given(surface_forms())
def test_the_canonical_text_reads_back_to_an_equal_value(raw: str) -> None:
    value = read_value(raw)
    again = read_value(value.text)

    assert again == value
    assert again.text == value.text
    assert compare(again, value).outcome is Comparison.SAME


@PROPERTY
@given(surface_forms(), st.sampled_from(["day", "week", "kg", "EUR", "seat", None]))
def test_the_canonical_text_reads_back_equal_in_the_attributes_unit(
    raw: str, unit: str | None
) -> None:
    info = _info("limit", unit=unit)
    value = read_value(raw, info)

    assert read_value(value.text, info) == value


@PROPERTY
@given(st.dates(date(1950, 1, 1), date(2099, 12, 31)))
def test_every_written_form_of_a_date_is_that_date(day: date) -> None:
    forms = [
        day.isoformat(),
        f"{day.day} {day.strftime('%B')} {day.year}",
        f"{day.strftime('%B')} {day.day}, {day.year}",
        f"{day.day} {day.strftime('%b')} {day.year}",
    ]

    assert {read_value(form).text for form in forms} == {day.isoformat()}


@PROPERTY
@given(st.integers(0, 23), st.integers(0, 59))
def test_twelve_and_twenty_four_hour_times_are_the_same_time(hours: int, minutes: int) -> None:
    twelve = f"{hours % 12 or 12}:{minutes:02d}{'pm' if hours >= 12 else 'am'}"

    assert read_value(twelve) == read_value(f"{hours:02d}:{minutes:02d}")


# --- units are compared, never invented -------------------------------------------------------


def _info(attribute: str, *records: str, unit: str | None = None) -> AttributeInfo:
    """The attribute as the catalog derives it from records (and a catalog unit, if given)."""
    key = ClaimKey.of("policy", attribute, {"plan": "pro"})
    notes = CatalogNotes(attributes={("policy", attribute): AttributeNote(unit=unit)})
    built = [record(f"R-{i}", value, key=key) for i, value in enumerate(records or ("1",))]
    return derive_catalog(built, "v1", notes).attributes[("policy", attribute)]


def _outcome(stated: str, current: str, info: AttributeInfo | None = None) -> Comparison:
    return compare(read_value(stated, info), read_value(current, info)).outcome


def test_a_bare_record_number_is_in_the_unit_the_record_values_state() -> None:
    info = _info("window", "20 weeks", "20")

    assert info.unit == "week"
    assert _outcome("140 days", "20", info) is Comparison.SAME


def test_a_bare_record_number_is_in_the_catalogs_unit_when_the_records_state_none() -> None:
    info = _info("window", "20", unit="weeks")

    assert info.unit == "week"
    assert _outcome("140 days", "20", info) is Comparison.SAME
    assert _outcome("20 days", "20", info) is Comparison.DIFFERENT


def test_a_bare_record_number_is_in_the_unit_the_attribute_name_states() -> None:
    for attribute, stated, current in [
        ("return_window_weeks", "140 days", "20"),
        ("weight_kg", "15000 g", "15"),
        ("fee_eur", "\u20ac35", "35"),
        ("rate_percent", "15 %", "15"),
        ("timeout_minutes", "2 hours", "120"),
    ]:
        info = _info(attribute, current)
        assert info.unit is not None, attribute
        assert _outcome(stated, current, info) is Comparison.SAME, attribute


def test_the_catalogs_unit_comes_before_the_unit_the_name_suggests() -> None:
    info = _info("window_days", "20", unit="weeks")

    assert _outcome("20 weeks", "20", info) is Comparison.SAME
    assert _outcome("20 days", "20", info) is Comparison.DIFFERENT


def test_a_claim_in_weeks_about_a_bare_record_in_weeks_is_current_not_converted_to_days() -> None:
    info = _info("return_window_weeks", "20")
    resolution = resolution_of([record("R-1", "20")])

    for stated in ("20 weeks", "20-week", "twenty weeks", "140 days", "20"):
        assert label(claim(stated), resolution, info).status is Status.CURRENT, stated


def test_a_bare_number_on_either_side_matches_the_same_number_in_any_unit() -> None:
    assert _outcome("20 weeks", "20") is Comparison.SAME
    assert _outcome("20", "20 weeks") is Comparison.SAME
    assert _outcome("15 kg", "15") is Comparison.SAME
    assert _outcome("35 EUR", "35") is Comparison.SAME
    assert _outcome("21", "20 weeks") is Comparison.DIFFERENT


def test_an_amount_that_is_the_bare_record_number_in_another_unit_is_incomparable() -> None:
    # Without a unit anywhere, a bare 20 could be 20 weeks: 140 days neither confirms it nor
    # contradicts it.
    assert _outcome("140 days", "20") is Comparison.INCOMPARABLE
    assert _outcome("2 hours", "120") is Comparison.INCOMPARABLE
    assert _outcome("15000 g", "15") is Comparison.INCOMPARABLE


def test_an_amount_that_is_no_other_unit_of_the_bare_record_number_is_different() -> None:
    assert _outcome("141 days", "20") is Comparison.DIFFERENT
    assert _outcome("21 weeks", "20") is Comparison.DIFFERENT


def test_money_against_a_different_bare_record_number_is_incomparable() -> None:
    assert _outcome("35 EUR", "40") is Comparison.INCOMPARABLE
    assert _outcome("$1,200", "1000") is Comparison.INCOMPARABLE


@pytest.mark.parametrize(
    ("stated", "current"),
    [
        ("2 weeks", "14 days"),
        ("20 weeks", "140 days"),
        ("2 hours", "120 minutes"),
        ("half an hour", "30 minutes"),
        ("1.5 kg", "1500 g"),
        ("2 GB", "2000 MB"),
        ("2 GB", "2048 MB"),
        ("1 TB", "1024 GB"),
    ],
)
def test_units_of_one_dimension_convert_exactly(stated: str, current: str) -> None:
    assert _outcome(stated, current) is Comparison.SAME
    assert _outcome(current, stated) is Comparison.SAME


@pytest.mark.parametrize(
    ("stated", "current"),
    [("3 weeks", "14 days"), ("2 hours", "100 minutes"), ("2 kg", "1500 g"), ("2 GB", "2100 MB")],
)
def test_converted_amounts_that_differ_are_different(stated: str, current: str) -> None:
    assert _outcome(stated, current) is Comparison.DIFFERENT


def test_data_sizes_convert_by_a_thousand_or_by_1024() -> None:
    assert _outcome("1 GB", "1000 MB") is Comparison.SAME
    assert _outcome("1 GB", "1024 MB") is Comparison.SAME
    assert _outcome("1 GB", "1023 MB") is Comparison.DIFFERENT


def test_metric_and_imperial_amounts_that_are_not_equal_are_incomparable() -> None:
    assert _outcome("1 kg", "2 lb") is Comparison.INCOMPARABLE
    assert _outcome("10 km", "6 miles") is Comparison.INCOMPARABLE


def test_metric_and_imperial_amounts_that_are_exactly_equal_are_the_same() -> None:
    assert _outcome("1 lb", "453.59237 g") is Comparison.SAME


@pytest.mark.parametrize(
    ("stated", "current"),
    [("15 kg", "15%"), ("15 kg", "15 days"), ("2 GB", "2 hours"), ("35 EUR", "35 kg")],
)
def test_amounts_of_different_dimensions_are_incomparable(stated: str, current: str) -> None:
    assert _outcome(stated, current) is Comparison.INCOMPARABLE
    assert _outcome(current, stated) is Comparison.INCOMPARABLE


def test_amounts_in_different_currencies_are_incomparable_even_when_the_numbers_agree() -> None:
    assert _outcome("35 EUR", "35 USD") is Comparison.INCOMPARABLE
    assert _outcome("\u00a335", "\u20ac40") is Comparison.INCOMPARABLE


@pytest.mark.parametrize(
    ("stated", "current"),
    [
        ("1 month", "30 days"),
        ("1 month", "31 days"),
        ("6 months", "180 days"),
        ("1 year", "365 days"),
        ("1 year", "366 days"),
        ("12 months", "365 days"),
    ],
)
def test_months_and_years_equal_to_thirty_or_thirty_one_day_months_are_the_same(
    stated: str, current: str
) -> None:
    assert _outcome(stated, current) is Comparison.SAME
    assert _outcome(current, stated) is Comparison.SAME


@pytest.mark.parametrize(
    ("stated", "current"),
    [("1 month", "28 days"), ("1 month", "29 days"), ("6 months", "170 days")],
)
def test_months_against_days_within_twenty_eight_to_thirty_one_a_month_are_incomparable(
    stated: str, current: str
) -> None:
    assert _outcome(stated, current) is Comparison.INCOMPARABLE
    assert _outcome(current, stated) is Comparison.INCOMPARABLE


@pytest.mark.parametrize(
    ("stated", "current"), [("1 month", "45 days"), ("1 month", "14 days"), ("1 year", "200 days")]
)
def test_months_against_days_outside_any_month_length_are_different(
    stated: str, current: str
) -> None:
    assert _outcome(stated, current) is Comparison.DIFFERENT


def test_two_different_counted_nouns_compare_as_counts() -> None:
    assert _outcome("50 users", "50 seats") is Comparison.SAME
    assert _outcome("50 requests", "50 seats") is Comparison.SAME
    assert _outcome("50 users", "60 seats") is Comparison.DIFFERENT


def test_an_incomparable_claim_is_unverified_with_the_reason_never_superseded() -> None:
    resolution = resolution_of([record("R-1", "35 USD")])

    verdict = label(claim("35 EUR"), resolution)

    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.INCOMPARABLE_UNITS
    assert "'35 USD'" in verdict.explanation
    assert "R-1" in verdict.explanation


_UNIT_AMOUNTS = st.tuples(st.integers(1, 500), st.sampled_from(_UNIT_SPELLINGS))


@PROPERTY
@given(_UNIT_AMOUNTS, _UNIT_AMOUNTS)
def test_comparing_amounts_is_symmetric(a: tuple[int, str], b: tuple[int, str]) -> None:
    stated, current = read_value(f"{a[0]} {a[1]}"), read_value(f"{b[0]} {b[1]}")

    assert compare(stated, current).outcome is compare(current, stated).outcome


@PROPERTY
@given(_UNIT_AMOUNTS, st.sampled_from(["", "day", "week", "kg", "EUR", "seat", "percent"]))
def test_an_amount_equals_itself_whatever_unit_the_attribute_is_in(
    amount: tuple[int, str], unit: str
) -> None:
    info = _info("limit", unit=unit or None)
    value = read_value(f"{amount[0]} {amount[1]}", info)

    assert compare(value, value).outcome is Comparison.SAME


@pytest.mark.parametrize(
    ("info", "stated", "outcome"),
    [
        (_info("fee_cents", "40"), "40 cents", Comparison.SAME),
        (_info("fee_cents", "40"), "\u20ac0.40", Comparison.SAME),
        (_info("fee_cents", "40"), "45c", Comparison.DIFFERENT),
        (_info("fee_cents", "40"), "\u00a30.40", Comparison.INCOMPARABLE),
        (_info("fee", "40", unit="cents"), "40 cents", Comparison.SAME),
    ],
)
def test_a_bare_record_number_in_cents_is_a_hundredth_of_a_currency(
    info: AttributeInfo, stated: str, outcome: Comparison
) -> None:
    assert info.value_type is ValueType.MONEY
    assert _outcome(stated, "40", info) is outcome
