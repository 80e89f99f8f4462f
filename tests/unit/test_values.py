"""Value reading and comparison: values compare after case, whitespace, unit and polarity
normalisation. The typed forms of each value type are in `test_typed_values.py`."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from truthexpiry.models.records.values import Comparison, ValueType
from truthexpiry.text.words import DISABLED, ENABLED, POLARITY_WORDS, UNITS
from truthexpiry.values.compare import compare, read_value, same_value
from truthexpiry.values.forms import token_key

PROPERTY = settings(deadline=None)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("30_days", "30 days"),
        ("30 days", "30-day"),
        ("30_days", "30-day"),
        ("30 Days", "  30   days "),
        ("30days", "30 days"),
        ("thirty days", "30 days"),
        ("2 weeks", "14 days"),
        ("1 year", "365 days"),
        ("50", "50 requests"),
        ("50 requests", "50 requests per minute"),
        ("50 req", "50 requests"),
        ("1,000", "1000"),
        ("1k requests", "1000 requests"),
        ("1.50", "1.5"),
        ("99.9%", "99.9 percent"),
        # Two counted nouns both count things: the attribute says what is counted.
        ("50 requests", "50 seats"),
    ],
)
def test_quantities_match_after_normalisation(a: str, b: str) -> None:
    assert same_value(a, b)
    assert same_value(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("30 days", "31 days"),
        ("30 days", "30 hours"),
        ("50", "60"),
        ("50 requests", "51 seats"),
        ("50 requests", "100 requests"),
        ("30 days", "enabled"),
        ("50", "55"),
    ],
)
def test_different_quantities_do_not_match(a: str, b: str) -> None:
    assert not same_value(a, b)
    assert compare(read_value(a), read_value(b)).outcome is Comparison.DIFFERENT


def test_a_number_without_a_unit_matches_the_same_number_with_any_unit() -> None:
    assert same_value("50", "50 requests")
    assert same_value("50", "50 seats")
    assert same_value("20 weeks", "20")


@pytest.mark.parametrize(
    "word",
    ["enabled", "Enabled", "enable", "available", "on", "ON", "live", "active", "supported", "GA"],
)
def test_enabled_synonyms_mean_enabled(word: str) -> None:
    assert read_value(word) == read_value(ENABLED)
    assert read_value(word).type is ValueType.BOOLEAN
    assert same_value(word, "enabled")


@pytest.mark.parametrize(
    "word",
    ["disabled", "unavailable", "off", "Off", "removed", "discontinued", "no longer available"],
)
def test_disabled_synonyms_mean_disabled(word: str) -> None:
    assert read_value(word).text == DISABLED
    assert same_value(word, "disabled")


@pytest.mark.parametrize(
    ("phrase", "meaning"),
    [
        ("not available", DISABLED),
        ("no longer available", DISABLED),
        ("no longer on", DISABLED),
        ("isn't enabled", DISABLED),
        ("never enabled", DISABLED),
        ("not disabled", ENABLED),
        ("not unavailable", ENABLED),
        ("is not off", ENABLED),
        ("cannot be enabled", DISABLED),
    ],
)
def test_a_negation_flips_the_polarity(phrase: str, meaning: str) -> None:
    assert read_value(phrase) == read_value(meaning)


def test_a_negated_value_does_not_match_the_value_itself() -> None:
    assert not same_value("not available", "available")
    assert not same_value("no longer available", "enabled")


@pytest.mark.parametrize("phrase", ["is now off", "has been turned off", "is currently disabled"])
def test_filler_words_around_a_polarity_do_not_change_it(phrase: str) -> None:
    assert read_value(phrase).text == DISABLED


def test_contradictory_polarity_words_are_not_a_polarity() -> None:
    assert read_value("enabled but removed").type is ValueType.ENUMERATION
    assert read_value("on off").type is ValueType.ENUMERATION


def test_polarity_does_not_match_a_token_that_merely_contains_the_word() -> None:
    assert not same_value("enabled", "enabled for admins")


@pytest.mark.parametrize(
    ("a", "b"),
    [("EU-Central", "eu_central"), ("eu central", "eu-central"), ("Deprecated", " deprecated ")],
)
def test_tokens_match_regardless_of_case_and_separators(a: str, b: str) -> None:
    assert same_value(a, b)


def test_different_tokens_do_not_match() -> None:
    assert not same_value("eu-central", "us-east")


def test_a_token_keeps_its_spelling_for_display_but_compares_by_token_key() -> None:
    value = read_value("EU-Central")

    assert value.type is ValueType.ENUMERATION
    assert value.text == "eu-central"
    assert token_key("EU_Central") == token_key("eu-central") == "eu central"


@pytest.mark.parametrize(
    ("raw", "kind", "text", "number", "unit"),
    [
        ("30_days", ValueType.DURATION, "30 days", Decimal(30), "day"),
        ("1 day", ValueType.DURATION, "1 day", Decimal(1), "day"),
        ("50", ValueType.QUANTITY, "50", Decimal(50), None),
        ("50 requests per minute", ValueType.QUANTITY, "50 requests", Decimal(50), "request"),
        ("100", ValueType.QUANTITY, "100", Decimal(100), None),
        ("99.9%", ValueType.PERCENTAGE, "99.9%", Decimal("99.9"), "percent"),
    ],
)
def test_a_quantity_is_shown_in_canonical_form(
    raw: str, kind: ValueType, text: str, number: Decimal, unit: str | None
) -> None:
    value = read_value(raw)

    assert value.type is kind
    assert (value.text, value.amount, value.unit) == (text, number, unit)


def test_a_compound_number_word_is_not_read_as_its_first_word() -> None:
    assert not same_value("fifty five", "50")
    assert same_value("fifty five", "55")


# --- properties ---------------------------------------------------------------------------

_NUMBERS = st.one_of(st.integers(0, 100_000).map(str), st.sampled_from(["1,000", "1.5", "0.25"]))
_QUANTITIES = st.builds(
    "{}{}{}".format,
    _NUMBERS,
    st.sampled_from(["", " ", "_", "-"]),
    st.sampled_from(["", *UNITS]),
)
_POLARITIES = st.builds(
    "{}{}{}".format,
    st.sampled_from(["", "is ", "has been ", "is now "]),
    st.sampled_from(["", "not ", "no longer ", "never "]),
    st.sampled_from(sorted(POLARITY_WORDS)),
)
_TOKENS = st.sampled_from(["eu-central", "US_East", "deprecated", "Legacy Mode", "beta"])
_PHRASES = st.one_of(_QUANTITIES, _POLARITIES, _TOKENS)
_ANY_TEXT = st.text(max_size=20)


@PROPERTY
@given(st.one_of(_PHRASES, _ANY_TEXT))
def test_every_value_matches_itself(value: str) -> None:
    assert same_value(value, value)


@PROPERTY
@given(st.one_of(_PHRASES, _ANY_TEXT), st.one_of(_PHRASES, _ANY_TEXT))
def test_matching_is_symmetric(a: str, b: str) -> None:
    assert same_value(a, b) == same_value(b, a)


@PROPERTY
@given(_PHRASES, st.sampled_from(["_", "-", "  ", " \t "]))
def test_separators_between_words_do_not_change_a_value(value: str, separator: str) -> None:
    assert same_value(value, value.replace(" ", separator))


@pytest.mark.parametrize(
    "spelling",
    [
        "15_%",
        "15-%",
        "15_per_cent",
        "15 per cent",
    ],
)
def test_a_percent_reads_as_a_percentage_however_it_is_joined(spelling: str) -> None:
    assert read_value(spelling) == read_value("15%")


@PROPERTY
@given(_PHRASES)
def test_case_and_outer_whitespace_do_not_change_a_value(value: str) -> None:
    assert same_value(value, f"  {value.upper()}\n")


@PROPERTY
@given(_PHRASES)
def test_reading_is_idempotent_on_the_shown_text(value: str) -> None:
    once = read_value(value)

    assert read_value(once.text) == once
