"""Records by effective date: the repository's window index, the window tool as a plain
function and as a registered tool (in process), and the ports' adapters that read it."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.server import MCPServer
from mcp_types import CallToolResult

from adapters.offline.evidence import InProcessLifecycleEvidence
from lifecycle_data.record_dates import MAX_RECORDS_PER_WINDOW
from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp.contract import SCHEMA_VERSION, WindowOut
from lifecycle_mcp.holder import DatasetHolder
from lifecycle_mcp.tools import register_tools
from lifecycle_mcp.windows import records_in_window
from tests.fakes import FakeLifecycleEvidence
from tests.unit.builders import day, record
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidClaimKeyError
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.time.changes import RecordSelection
from truthexpiry.models.time.periods import DateWindow
from truthexpiry.time.evidence import window_histories

TOOL = "get_records_effective_between"
ALL_TIME = DateWindow(date.min, date.max)


@pytest.fixture(scope="module")
def holder() -> DatasetHolder:
    return DatasetHolder(None)


def ids(records: Any) -> list[str]:
    return [r.record_id for r in records]


def select(
    window: DateWindow,
    entity: str | None = None,
    attribute: str | None = None,
    scope: dict[str, str] | None = None,
) -> RecordSelection:
    return RecordSelection.of(window, entity, attribute, scope)


def in_process(holder: DatasetHolder, arguments: dict[str, Any]) -> CallToolResult:
    server: MCPServer[Any] = MCPServer("test")
    register_tools(server, holder)

    async def go() -> CallToolResult:
        async with Client(server) as client:
            return await client.call_tool(TOOL, arguments)

    return asyncio.run(go())


def test_a_window_lists_every_record_effective_in_it_in_any_state_oldest_first(
    holder: DatasetHolder,
) -> None:
    listed = records_in_window(
        holder.current, select(DateWindow(day("2025-01-01"), day("2026-05-12")))
    )

    assert ids(listed.records) == [
        "LC-170",
        "LC-191",
        "LC-198",
        "LC-132",
        "LC-142",
        "LC-160",
        "LC-101",
    ]
    assert {r.state for r in listed.records} >= {"CANCELLED", "REJECTED", "PLANNED", "SHIPPED"}
    assert (listed.from_date, listed.to_date) == (day("2025-01-01"), day("2026-05-12"))
    assert listed.schema_version == SCHEMA_VERSION
    assert listed.dataset_version == holder.current.repository.version
    assert listed.truncated is False
    assert listed.max_records == MAX_RECORDS_PER_WINDOW


def test_records_of_one_day_come_in_record_id_order(holder: DatasetHolder) -> None:
    listed = records_in_window(
        holder.current, select(DateWindow(day("2024-01-01"), day("2024-01-01")))
    )

    assert ids(listed.records) == [
        "LC-122",
        "LC-131",
        "LC-180",
        "LC-181",
        "LC-190",
        "LC-195",
        "LC-197",
    ]


def test_a_scope_selects_every_record_whose_scope_includes_it(holder: DatasetHolder) -> None:
    listed = records_in_window(holder.current, select(ALL_TIME, scope={"Plan": "Starter"}))

    assert listed.scope == {"plan": "starter"}
    assert "LC-190" in ids(listed.records)  # scoped plan=starter alone
    assert "LC-100" in ids(listed.records)  # plan=starter and region=global
    assert all(r.scope["plan"] == "starter" for r in listed.records)


def test_an_entity_and_attribute_narrow_the_window(holder: DatasetHolder) -> None:
    listed = records_in_window(
        holder.current, select(ALL_TIME, "Report Export", "availability", {"plan": "starter"})
    )

    assert (listed.entity, listed.attribute) == ("report_export", "availability")
    assert ids(listed.records) == ["LC-100", "LC-101"]


def test_an_unknown_entity_or_an_empty_window_lists_nothing(holder: DatasetHolder) -> None:
    assert records_in_window(holder.current, select(ALL_TIME, "nothing_here")).records == []
    empty = DateWindow(day("2022-01-01"), day("2022-12-31"))
    assert records_in_window(holder.current, select(empty)).records == []


def test_more_records_than_the_limit_are_cut_and_say_so(holder: DatasetHolder) -> None:
    listed = records_in_window(holder.current, select(ALL_TIME), limit=3)
    by_entity = records_in_window(holder.current, select(ALL_TIME, "report_export"), limit=2)

    assert (ids(listed.records), listed.truncated, listed.max_records) == (
        ["LC-130", "LC-151", "LC-140"],
        True,
        3,
    )
    assert (ids(by_entity.records), by_entity.truncated) == (["LC-100", "LC-102"], True)


def test_a_name_that_cannot_be_canonicalised_is_refused_before_any_lookup() -> None:
    with pytest.raises(InvalidClaimKeyError):
        select(ALL_TIME, "report|export")


ENTITIES = ("alpha", "beta", "gamma")
PLANS = ("starter", "pro")


@st.composite
def datasets(draw: st.DrawFn) -> list[LifecycleRecord]:
    size = draw(st.integers(0, 40))
    records = []
    for index in range(size):
        key = ClaimKey.of(
            draw(st.sampled_from(ENTITIES)),
            draw(st.sampled_from(("availability", "limit"))),
            {"plan": draw(st.sampled_from(PLANS)), "region": "global"},
        )
        effective = day("2025-01-01") + timedelta(days=draw(st.integers(0, 20)))
        state = draw(st.sampled_from(LifecycleState))
        records.append(record(f"R-{index:03d}", "on", effective, state=state, key=key))
    return records


@st.composite
def selections(draw: st.DrawFn) -> RecordSelection:
    first, last = sorted((draw(st.integers(0, 20)), draw(st.integers(0, 20))))
    base = day("2025-01-01")
    return select(
        DateWindow(base + timedelta(days=first), base + timedelta(days=last)),
        draw(st.sampled_from((None, *ENTITIES))),
        draw(st.sampled_from((None, "availability"))),
        draw(st.sampled_from(({}, {"plan": "pro"}, {"region": "global"}))),
    )


@settings(deadline=None)
@given(datasets(), selections(), st.integers(1, 12))
def test_the_index_answers_as_a_scan_of_every_record_would(
    records: list[LifecycleRecord], selection: RecordSelection, limit: int
) -> None:
    expected = sorted(
        (r for r in records if selection.matches(r)), key=lambda r: (r.effective_date, r.record_id)
    )

    found, truncated = LifecycleRecordRepository(records, "v").effective_between(selection, limit)

    assert list(found) == expected[:limit]
    assert truncated == (len(expected) > limit)


def test_the_tool_returns_structured_content_of_the_contract(holder: DatasetHolder) -> None:
    arguments = {"from_date": "2025-01-01", "to_date": "2026-12-31", "scope": {"plan": "starter"}}

    result = in_process(holder, arguments)

    assert not result.is_error
    window = WindowOut.model_validate(result.structured_content)
    expected = records_in_window(
        holder.current,
        select(DateWindow(day("2025-01-01"), day("2026-12-31")), scope={"plan": "starter"}),
    )
    assert window == expected


def test_the_tool_needs_only_the_window(holder: DatasetHolder) -> None:
    result = in_process(holder, {"from_date": "2024-01-15", "to_date": "2024-01-15"})

    assert ids(WindowOut.model_validate(result.structured_content).records) == [
        "LC-100",
        "LC-102",
        "LC-103",
    ]


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        (
            {"from_date": "2025-13-01", "to_date": "2025-12-31"},
            "from_date is not a day of the calendar",
        ),
        (
            {"from_date": "2025-01-01", "to_date": "31/12/2025"},
            "to_date must be a date written YYYY-MM-DD",
        ),
        (
            {"from_date": "x" * 5000, "to_date": "2025-12-31"},
            "from_date must be a date written YYYY-MM-DD",
        ),
        ({"from_date": "2025-12-31", "to_date": "2025-01-01"}, "to_date is before from_date"),
    ],
)
def test_a_window_that_is_not_one_is_a_tool_error_that_does_not_repeat_it(
    holder: DatasetHolder, arguments: dict[str, str], reason: str
) -> None:
    result = in_process(holder, arguments)

    assert result.is_error
    assert f"invalid window: {reason}" in str(result.content)
    assert "x" * 30 not in str(result.content)


def test_an_unusable_entity_or_scope_is_a_tool_error(holder: DatasetHolder) -> None:
    window = {"from_date": "2025-01-01", "to_date": "2025-12-31"}

    entity = in_process(holder, window | {"entity": "report|export"})
    scope = in_process(holder, window | {"scope": {"plan": "s" * 201}})

    assert entity.is_error
    assert "invalid claim key" in str(entity.content)
    assert scope.is_error
    assert "invalid scope: the value of key #1 must be 1 to 200 characters" in str(scope.content)


def test_the_in_process_port_lists_what_the_tool_lists(holder: DatasetHolder) -> None:
    evidence = InProcessLifecycleEvidence(holder.current.repository)
    selection = select(ALL_TIME, "api_rate_limit")

    listing = evidence.records_between(selection)

    assert listing.selection == selection
    assert ids(listing.records) == ids(records_in_window(holder.current, selection).records)
    assert listing.claim_keys()[0] == ClaimKey.of(
        "api_rate_limit", "max_requests", {"plan": "starter", "region": "global"}
    )


def test_window_histories_fetch_every_record_of_each_key_in_the_window_in_one_call() -> None:
    old = record("A", "enabled", "2024-01-01")
    new = record("B", "disabled", "2025-03-01", supersedes="A")
    other = record("X", "on", "2023-01-01", key=ClaimKey.of("sso", "availability"))
    fake = FakeLifecycleEvidence([old, new, other])
    selection = select(DateWindow(day("2025-01-01"), day("2025-12-31")))

    histories, truncated = window_histories(fake, [selection])

    assert histories == {new.key: (old, new)}
    assert not truncated
    assert fake.windows == [selection]
    assert fake.lookups == []


def test_window_histories_that_are_unavailable_are_never_read_as_no_change() -> None:
    fake = FakeLifecycleEvidence([record("A", "enabled", "2024-01-01")], unavailable=True)

    with pytest.raises(EvidenceUnavailableError):
        window_histories(fake, [select(ALL_TIME)])
