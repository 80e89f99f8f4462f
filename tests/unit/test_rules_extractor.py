"""The rules extractor, on a vocabulary unlike the public evaluation set's."""

from __future__ import annotations

import pytest

from tests.readings import reading
from tests.unit.builders import record
from truthexpiry.catalog.derive import derive_catalog
from truthexpiry.models.answering.claims import Claim, ClaimSource, Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.records.catalog import AttributeNote, Catalog, CatalogNotes, EntityInfo
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.text.tokens import MAX_TEXT_CHARS
from truthexpiry.values.compare import same_value


def key(entity: str, attribute: str, **scope: str) -> ClaimKey:
    return ClaimKey.of(entity, attribute, scope)


def build_catalog(notes: CatalogNotes | None = None) -> Catalog:
    records = [
        record(
            "P-1",
            "enabled",
            key=key("same_day_delivery", "availability", tier="pro", market="emea"),
        ),
        record(
            "P-2",
            "disabled",
            key=key("same_day_delivery", "availability", tier="basic", market="global"),
        ),
        record("P-3", "25", key=key("parcel_weight", "max_kg", tier="basic", market="global")),
        record("P-4", "14_days", key=key("return_window", "duration", tier="pro", market="global")),
        record("P-5", "fra-1", key=key("label_printer", "data_center", tier="pro", market="emea")),
        record("P-6", "off", key=key("label_printer", "availability", tier="pro", market="global")),
        record("P-7", "1000", key=key("api_quota", "daily_calls", tier="pro", market="global")),
    ]
    return derive_catalog(records, "test", notes)


CATALOG = build_catalog()
EXTRACTOR = RulesClaimExtractor()


def question(text: str, catalog: Catalog = CATALOG) -> Extraction:
    return EXTRACTOR.extract(reading(text, catalog), [], catalog)


def stated(text: str, catalog: Catalog = CATALOG) -> list[tuple[str, str, dict[str, str], str]]:
    return [
        (c.entity, c.attribute, dict(c.scope), c.stated_value)
        for c in question(text, catalog).question_claims
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Is same day delivery available on Pro?", "enabled"),
        ("Is same-day delivery turned off for pro?", "disabled"),
        ("Is same day delivery no longer available on Pro?", "disabled"),
        ("Is same day delivery not enabled on Pro?", "disabled"),
        ("Is same day delivery live for Pro customers?", "enabled"),
        ("Was same day delivery removed from Pro?", "disabled"),
        ("Has same day delivery been switched on for Pro?", "enabled"),
    ],
)
def test_polarity_words_and_negation_give_enabled_or_disabled(text: str, value: str) -> None:
    assert stated(text) == [("same_day_delivery", "availability", {"tier": "pro"}, value)]


def test_on_as_a_preposition_is_not_a_value() -> None:
    extraction = question("Is same day delivery on Pro?")

    assert extraction.question_claims == ()
    assert extraction.value_queries  # it still asks about the topic


def test_a_present_statement_wins_over_a_past_one() -> None:
    claims = stated("Same day delivery was disabled but is now enabled on Pro.")

    assert claims == [("same_day_delivery", "availability", {"tier": "pro"}, "enabled")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Is the parcel weight limit 25 kg on Basic?", "25 kg"),
        ("Is the parcel weight limit 25kg on Basic?", "25 kg"),
        ("Is the max parcel weight 30 on basic?", "30"),
        ("Is the api quota 1,000 daily calls on Pro?", "1000"),
        ("Is the Pro API quota 2k?", "2000"),
    ],
)
def test_numbers_are_read_with_separators_and_suffixes(text: str, value: str) -> None:
    [claim] = question(text).question_claims

    assert claim.stated_value == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Is the return window 14 days on Pro?", "14 days"),
        ("Is the Pro return window 14-day?", "14 days"),
        ("Is the return window two weeks for Pro?", "2 weeks"),
    ],
)
def test_durations_keep_their_unit_and_equal_the_same_number_of_days(text: str, value: str) -> None:
    [claim] = question(text).question_claims
    info = CATALOG.attributes[("return_window", "duration")]

    assert claim.stated_value == value
    assert same_value(claim.stated_value, "14_days", info)


def test_ticket_ids_and_dates_are_not_read_as_values() -> None:
    extraction = question("Is the parcel weight limit on Basic (PW-123) as of June 2024?")

    assert extraction.question_claims == ()


def test_an_enumerated_token_value_is_found_in_its_own_spelling() -> None:
    claims = stated("Is the label printer data center FRA 1 for Pro in EMEA?")

    assert claims == [("label_printer", "data_center", {"market": "emea", "tier": "pro"}, "fra-1")]


def test_the_attribute_is_told_apart_by_its_name_or_value_kind() -> None:
    assert stated("Is the label printer turned off for Pro?") == [
        ("label_printer", "availability", {"tier": "pro"}, "disabled")
    ]


def test_two_scope_values_give_two_claims() -> None:
    claims = stated("Is same day delivery available on Pro and Basic?")

    assert sorted(c[2]["tier"] for c in claims) == ["basic", "pro"]


def test_two_entities_in_one_sentence_each_keep_their_own_value() -> None:
    claims = stated("Same day delivery is enabled on Pro, but the label printer is off for Pro.")

    assert sorted((c[0], c[3]) for c in claims) == [
        ("label_printer", "disabled"),
        ("same_day_delivery", "enabled"),
    ]


def test_a_value_question_becomes_a_value_query() -> None:
    extraction = question("What is the parcel weight limit on Basic?")

    assert extraction.question_claims == ()
    [query] = extraction.value_queries
    assert (query.entity, query.attribute, dict(query.scope)) == (
        "parcel_weight",
        "max_kg",
        {"tier": "basic"},
    )


def test_a_question_about_nothing_known_has_no_claim_and_no_topic() -> None:
    extraction = question("What's the weather like today?")

    assert extraction == Extraction()


def test_two_partial_names_side_by_side_name_neither() -> None:
    # "parcel" is only in parcel_weight, "window" only in return_window: "parcel window" is
    # neither, and the extractor must not guess.
    assert stated("Is the parcel window 14 days on Pro?") == []


def test_catalog_aliases_name_entities_scopes_and_values() -> None:
    notes = CatalogNotes(
        entities={"same_day_delivery": EntityInfo("same_day_delivery", "", ("express",))},
        attributes={
            ("label_printer", "data_center"): AttributeNote(value_aliases={"fra-1": ("frankfurt",)})
        },
        scope_aliases={("tier", "pro"): ("professional",), ("market", "emea"): ("europe",)},
    )
    catalog = build_catalog(notes)

    assert stated("Is express turned on for Professional?", catalog) == [
        ("same_day_delivery", "availability", {"tier": "pro"}, "enabled")
    ]
    assert stated("Is the label printer data center Frankfurt on Pro in Europe?", catalog) == [
        ("label_printer", "data_center", {"market": "emea", "tier": "pro"}, "fra-1")
    ]


def test_message_claims_carry_their_message_reference() -> None:
    message = SearchMessage(
        "1.0",
        "C1",
        "ops",
        "U1",
        "Ana",
        "Same day delivery is off on Basic.",
        "https://example.slack.com/archives/C1/p10",
    )

    extraction = EXTRACTOR.extract(reading("", CATALOG), [message], CATALOG)

    assert extraction.message_claims == (
        Claim(
            "same_day_delivery",
            "availability",
            (("tier", "basic"),),
            "disabled",
            ClaimSource.MESSAGE,
            message.ref,
        ),
    )


def test_oversized_text_is_cut_before_it_is_read() -> None:
    filler = "word " * (MAX_TEXT_CHARS // 5)
    text = filler + "Same day delivery is off on Basic."

    assert question(text).question_claims == ()


def test_the_index_is_built_once_per_catalog() -> None:
    RulesClaimExtractor().extract(reading("Is same day delivery on for Pro?", CATALOG), [], CATALOG)
    first = vocabulary_index(CATALOG)

    RulesClaimExtractor().extract(
        reading("Is same day delivery off for Pro?", CATALOG), [], CATALOG
    )

    assert vocabulary_index(CATALOG) is first


def test_a_date_after_as_of_is_the_date_judged_on_not_a_value() -> None:
    deadline = key("rest_api", "deprecation_date", region="global")
    catalog = derive_catalog([record("D-1", "2026-03-31", key=deadline)], "test")

    assert stated("Was the REST API deprecation date 2026-03-31 as of 2025-06-01?", catalog) == [
        ("rest_api", "deprecation_date", {}, "2026-03-31")
    ]
