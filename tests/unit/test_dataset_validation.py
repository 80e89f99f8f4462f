"""Loading a lifecycle dataset: every contract violation is rejected with a message naming the
record, and all problems are reported at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifecycle_data.dataset import parse_dataset
from lifecycle_data.repository import LifecycleRecordRepository
from tests.unit.builders import document, raw_record
from truthexpiry.models.errors import InvalidDatasetError
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleState

PROPERTY = settings(deadline=None)


def problems_of(doc: object) -> str:
    with pytest.raises(InvalidDatasetError) as raised:
        parse_dataset(doc)
    return str(raised.value)


# --- what loads ---------------------------------------------------------------------------


def test_a_valid_dataset_loads_every_record_with_its_canonical_key() -> None:
    parsed = parse_dataset(
        document(
            raw_record("R-1", scope={"Region": "Global", "plan": "Starter"}),
            raw_record(
                "R-2",
                value="disabled",
                effective_date="2025-01-01",
                supersedes_record_id="R-1",
                state="EFFECTIVE",
            ),
        )
    )

    assert parsed.version == "test-1"
    assert [r.record_id for r in parsed.records] == ["R-1", "R-2"]
    first, second = parsed.records
    assert first.key.canonical == "report_export|availability|plan=starter|region=global"
    assert second.supersedes_record_id == "R-1"
    assert second.state is LifecycleState.EFFECTIVE
    assert second.effective_date.isoformat() == "2025-01-01"


def test_a_dataset_without_a_catalog_section_loads_with_empty_notes() -> None:
    parsed = parse_dataset(document(raw_record("R-1")))

    assert parsed.notes.entities == {}
    assert parsed.notes.attributes == {}
    assert parsed.notes.scope_aliases == {}


def test_a_dataset_without_a_version_is_unversioned() -> None:
    assert parse_dataset({"records": [raw_record("R-1")]}).version == "unversioned"


@pytest.mark.parametrize("state", [s.value for s in LifecycleState])
def test_every_contract_state_is_accepted(state: str) -> None:
    assert parse_dataset(document(raw_record("R-1", state=state))).records[0].state == state


def test_a_record_may_name_its_source() -> None:
    parsed = parse_dataset(document(raw_record("R-1", source=" Billing ")))

    assert parsed.records[0].source == "billing"


# --- what is rejected, naming the record --------------------------------------------------


def test_a_duplicate_record_id_is_rejected_naming_the_record() -> None:
    message = problems_of(document(raw_record("R-1"), raw_record("R-1", value="disabled")))

    assert message == "record 'R-1': duplicate record_id"


def test_a_link_to_an_unknown_record_is_rejected_naming_both() -> None:
    message = problems_of(document(raw_record("R-1", supersedes_record_id="R-404")))

    assert message == "record 'R-1': supersedes unknown record 'R-404'"


def test_a_self_link_is_rejected_as_such_and_not_as_a_cycle() -> None:
    message = problems_of(document(raw_record("R-1", supersedes_record_id="R-1")))

    assert message == "record 'R-1': supersedes itself"


def test_a_two_record_cycle_is_rejected_once_naming_a_record_on_it() -> None:
    message = problems_of(
        document(
            raw_record("R-1", supersedes_record_id="R-2"),
            raw_record("R-2", supersedes_record_id="R-1"),
        )
    )

    assert message == "record 'R-1': supersedes links form a cycle"


def test_a_longer_cycle_is_rejected_naming_a_record_on_it_but_not_its_tail() -> None:
    message = problems_of(
        document(
            raw_record("R-0", supersedes_record_id="R-1"),
            raw_record("R-1", supersedes_record_id="R-3"),
            raw_record("R-2", supersedes_record_id="R-1"),
            raw_record("R-3", supersedes_record_id="R-2"),
        )
    )

    assert message == "record 'R-1': supersedes links form a cycle"


def test_an_unknown_state_is_rejected_naming_the_record_and_the_allowed_states() -> None:
    message = problems_of(document(raw_record("R-1", state="SHIPPING")))

    assert message.startswith("record 'R-1': unknown state 'SHIPPING'")
    assert "PROPOSED, PLANNED, SHIPPED, EFFECTIVE, CANCELLED, REJECTED, DRAFT" in message


@pytest.mark.parametrize(
    "bad",
    [
        "2024-02-30",
        "2024-13-01",
        "2024/01/01",
        "01-02-2024",
        "2024-1-1",
        "2024-01-01T00:00",
        "",
        None,
        20240101,
    ],
)
def test_a_bad_effective_date_is_rejected_naming_the_record(bad: object) -> None:
    message = problems_of(document(raw_record("R-1", effective_date=bad)))

    assert message.startswith("record 'R-1': 'effective_date'")
    assert "is not a YYYY-MM-DD date" in message


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"value": "  "}, "record 'R-1': 'value' must be a non-empty string"),
        ({"value": 50}, "record 'R-1': 'value' must be a non-empty string"),
        ({"entity": ""}, "record 'R-1': 'entity' must be a non-empty string"),
        ({"attribute": None}, "record 'R-1': 'attribute' must be a non-empty string"),
        ({"scope": []}, "record 'R-1': 'scope' must be an object of strings"),
        ({"scope": {"plan": 1}}, "record 'R-1': 'scope' must be an object of strings"),
        ({"supersedes_record_id": 7}, "record 'R-1': 'supersedes_record_id' must be a string"),
        ({"supersedes_record_id": ""}, "record 'R-1': 'supersedes_record_id' must be a string"),
        ({"source": " "}, "record 'R-1': 'source' must be a non-empty string"),
        ({"colour": "red"}, "record 'R-1': unknown field(s) colour"),
        ({"entity": "a|b"}, "record 'R-1': 'entity': not a usable identifier"),
        ({"scope": {"plan": "a=b"}}, "record 'R-1': 'scope': not a usable scope value"),
    ],
)
def test_a_malformed_record_is_rejected_naming_it(fields: dict[str, Any], expected: str) -> None:
    assert problems_of(document(raw_record("R-1", **fields))).startswith(expected)


def test_a_record_without_an_id_is_named_by_its_position() -> None:
    message = problems_of(document(raw_record("R-1"), raw_record("")))

    assert message == "record #2: 'record_id' must be a non-empty string"


def test_a_record_that_is_not_an_object_is_named_by_its_position() -> None:
    doc = document(raw_record("R-1"))
    doc["records"].append("R-2")

    assert problems_of(doc) == "record #2: must be a JSON object"


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ([], "the dataset must be a JSON object with a 'records' list"),
        ({"dataset_version": "x"}, "the dataset has no 'records' list"),
        ({"records": {}}, "the dataset has no 'records' list"),
        ({"dataset_version": " ", "records": []}, "'dataset_version' must be a non-empty string"),
        ({"dataset_version": 3, "records": []}, "'dataset_version' must be a non-empty string"),
    ],
)
def test_a_document_that_is_not_a_dataset_is_rejected(doc: object, expected: str) -> None:
    assert problems_of(doc) == expected


# --- errors are collected -----------------------------------------------------------------


def test_problems_in_several_records_are_reported_together() -> None:
    message = problems_of(
        document(
            raw_record("R-1"),
            raw_record("R-1"),
            raw_record("R-2", state="LIVE"),
            raw_record("R-3", effective_date="2024-02-30"),
            raw_record("R-4", supersedes_record_id="R-404"),
            raw_record("R-5", supersedes_record_id="R-5"),
            raw_record("R-6", supersedes_record_id="R-7"),
            raw_record("R-7", supersedes_record_id="R-6"),
        )
    )

    problems = message.split("; ")
    assert problems == [
        "record 'R-1': duplicate record_id",
        problems[1],
        problems[2],
        "record 'R-4': supersedes unknown record 'R-404'",
        "record 'R-5': supersedes itself",
        "record 'R-6': supersedes links form a cycle",
    ]
    assert problems[1].startswith("record 'R-2': unknown state 'LIVE'")
    assert problems[2].startswith("record 'R-3': 'effective_date' '2024-02-30'")


def test_record_and_catalog_problems_are_reported_together() -> None:
    message = problems_of(
        document(raw_record("R-1", state="LIVE"), catalog={"entities": {"ghost": {}}})
    )

    assert "record 'R-1': unknown state 'LIVE'" in message
    assert "catalog.entities.ghost: no record has this entity" in message


def test_many_problems_are_summarised_after_the_first_fifty() -> None:
    records = [raw_record(f"R-{n:02d}", state="LIVE") for n in range(55)]

    problems = problems_of(document(*records)).split("; ")

    assert len(problems) == 51
    assert problems[0].startswith("record 'R-00'")
    assert problems[49].startswith("record 'R-49'")
    assert problems[-1] == "and 5 more"


@st.composite
def link_graphs(draw: st.DrawFn) -> list[int | None]:
    size = draw(st.integers(1, 8))
    link = st.none() | st.integers(0, size - 1)
    return [draw(link) for _ in range(size)]


def _cycles(links: list[int | None]) -> list[set[int]]:
    found: list[set[int]] = []
    for start in range(len(links)):
        seen: list[int] = []
        node: int | None = start
        while node is not None and node not in seen:
            seen.append(node)
            node = links[node]
        if node is not None:
            cycle = set(seen[seen.index(node) :])
            if len(cycle) > 1 and cycle not in found:
                found.append(cycle)
    return found


@PROPERTY
@given(link_graphs())
def test_every_cycle_is_reported_once_naming_a_record_on_it(links: list[int | None]) -> None:
    records = [
        raw_record(f"R-{n}", supersedes_record_id=None if link is None else f"R-{link}")
        for n, link in enumerate(links)
    ]
    self_links = {n for n, link in enumerate(links) if link == n}
    cycles = _cycles(links)

    if not cycles and not self_links:
        assert len(parse_dataset(document(*records)).records) == len(links)
        return
    problems = problems_of(document(*records)).split("; ")
    cycle_problems = [p for p in problems if p.endswith("supersedes links form a cycle")]
    assert len(cycle_problems) == len(cycles)
    for cycle in cycles:
        assert sum(any(f"record 'R-{n}':" in p for n in cycle) for p in cycle_problems) == 1
    assert {p for p in problems if p.endswith("supersedes itself")} == {
        f"record 'R-{n}': supersedes itself" for n in self_links
    }


# --- the catalog section ------------------------------------------------------------------


def test_a_catalog_section_is_parsed_into_notes() -> None:
    catalog = {
        "description": "free text",
        "entities": {
            "report_export": {
                "label": "Report export",
                "aliases": ["CSV Export"],
                "description": "Exports of reports.",
            }
        },
        "attributes": {
            "report_export.availability": {
                "label": "availability",
                "aliases": ["access"],
                "unit": None,
                "value_aliases": {"EU-Central": ["Frankfurt"]},
            }
        },
        "scope_aliases": {"plan": {"starter": ["Free tier"]}},
    }

    notes = parse_dataset(document(raw_record("R-1"), catalog=catalog)).notes

    entity = notes.entities["report_export"]
    assert (entity.label, entity.aliases, entity.description) == (
        "Report export",
        ("csv export",),
        "Exports of reports.",
    )
    attribute = notes.attributes[("report_export", "availability")]
    assert attribute.aliases == ("access",)
    assert attribute.value_aliases == {"eu central": ("frankfurt",)}
    assert notes.scope_aliases == {("plan", "starter"): ("free tier",)}


@pytest.mark.parametrize(
    ("catalog", "expected"),
    [
        ([], "catalog: must be an object"),
        ({"colours": {}}, "catalog: unknown section 'colours'"),
        ({"entities": []}, "catalog.entities: must be an object"),
        ({"entities": {"ghost": {}}}, "catalog.entities.ghost: no record has this entity"),
        ({"entities": {"report_export": "x"}}, "catalog.entities.report_export: must be an object"),
        (
            {"entities": {"report_export": {"label": ""}}},
            "catalog.entities.report_export.label: must be a non-empty string",
        ),
        (
            {"entities": {"report_export": {"aliases": "csv"}}},
            "catalog.entities.report_export: aliases must be a list of non-empty strings",
        ),
        (
            {"attributes": {"report_export.ghost": {}}},
            "catalog.attributes.report_export.ghost: no record has this entity.attribute",
        ),
        (
            {"attributes": {"report_export.availability": {"unit": 5}}},
            "catalog.attributes.report_export.availability.unit: must be a non-empty string",
        ),
        (
            {"attributes": {"report_export.availability": {"value_aliases": []}}},
            "catalog.attributes.report_export.availability.value_aliases: must be an object",
        ),
        (
            {"scope_aliases": {"plan": ["free"]}},
            "catalog.scope_aliases.plan: must be an object",
        ),
        (
            {"scope_aliases": {"plan": {"gold": ["vip"]}}},
            "catalog.scope_aliases.plan.gold: no record has this scope value",
        ),
    ],
)
def test_a_bad_catalog_section_is_rejected_naming_where(catalog: object, expected: str) -> None:
    assert problems_of(document(raw_record("R-1"), catalog=catalog)) == expected


def test_several_catalog_problems_are_reported_together() -> None:
    catalog = {"colours": {}, "entities": {"ghost": {}}, "scope_aliases": {"plan": {"gold": []}}}

    problems = problems_of(document(raw_record("R-1"), catalog=catalog)).split("; ")

    assert problems == [
        "catalog: unknown section 'colours'",
        "catalog.entities.ghost: no record has this entity",
        "catalog.scope_aliases.plan.gold: no record has this scope value",
    ]


# --- the repository -----------------------------------------------------------------------


def test_the_repository_looks_records_up_by_canonical_key() -> None:
    repository = LifecycleRecordRepository.from_json(
        json.dumps(
            document(
                raw_record("R-1"),
                raw_record("R-2", value="disabled", effective_date="2025-01-01"),
                raw_record("R-3", scope={"plan": "enterprise", "region": "global"}),
            )
        )
    )
    starter = ClaimKey.parse("report_export|availability|plan=starter|region=global")

    assert [r.record_id for r in repository.lookup(starter)] == ["R-1", "R-2"]
    assert repository.lookup(ClaimKey.of("report_export", "availability")) == ()
    assert repository.record_count == 3
    assert repository.version == "test-1"


def test_the_repository_rejects_text_that_is_not_json_naming_the_position() -> None:
    with pytest.raises(
        InvalidDatasetError, match=r"^data\.json: not valid JSON: .* \(line 1, column 2\)$"
    ):
        LifecycleRecordRepository.from_json("{not json", origin="data.json")


def test_the_repository_rejects_an_invalid_dataset_naming_the_record() -> None:
    text = json.dumps(document(raw_record("R-1", state="LIVE")))

    with pytest.raises(InvalidDatasetError, match=r"^record 'R-1': unknown state 'LIVE'"):
        LifecycleRecordRepository.from_json(text)


def test_the_repository_reports_a_missing_file_by_path(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"

    with pytest.raises(InvalidDatasetError, match="dataset file not found"):
        LifecycleRecordRepository.from_path(missing)


def test_the_repository_loads_a_dataset_file(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_text(json.dumps(document(raw_record("R-1"))), encoding="utf-8")

    assert LifecycleRecordRepository.from_path(path).record_count == 1


def test_the_packaged_demo_dataset_is_valid() -> None:
    repository = LifecycleRecordRepository.packaged()

    assert repository.record_count > 0
    assert repository.catalog.attributes
