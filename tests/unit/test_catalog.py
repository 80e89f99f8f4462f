"""The derived catalog: vocabulary from identifiers, scopes and values, with the dataset's optional
`catalog` notes on top. `sso_login` is "SSO login"."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.builders import record
from truthexpiry.catalog.derive import derive_catalog, label_from_identifier, lower_first
from truthexpiry.models.records.catalog import AttributeNote, Catalog, CatalogNotes, EntityInfo
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.records.values import ValueType

PROPERTY = settings(deadline=None)


@pytest.mark.parametrize(
    ("identifier", "label"),
    [
        ("sso_login", "SSO login"),
        ("api_rate_limit", "API rate limit"),
        ("csv_export", "CSV export"),
        ("eu_region", "EU region"),
        ("ui", "UI"),
        ("report_export", "Report export"),
        ("data_residency", "Data residency"),
        ("max_seats", "Max seats"),
        ("audit_log", "Audit log"),
        ("new_ui", "New UI"),
        ("retention_days", "Retention days"),
        ("x", "X"),
        ("a__b", "A b"),
        ("", ""),
    ],
)
def test_a_label_is_derived_from_an_identifier(identifier: str, label: str) -> None:
    assert label_from_identifier(identifier) == label


@pytest.mark.parametrize(
    ("label", "mid_sentence"),
    [("Report export", "report export"), ("SSO login", "SSO login"), ("X", "x"), ("", "")],
)
def test_a_label_mid_sentence_loses_its_capital_but_acronyms_keep_theirs(
    label: str, mid_sentence: str
) -> None:
    assert lower_first(label) == mid_sentence


@PROPERTY
@given(st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1), max_size=5))
def test_a_derived_label_keeps_every_word_of_the_identifier(words: list[str]) -> None:
    label = label_from_identifier("_".join(words))

    assert label.lower().split() == words


def _key(entity: str, attribute: str, **scope: str) -> ClaimKey:
    return ClaimKey.of(entity, attribute, scope)


RECORDS = [
    record(
        "R-1", "enabled", key=_key("report_export", "availability", plan="starter", region="global")
    ),
    record(
        "R-2",
        "disabled",
        key=_key("report_export", "availability", plan="enterprise", region="global"),
    ),
    record("R-3", "50", key=_key("api_rate_limit", "max_requests", plan="starter")),
    record("R-4", "30 days", key=_key("audit_log", "retention_days")),
    record("R-5", "90", key=_key("audit_log", "retention_days")),
    record("R-6", "EU-Central", key=_key("data_residency", "storage_region", region="eu")),
    record("R-7", "10", key=_key("workspace", "max_seats", plan="starter")),
]


def _catalog(
    records: list[LifecycleRecord] = RECORDS, notes: CatalogNotes | None = None
) -> Catalog:
    return derive_catalog(records, "v1", notes)


def test_entities_and_attributes_come_from_the_records_with_derived_labels() -> None:
    catalog = _catalog()

    assert sorted(catalog.entities) == [
        "api_rate_limit",
        "audit_log",
        "data_residency",
        "report_export",
        "workspace",
    ]
    assert catalog.entities["api_rate_limit"].label == "API rate limit"
    assert catalog.attributes[("report_export", "availability")].label == "availability"
    assert catalog.attributes[("api_rate_limit", "max_requests")].label == "max requests"


def test_scope_values_are_collected_per_key_and_sorted() -> None:
    info = _catalog().attributes[("report_export", "availability")]

    assert info.scope_values == {"plan": ("enterprise", "starter"), "region": ("global",)}
    assert info.scope_keys == ("plan", "region")


def test_value_types_come_from_the_record_values() -> None:
    attributes = _catalog().attributes

    assert attributes[("report_export", "availability")].value_type is ValueType.BOOLEAN
    assert attributes[("audit_log", "retention_days")].value_type is ValueType.DURATION
    assert attributes[("api_rate_limit", "max_requests")].value_type is ValueType.QUANTITY
    assert attributes[("data_residency", "storage_region")].value_type is ValueType.ENUMERATION


def test_the_unit_comes_from_record_values_and_from_plural_words_in_the_attribute_name() -> None:
    attributes = _catalog().attributes

    assert attributes[("audit_log", "retention_days")].unit == "day"
    assert attributes[("api_rate_limit", "max_requests")].unit == "request"
    assert attributes[("workspace", "max_seats")].unit == "seat"
    assert attributes[("report_export", "availability")].unit is None


def test_token_values_are_listed_for_extraction() -> None:
    info = _catalog().attributes[("data_residency", "storage_region")]

    assert info.value_tokens == ("eu-central",)


def test_a_dataset_without_notes_describes_attributes_by_derived_labels() -> None:
    catalog = _catalog()

    assert catalog.describe("api_rate_limit", "max_requests") == "API rate limit max requests"
    assert catalog.describe("unknown_thing", "some_attribute") == "unknown thing some attribute"


def test_catalog_notes_add_labels_aliases_units_and_descriptions() -> None:
    notes = CatalogNotes(
        entities={
            "report_export": EntityInfo(
                "report_export", "CSV report export", ("csv export",), "Exports."
            )
        },
        attributes={
            ("workspace", "max_seats"): AttributeNote(
                label="seat limit",
                aliases=("seat cap",),
                unit="users",
                description="Seats.",
                value_aliases={"10": ("ten",)},
            )
        },
        scope_aliases={("plan", "starter"): ("free tier",)},
    )

    catalog = _catalog(notes=notes)

    entity = catalog.entities["report_export"]
    assert (entity.label, entity.aliases, entity.description) == (
        "CSV report export",
        ("csv export",),
        "Exports.",
    )
    seats = catalog.attributes[("workspace", "max_seats")]
    assert (seats.label, seats.aliases, seats.description) == (
        "seat limit",
        ("seat cap",),
        "Seats.",
    )
    assert seats.unit == "user"  # the catalog's unit before the one the name suggests
    assert seats.value_aliases == {"10": ("ten",)}
    assert catalog.scope_aliases == {("plan", "starter"): ("free tier",)}
    assert catalog.describe("workspace", "max_seats") == "Workspace seat limit"


def test_an_entity_note_without_a_label_keeps_the_derived_label() -> None:
    notes = CatalogNotes(entities={"api_rate_limit": EntityInfo("api_rate_limit", "", ("rl",))})

    entity = _catalog(notes=notes).entities["api_rate_limit"]

    assert entity.label == "API rate limit"
    assert entity.aliases == ("rl",)


def test_the_fingerprint_is_stable_for_the_same_content_and_changes_with_it() -> None:
    same = _catalog(list(reversed(RECORDS)))
    extra = _catalog([*RECORDS, record("R-8", "off", key=_key("sso_login", "availability"))])
    renamed = _catalog(
        notes=CatalogNotes(entities={"workspace": EntityInfo("workspace", "Team space")})
    )

    assert same.fingerprint == _catalog().fingerprint
    assert extra.fingerprint != _catalog().fingerprint
    assert renamed.fingerprint != _catalog().fingerprint
    assert derive_catalog(RECORDS, "v2").fingerprint != _catalog().fingerprint
    assert _catalog([*RECORDS[:-1], replace(RECORDS[-1], source="billing")]).fingerprint != (
        _catalog().fingerprint  # the sources are part of the catalog a client holds
    )


def test_the_catalog_reveals_no_record_ids_states_or_dates() -> None:
    catalog = _catalog()
    text = repr((catalog.entities, catalog.attributes, catalog.scope_aliases))

    assert "R-1" not in text
    assert "SHIPPED" not in text
    assert "2024" not in text


def test_topics_list_one_line_per_attribute_with_its_scopes() -> None:
    topics = _catalog().topics()

    assert "Report export availability (plan: enterprise, starter; region: global)" in topics
    assert "Audit log retention days" in topics
    assert len(topics) == len(_catalog().attributes)


def test_attributes_of_an_entity_are_listed_in_order() -> None:
    catalog = _catalog([*RECORDS, record("R-9", "5", key=_key("audit_log", "max_exports"))])

    assert [a.attribute for a in catalog.attributes_of("audit_log")] == [
        "max_exports",
        "retention_days",
    ]
    assert catalog.attributes_of("nothing") == ()


def test_an_empty_dataset_gives_an_empty_catalog() -> None:
    catalog = derive_catalog([], "empty")

    assert catalog.entities == {}
    assert catalog.attributes == {}
    assert catalog.topics() == []
