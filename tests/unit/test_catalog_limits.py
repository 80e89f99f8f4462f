"""Catalog limits: labels and aliases are names people type, refused at load (the CLI, the server
at start and on reload) and by the worker when a catalog arrives when they are too long; the
matching index is linear in the catalog's size whatever the names."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from adapters.lifecycle_mcp_client.answers import ToolResult
from adapters.lifecycle_mcp_client.mapper import catalog_from_result
from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp.contract import catalog_out
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidDatasetError
from truthexpiry.models.records.catalog import (
    MAX_NAME_CHARACTERS,
    MAX_NAME_WORDS,
    Catalog,
    EntityInfo,
)
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex

RECORD = {
    "record_id": "R-1",
    "entity": "report_export",
    "attribute": "availability",
    "scope": {"plan": "starter"},
    "value": "enabled",
    "state": "SHIPPED",
    "effective_date": "2024-01-01",
    "supersedes_record_id": None,
}
HOSTILE_ALIAS = " ".join(f"word{n}" for n in range(400))  # 2 KB, as in the report


def load(catalog: dict[str, Any]) -> LifecycleRecordRepository:
    return LifecycleRecordRepository.from_json(
        json.dumps({"records": [RECORD], "catalog": catalog})
    )


def words(count: int) -> str:
    return " ".join(f"w{n}" for n in range(count))


@pytest.mark.parametrize(
    ("catalog", "where"),
    [
        ({"entities": {"report_export": {"aliases": ["csv", HOSTILE_ALIAS]}}}, "entities"),
        ({"entities": {"report_export": {"label": HOSTILE_ALIAS}}}, "entities"),
        ({"attributes": {"report_export.availability": {"aliases": [HOSTILE_ALIAS]}}}, "attr"),
        ({"attributes": {"report_export.availability": {"label": "x" * 81}}}, "attr"),
        (
            {"attributes": {"report_export.availability": {"value_aliases": {"on": [words(9)]}}}},
            "attr",
        ),
        ({"scope_aliases": {"plan": {"starter": [HOSTILE_ALIAS]}}}, "scope_aliases"),
    ],
)
def test_a_label_or_alias_too_long_is_refused_at_load_naming_it(
    catalog: dict[str, Any], where: str
) -> None:
    with pytest.raises(InvalidDatasetError) as refused:
        load(catalog)
    message = str(refused.value)
    assert f"catalog.{where}" in message
    assert "is too long" in message
    assert f"at most {MAX_NAME_CHARACTERS} characters and {MAX_NAME_WORDS} words" in message
    assert len(message) < 400  # the name is quoted, not repeated whole


def test_the_hostile_alias_is_named_by_its_first_words() -> None:
    with pytest.raises(InvalidDatasetError, match=r"alias 'word0 word1 word2 .*400 words"):
        load({"entities": {"report_export": {"aliases": [HOSTILE_ALIAS]}}})


def test_names_at_the_limits_are_accepted() -> None:
    longest = words(MAX_NAME_WORDS)
    repository = load(
        {
            "entities": {
                "report_export": {"label": "y" * MAX_NAME_CHARACTERS, "aliases": [longest]}
            },
            "scope_aliases": {"plan": {"starter": [longest]}},
        }
    )
    assert repository.catalog.entities["report_export"].aliases == (longest,)


def hostile_catalog(*aliases: str) -> Catalog:
    catalog = load({}).catalog
    entity = EntityInfo("report_export", "Report export", aliases)
    return dataclasses.replace(catalog, entities={"report_export": entity}, fingerprint="hostile")


def test_the_worker_refuses_a_catalog_with_a_name_too_long_naming_it() -> None:
    wire = catalog_out(hostile_catalog("csv export", HOSTILE_ALIAS))
    result = ToolResult(False, wire.model_dump(mode="json"))
    with pytest.raises(EvidenceUnavailableError) as refused:
        catalog_from_result(result)
    assert "entity report_export: alias 'word0 word1" in str(refused.value)


def test_the_worker_accepts_the_catalog_the_loader_accepts() -> None:
    wire = catalog_out(load({"entities": {"report_export": {"aliases": ["csv export"]}}}).catalog)
    result = ToolResult(False, wire.model_dump(mode="json"))
    assert catalog_from_result(result).entities["report_export"].aliases == ("csv export",)


def test_indexing_a_name_is_linear_in_its_words() -> None:
    # Every part of a name of n words was indexed: n^2/2 phrases, 80,200 for the hostile alias,
    # each as long as the name. Now only the parts of up to MAX_NAME_WORDS words are.
    index = VocabularyIndex.build(hostile_catalog(HOSTILE_ALIAS))
    phrases = [p for p, matches in index.entities.items() if matches[0].entity == "report_export"]
    assert len(phrases) <= 400 * MAX_NAME_WORDS + 10
    assert max(len(p.split()) for p in phrases) <= MAX_NAME_WORDS


def test_a_name_within_the_limits_is_still_matched_whole_and_in_part() -> None:
    index = VocabularyIndex.build(hostile_catalog("quarterly csv report download"))
    assert index.entities["quarterly csv report download"][0].complete
    assert not index.entities["csv report"][0].complete
