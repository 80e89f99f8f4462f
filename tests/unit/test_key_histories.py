"""Histories of the keys changed in a window, in one call: the repository's query, the tool as
a registered tool (in process), and the in-process port, each bounded in keys and records."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

from mcp import Client
from mcp.server import MCPServer
from mcp_types import CallToolResult

from adapters.offline.evidence import InProcessLifecycleEvidence
from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp.contract import HistoriesOut
from lifecycle_mcp.holder import DatasetHolder
from lifecycle_mcp.tools import register_tools
from tests.unit.builders import record
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.time.changes import RecordSelection
from truthexpiry.models.time.periods import DateWindow

TOOL = "get_histories_effective_between"
ALL_TIME = DateWindow(date.min, date.max)
YEAR_2025 = DateWindow(date(2025, 1, 1), date(2025, 12, 31))


def wide(keys: int) -> LifecycleRecordRepository:
    """`keys` keys, each enabled in 2024 and disabled on a day of 2025 (key n on day n + 1)."""
    records = []
    for n in range(keys):
        key = ClaimKey.of(f"service_{n:03d}", "availability")
        day = date(2025, 1, 1).replace(day=1 + n % 28, month=1 + n // 28 % 12).isoformat()
        records += [
            record(f"A{n:03d}", "enabled", "2024-01-01", key=key),
            record(f"B{n:03d}", "disabled", day, key=key, supersedes=f"A{n:03d}"),
        ]
    return LifecycleRecordRepository(records, "wide")


def call(holder: DatasetHolder, arguments: dict[str, Any]) -> CallToolResult:
    server: MCPServer[Any] = MCPServer("test")
    register_tools(server, holder)

    async def go() -> CallToolResult:
        async with Client(server) as client:
            return await client.call_tool(TOOL, arguments)

    return asyncio.run(go())


def test_each_key_comes_with_every_record_it_has_even_before_the_window() -> None:
    repository = wide(3)

    histories, truncated = repository.histories_between(RecordSelection.of(YEAR_2025))

    assert not truncated
    assert [[r.record_id for r in h] for h in histories.values()] == [
        ["A000", "B000"],
        ["A001", "B001"],
        ["A002", "B002"],
    ]


def test_a_window_with_more_keys_than_asked_for_is_truncated_after_the_first_ones() -> None:
    repository = wide(40)

    histories, truncated = repository.histories_between(RecordSelection.of(YEAR_2025), 25)

    assert truncated
    assert len(histories) == 25
    assert next(iter(histories)).entity == "service_000"  # the first changed come first


def test_a_key_whose_records_would_pass_the_record_limit_is_left_out_whole() -> None:
    histories, truncated = wide(10).histories_between(RecordSelection.of(ALL_TIME), 10, 7)

    assert truncated
    assert all(len(records) == 2 for records in histories.values())
    assert len(histories) == 3


def test_an_entity_selects_only_its_own_keys() -> None:
    selection = RecordSelection.of(ALL_TIME, "service_004")

    histories, truncated = wide(10).histories_between(selection)

    assert not truncated
    assert [key.entity for key in histories] == ["service_004"]


def test_the_tool_lists_what_the_in_process_port_returns() -> None:
    holder = DatasetHolder(None)
    evidence = InProcessLifecycleEvidence(holder.current.repository)
    window = {"from_date": "2024-01-01", "to_date": "2026-12-31", "max_keys": 3}

    result = call(holder, window)
    port = evidence.histories_between(
        RecordSelection.of(DateWindow(date(2024, 1, 1), date(2026, 12, 31))), 3
    )

    assert not result.is_error
    wire = HistoriesOut.model_validate(result.structured_content)
    assert [h.claim_key for h in wire.histories] == [key.canonical for key in port.histories]
    assert wire.truncated == port.truncated
    assert wire.max_keys == 3


def test_the_tool_refuses_more_keys_than_its_limit() -> None:
    result = call(
        DatasetHolder(None), {"from_date": "2024-01-01", "to_date": "2026-12-31", "max_keys": 101}
    )

    assert result.is_error
