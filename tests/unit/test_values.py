"""Value normalisation: values compare after case, whitespace, unit and polarity normalisation."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from truthexpiry.models.catalog import ValueKind
from truthexpiry.services.value_words import DISABLED, ENABLED, POLARITY_WORDS, UNIT_ALIASES
from truthexpiry.services.values import normalise_value, token_key, values_match

PROPERTY = settings(max_examples=200, deadline=None)


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
    ],
)
def test_quantities_match_after_normalisation(a: str, b: str) -> None:
    assert values_match(a, b)
    assert values_match(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("30 days", "31 days"),
        ("30 days", "30 hours"),
        ("50", "60"),
        ("50 requests", "50 seats"),
        ("50 requests", "100 requests"),
        ("30 days", "enabled"),
        ("50", "55"),
    ],
)
def test_different_quantities_do_not_match(a: str, b: str) -> None:
    assert not values_match(a, b)


def test_a_number_without_a_unit_matches_the_same_number_with_any_unit() -> None:
    assert values_match("50", "50 requests")
    assert values_match("50", "50 seats")


@pytest.mark.parametrize(
    "word",
    ["enabled", "Enabled", "enable", "available", "on", "ON", "live", "active", "supported", "GA"],
)
def test_enabled_synonyms_mean_enabled(word: str) -> None:
    assert normalise_value(word).text == ENABLED
    assert values_match(word, "enabled")


@pytest.mark.parametrize(
    "word",
    ["disabled", "unavailable", "off", "Off", "removed", "discontinued", "no longer available"],
)
def test_disabled_synonyms_mean_disabled(word: str) -> None:
    assert normalise_value(word).text == DISABLED
    assert values_match(word, "disabled")


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
    assert normalise_value(phrase) == normalise_value(meaning)


def test_a_negated_value_does_not_match_the_value_itself() -> None:
    assert not values_match("not available", "available")
    assert not values_match("no longer available", "enabled")


@pytest.mark.parametrize("phrase", ["is now off", "has been turned off", "is currently disabled"])
def test_filler_words_around_a_polarity_do_not_change_it(phrase: str) -> None:
    assert normalise_value(phrase).text == DISABLED


def test_contradictory_polarity_words_are_not_a_polarity() -> None:
    assert normalise_value("enabled but removed").kind is ValueKind.TOKEN
    assert normalise_value("on off").kind is ValueKind.TOKEN


def test_polarity_does_not_match_a_token_that_merely_contains_the_word() -> None:
    assert not values_match("enabled", "enabled for admins")


@pytest.mark.parametrize(
    ("a", "b"),
    [("EU-Central", "eu_central"), ("eu central", "eu-central"), ("Deprecated", " deprecated ")],
)
def test_tokens_match_regardless_of_case_and_separators(a: str, b: str) -> None:
    assert values_match(a, b)


def test_different_tokens_do_not_match() -> None:
    assert not values_match("eu-central", "us-east")


def test_a_token_keeps_its_spelling_for_display_but_compares_by_token_key() -> None:
    value = normalise_value("EU-Central")

    assert value.kind is ValueKind.TOKEN
    assert value.text == "eu-central"
    assert token_key("EU_Central") == token_key("eu-central") == "eu central"


@pytest.mark.parametrize(
    ("raw", "text", "number", "unit"),
    [
        ("30_days", "30 days", Decimal(30), "day"),
        ("1 day", "1 day", Decimal(1), "day"),
        ("50", "50", Decimal(50), None),
        ("50 requests per minute", "50 requests", Decimal(50), "request"),
        ("100", "100", Decimal(100), None),
        ("99.9%", "99.9 percent", Decimal("99.9"), "percent"),
    ],
)
def test_a_quantity_is_shown_in_canonical_form(
    raw: str, text: str, number: Decimal, unit: str | None
) -> None:
    value = normalise_value(raw)

    assert value.kind is ValueKind.QUANTITY
    assert (value.text, value.number, value.unit) == (text, number, unit)


def test_a_compound_number_word_is_not_read_as_its_first_word() -> None:
    assert not values_match("fifty five", "50")


# --- properties ---------------------------------------------------------------------------

_QUANTITIES = st.builds(
    "{}{}{}".format,
    st.one_of(st.integers(0, 100_000).map(str), st.sampled_from(["1,000", "1.5", "0.25"])),
    st.sampled_from(["", " ", "_", "-"]),
    st.sampled_from(["", *UNIT_ALIASES]),
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
    assert values_match(value, value)


@PROPERTY
@given(st.one_of(_PHRASES, _ANY_TEXT), st.one_of(_PHRASES, _ANY_TEXT))
def test_matching_is_symmetric(a: str, b: str) -> None:
    assert values_match(a, b) == values_match(b, a)


@PROPERTY
@given(_PHRASES, st.sampled_from(["_", "-", "  ", " \t "]))
def test_separators_between_words_do_not_change_a_value(value: str, separator: str) -> None:
    assert values_match(value, value.replace(" ", separator))


@PROPERTY
@given(_PHRASES)
def test_case_and_outer_whitespace_do_not_change_a_value(value: str) -> None:
    assert values_match(value, f"  {value.upper()}\n")


@PROPERTY
@given(_PHRASES)
def test_normalisation_is_idempotent_on_the_shown_text(value: str) -> None:
    once = normalise_value(value)

    assert normalise_value(once.text).matches(once)
