"""A change question over every date of a wide dataset, through the real lifecycle MCP server:
a small constant number of MCP requests whatever the number of keys, and an answer that says
the window is too wide instead of fetching every key's history."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import httpx2
import pytest

from bootstrap import build_pipeline, mcp_evidence
from devtools.processes import free_port
from listeners.views.verdict_card import verdict_reply
from tests.fakes import FakeMessageSearch, FixedClock
from tests.integration.conftest import RunningServer, launch_server
from tests.unit import block_kit
from truthexpiry.models.answering.requests import EntryPoint, TruthExpiryRequest
from truthexpiry.time.evidence import MAX_KEYS_PER_QUESTION

KEYS = 300  # each with a history of two records, one superseding the other
WORST_CASE = "What changed between 0001-01-01 and 9999-12-31?"
REQUESTS = "lifecycle_mcp_http_requests_total"


def wide_dataset(path: Path) -> Path:
    records = []
    for n in range(KEYS):
        base = {"entity": f"service_{n:03d}", "attribute": "availability", "scope": {}}
        day = f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}"
        records += [
            base | _record(f"A{n:03d}", "enabled", "2024-01-01", None),
            base | _record(f"B{n:03d}", "disabled", day, f"A{n:03d}"),
        ]
    path.write_text(json.dumps({"dataset_version": "wide", "records": records}))
    return path


def _record(record_id: str, value: str, day: str, supersedes: str | None) -> dict[str, object]:
    return {
        "record_id": record_id,
        "value": value,
        "state": "SHIPPED",
        "effective_date": day,
        "supersedes_record_id": supersedes,
    }


@pytest.fixture(scope="module")
def wide_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    directory = tmp_path_factory.mktemp("wide")
    dataset = wide_dataset(directory / "wide.json")
    metrics = {"TRUTH_EXPIRY_METRICS_ENABLED": "1", "TRUTH_EXPIRY_METRICS_PORT": str(free_port())}
    with launch_server(directory, metrics, DATASET_PATH=str(dataset)) as server:
        yield server


def requests_served(server: RunningServer) -> float:
    assert server.metrics_url is not None
    text = httpx2.get(server.metrics_url, timeout=5).text
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(REQUESTS))


def test_the_worst_case_change_question_makes_a_few_calls_and_says_the_window_is_too_wide(
    wide_server: RunningServer,
) -> None:
    evidence = mcp_evidence(wide_server.mcp_url, token=wide_server.token, timeout=10.0)
    try:
        pipeline = build_pipeline(
            search=FakeMessageSearch([]), evidence=evidence, clock=FixedClock(date(2026, 6, 1))
        )
        # As in a running worker: both sessions open (lookups, windows), the catalog cached.
        narrow = "What changed for service 001 in 2025?"
        pipeline.run(TruthExpiryRequest(narrow, entry_point=EntryPoint.CLI))
        before = requests_served(wide_server)
        response = pipeline.run(TruthExpiryRequest(WORST_CASE, entry_point=EntryPoint.CLI))
        calls = requests_served(wide_server) - before
    finally:
        evidence.close()

    assert calls <= 2  # one history call; never one per key
    report = response.time
    assert report is not None
    assert report.truncated
    assert not report.unavailable
    assert len({change.key for change in report.changes}) == MAX_KEYS_PER_QUESTION
    text = block_kit.all_text(verdict_reply(response).blocks)
    assert "This window is too wide for one answer" in text
    assert "Name a subject or a shorter window" in text


def test_a_narrow_question_over_the_same_server_is_complete(wide_server: RunningServer) -> None:
    evidence = mcp_evidence(wide_server.mcp_url, token=wide_server.token, timeout=10.0)
    try:
        pipeline = build_pipeline(
            search=FakeMessageSearch([]), evidence=evidence, clock=FixedClock(date(2026, 6, 1))
        )
        question = "What changed for service 007 between 2024-06-01 and 2025-12-31?"
        response = pipeline.run(TruthExpiryRequest(question, entry_point=EntryPoint.CLI))
    finally:
        evidence.close()

    report = response.time
    assert report is not None
    assert not report.truncated
    assert [c.record_id for c in report.changes] == ["B007"]
