"""The MCP tools as plain functions, and as registered tools driven in process (no transport)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from mcp import Client
from mcp.server import MCPServer
from mcp_types import CallToolResult, ListToolsResult

from lifecycle_mcp.contract import (
    SCHEMA_VERSION,
    CatalogOut,
    CatalogVersionOut,
    EvidenceOut,
    catalog_out,
)
from lifecycle_mcp.holder import DatasetHolder, LoadedDataset
from lifecycle_mcp.tools import claim_catalog, lifecycle_evidence, register_tools
from truthexpiry.models.errors import InvalidClaimKeyError

STARTER = {"plan": "starter", "region": "global"}


@pytest.fixture(scope="module")
def holder() -> DatasetHolder:
    return DatasetHolder(None)


@pytest.fixture
def dataset(holder: DatasetHolder) -> LoadedDataset:
    return holder.current


def in_process(holder: DatasetHolder, name: str, arguments: dict[str, Any]) -> CallToolResult:
    server: MCPServer[Any] = MCPServer("test")
    register_tools(server, holder)

    async def go() -> CallToolResult:
        async with Client(server) as client:
            return await client.call_tool(name, arguments)

    return asyncio.run(go())


def listed(holder: DatasetHolder) -> ListToolsResult:
    server: MCPServer[Any] = MCPServer("test")
    register_tools(server, holder)

    async def go() -> ListToolsResult:
        async with Client(server) as client:
            return await client.list_tools()

    return asyncio.run(go())


def test_evidence_holds_every_record_of_the_canonical_key_in_any_state(
    dataset: LoadedDataset,
) -> None:
    evidence = lifecycle_evidence(dataset, "Report Export", "Availability", {"Plan": "Starter"})
    exact = lifecycle_evidence(dataset, "report_export", "availability", STARTER)

    assert evidence.claim_key == "report_export|availability|plan=starter"
    assert evidence.records == []  # scope is matched exactly: a missing key is another key
    assert exact.claim_key == "report_export|availability|plan=starter|region=global"
    assert [r.record_id for r in exact.records] == ["LC-100", "LC-101"]
    assert exact.schema_version == SCHEMA_VERSION
    assert exact.dataset_version == dataset.repository.version


def test_evidence_for_an_unusable_identifier_raises(dataset: LoadedDataset) -> None:
    with pytest.raises(InvalidClaimKeyError):
        lifecycle_evidence(dataset, "report|export", "availability", {})


def test_the_catalog_is_the_wire_form_of_the_dataset_catalog(dataset: LoadedDataset) -> None:
    assert claim_catalog(dataset) == catalog_out(dataset.repository.catalog)


def test_the_evidence_tool_returns_structured_content_of_the_contract(
    holder: DatasetHolder,
) -> None:
    result = in_process(
        holder,
        "get_lifecycle_evidence",
        {"entity": "report_export", "attribute": "availability", "scope": STARTER},
    )

    assert not result.is_error
    evidence = EvidenceOut.model_validate(result.structured_content)
    assert evidence == lifecycle_evidence(holder.current, "report_export", "availability", STARTER)


def test_an_unusable_identifier_is_a_tool_error_naming_the_problem(
    holder: DatasetHolder,
) -> None:
    result = in_process(
        holder, "get_lifecycle_evidence", {"entity": "a|b", "attribute": "x", "scope": {}}
    )

    assert result.is_error
    assert "invalid claim key: not a usable identifier" in str(result.content)


def test_arguments_outside_the_input_schema_are_a_tool_error(holder: DatasetHolder) -> None:
    result = in_process(holder, "get_lifecycle_evidence", {"entity": "", "attribute": "x"})

    assert result.is_error


def test_the_catalog_tool_returns_the_catalog(holder: DatasetHolder) -> None:
    result = in_process(holder, "get_claim_catalog", {})

    assert CatalogOut.model_validate(result.structured_content) == holder.current.catalog


def test_the_version_tool_names_the_catalog_the_catalog_tool_returns(
    holder: DatasetHolder,
) -> None:
    result = in_process(holder, "get_catalog_version", {})

    version = CatalogVersionOut.model_validate(result.structured_content)
    assert version.fingerprint == holder.current.catalog.fingerprint
    assert version.dataset_version == holder.current.catalog.dataset_version
    assert version.schema_version == SCHEMA_VERSION


def test_every_tool_is_published_read_only_with_schemas_and_docstrings(
    holder: DatasetHolder,
) -> None:
    tools = {tool.name: tool for tool in listed(holder).tools}

    assert set(tools) == {
        "get_lifecycle_evidence",
        "get_claim_catalog",
        "get_catalog_version",
        "get_records_effective_between",
        "get_histories_effective_between",
    }
    for tool in tools.values():
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is True
        assert tool.annotations.idempotent_hint is True
        assert tool.annotations.open_world_hint is False
        assert tool.output_schema is not None
        assert tool.description
        assert not tool.description.startswith(" ")
    properties = tools["get_lifecycle_evidence"].input_schema["properties"]
    assert set(properties) == {"entity", "attribute", "scope"}
    window = tools["get_records_effective_between"].input_schema
    assert window["required"] == ["from_date", "to_date"]
    assert set(window["properties"]) == {"from_date", "to_date", "entity", "attribute", "scope"}
    assert window["properties"]["from_date"]["format"] == "date"
    histories = tools["get_histories_effective_between"].input_schema
    assert histories["required"] == ["from_date", "to_date"]
    assert set(histories["properties"]) == set(window["properties"]) | {"max_keys"}
    assert histories["properties"]["max_keys"]["maximum"] == 100


@pytest.mark.parametrize(
    ("scope", "reason"),
    [
        ({"plan": "s" * 201}, "the value of key #1 must be 1 to 200 characters"),
        ({"region": "global", "p" * 201: "starter"}, "key #2 must be 1 to 200 characters"),
        ({"plan": ""}, "the value of key #1 must be 1 to 200 characters"),
        ({"plan": 5}, "the value of key #1 must be a string"),
        ({f"k{n}": "v" for n in range(33)}, "33 keys, at most 32 allowed"),
    ],
)
def test_a_scope_beyond_its_limits_is_a_tool_error_that_does_not_repeat_it(
    holder: DatasetHolder, scope: dict[str, object], reason: str
) -> None:
    arguments = {"entity": "report_export", "attribute": "availability", "scope": scope}

    result = in_process(holder, "get_lifecycle_evidence", arguments)

    assert result.is_error
    text = str(result.content)
    assert f"invalid scope: {reason}" in text
    assert "s" * 30 not in text
    assert "p" * 30 not in text


def test_the_scope_limits_are_published_in_the_input_schema(holder: DatasetHolder) -> None:
    tools = {tool.name: tool for tool in listed(holder).tools}

    scope = tools["get_lifecycle_evidence"].input_schema["properties"]["scope"]
    window_scope = tools["get_records_effective_between"].input_schema["properties"]["scope"]

    assert window_scope["maxProperties"] == scope["maxProperties"]
    assert scope["maxProperties"] == 32
    assert scope["propertyNames"]["maxLength"] == 200
    assert scope["additionalProperties"] == {"type": "string", "minLength": 1, "maxLength": 200}
