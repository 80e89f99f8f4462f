"""The worker's MCP evidence adapter against real servers on loopback: the lifecycle server,
and misbehaving ones. Every failure must read as "evidence unavailable", never "no records"."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from datetime import date

import pytest

from adapters.background_loop import BackgroundLoop, LifecycleMcpUsageError
from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from adapters.offline.evidence import InProcessLifecycleEvidence
from bootstrap import build_pipeline
from devtools.lifecycle_server import LocalLifecycleServer
from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp.contract import SCHEMA_VERSION
from tests.fakes import FakeMessageSearch, FixedClock
from tests.integration.mcp_doubles import (
    erroring_server,
    malformed_server,
    serving,
    slow_server,
    window_server,
)
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.answering.verdicts import UnverifiedReason
from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.status import Status
from truthexpiry.models.time.changes import RecordSelection
from truthexpiry.models.time.periods import DateWindow

pytestmark = pytest.mark.integration

STARTER = ClaimKey.of("report_export", "availability", {"plan": "starter", "region": "global"})
DEMO = LifecycleRecordRepository.packaged()
GENEROUS = 30.0  # seconds per call: only a hang reaches it, not a busy machine


@pytest.fixture
def server(shared_lifecycle: LocalLifecycleServer) -> LocalLifecycleServer:
    return shared_lifecycle  # only read from; the tests that stop a server start their own


@pytest.fixture
def evidence(server: LocalLifecycleServer) -> Iterator[McpLifecycleEvidence]:
    adapter = McpLifecycleEvidence(server.url, token=server.token, timeout=GENEROUS)
    yield adapter
    adapter.close()


def test_a_lookup_returns_exactly_the_records_of_the_dataset(
    evidence: McpLifecycleEvidence,
) -> None:
    assert evidence.lookup(STARTER) == DEMO.lookup(STARTER)


def test_a_key_without_records_is_an_empty_answer_not_an_error(
    evidence: McpLifecycleEvidence,
) -> None:
    unknown = ClaimKey.of("report_export", "availability", {"plan": "nope", "region": "global"})

    assert evidence.lookup(unknown) == ()


def test_the_catalog_arrives_whole(evidence: McpLifecycleEvidence) -> None:
    assert evidence.catalog() == DEMO.catalog


WINDOWS = (
    RecordSelection.of(DateWindow(date(2024, 1, 1), date(2026, 12, 31))),
    RecordSelection.of(DateWindow(date.min, date.max), "Report Export", scope={"plan": "starter"}),
    RecordSelection.of(DateWindow(date(2025, 1, 1), date(2025, 12, 31)), attribute="availability"),
    RecordSelection.of(DateWindow(date(2030, 1, 1), date(2030, 1, 1))),
)


@pytest.mark.parametrize("selection", WINDOWS)
def test_a_window_lists_what_the_in_process_evidence_lists(
    evidence: McpLifecycleEvidence, selection: RecordSelection
) -> None:
    assert evidence.records_between(selection) == InProcessLifecycleEvidence(DEMO).records_between(
        selection
    )


def test_a_server_without_the_window_tool_is_unavailable_evidence() -> None:
    content = {"schema_version": SCHEMA_VERSION}
    with serving(malformed_server(content)) as url:
        adapter = McpLifecycleEvidence(url, timeout=GENEROUS)
        try:
            with pytest.raises(EvidenceUnavailableError, match="tool error"):
                adapter.records_between(WINDOWS[0])
        finally:
            adapter.close()


def _window(from_date: str, to_date: str, *records: dict[str, object]) -> dict[str, object]:
    return {
        "schema_version": SCHEMA_VERSION,
        "dataset_version": "x",
        "from_date": from_date,
        "to_date": to_date,
        "entity": None,
        "attribute": None,
        "scope": {},
        "records": list(records),
        "truncated": False,
        "max_records": 1000,
    }


_OUTSIDE: dict[str, object] = {
    "record_id": "LC-1",
    "entity": "report_export",
    "attribute": "availability",
    "scope": {"plan": "starter"},
    "value": "enabled",
    "state": "SHIPPED",
    "effective_date": "2027-01-01",
    "supersedes_record_id": None,
    "source": "unspecified",
}


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (_window("2024-01-01", "2026-12-31", _OUTSIDE), "not asked for"),
        (_window("2024-01-02", "2026-12-31"), "another window"),
        ({"schema_version": SCHEMA_VERSION, "records": []}, "does not match the contract"),
    ],
)
def test_a_window_answer_that_breaks_the_contract_is_unavailable_evidence(
    content: dict[str, object], reason: str
) -> None:
    with serving(window_server(content)) as url:
        adapter = McpLifecycleEvidence(url, timeout=GENEROUS)
        try:
            with pytest.raises(EvidenceUnavailableError, match=reason):
                adapter.records_between(WINDOWS[0])
        finally:
            adapter.close()


def test_one_session_serves_many_lookups(evidence: McpLifecycleEvidence) -> None:
    for _ in range(20):
        evidence.lookup(STARTER)

    assert evidence.sessions_opened == 1


def test_the_pipeline_answers_through_the_server(evidence: McpLifecycleEvidence) -> None:
    pipeline = build_pipeline(
        search=FakeMessageSearch(), evidence=evidence, clock=FixedClock(date(2026, 11, 30))
    )

    response = pipeline.run(TruthExpiryRequest("Is report export available on Starter?"))

    assert response.question_verdicts[0].status is Status.SUPERSEDED
    assert response.question_verdicts[0].record_ids == ("LC-101",)


def test_a_wrong_token_is_unavailable_evidence(server: LocalLifecycleServer) -> None:
    adapter = McpLifecycleEvidence(server.url, token="wrong-token", timeout=GENEROUS)
    try:
        with pytest.raises(EvidenceUnavailableError, match="401"):
            adapter.lookup(STARTER)
    finally:
        adapter.close()


def test_a_killed_server_gives_unverified_claims_and_unreachability_and_both_recover() -> None:
    """One server stopped and started again, watched by two adapters of their own: one answers
    questions (its recovery is its own, not a probe's), one is only probed for readiness."""
    with LocalLifecycleServer() as server:
        adapter = McpLifecycleEvidence(server.url, token=server.token, timeout=GENEROUS)
        probed = McpLifecycleEvidence(server.url, token=server.token, timeout=GENEROUS)
        pipeline = build_pipeline(
            search=FakeMessageSearch(), evidence=adapter, clock=FixedClock(date(2026, 11, 30))
        )
        question = TruthExpiryRequest("Is report export available on Starter?")
        try:
            assert probed.reachable()
            assert probed.catalog_fetches == 0  # a readiness probe leaves the catalog alone
            assert pipeline.run(question).question_verdicts[0].status is Status.SUPERSEDED

            server.stop()
            [verdict] = pipeline.run(question).question_verdicts
            assert verdict.status is Status.UNVERIFIED
            assert verdict.reason is UnverifiedReason.EVIDENCE_UNAVAILABLE
            assert "unavailable" in verdict.explanation
            assert not probed.reachable()

            server.start()  # same ports, same token
            assert pipeline.run(question).question_verdicts[0].status is Status.SUPERSEDED
            assert adapter.sessions_opened >= 2
            assert probed.reachable()
        finally:
            adapter.close()
            probed.close()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ({"schema_version": SCHEMA_VERSION, "records": "nope"}, "does not match the contract"),
        (
            {
                "schema_version": "other.v9",
                "dataset_version": "x",
                "claim_key": STARTER.canonical,
                "records": [],
            },
            "speaks schema",
        ),
        (
            {
                "schema_version": SCHEMA_VERSION,
                "dataset_version": "x",
                "claim_key": "report_export|availability|plan=team|region=global",
                "records": [],
            },
            "another claim key",
        ),
    ],
)
def test_malformed_structured_content_is_unavailable_evidence(
    content: dict[str, object], reason: str
) -> None:
    with serving(malformed_server(content)) as url:
        adapter = McpLifecycleEvidence(url, timeout=GENEROUS)
        try:
            with pytest.raises(EvidenceUnavailableError, match=reason):
                adapter.lookup(STARTER)
        finally:
            adapter.close()


def test_a_tool_error_is_unavailable_evidence() -> None:
    with serving(erroring_server()) as url:
        adapter = McpLifecycleEvidence(url, timeout=GENEROUS)
        try:
            with pytest.raises(EvidenceUnavailableError, match="tool error"):
                adapter.lookup(STARTER)
        finally:
            adapter.close()


def test_a_slow_server_times_out_within_the_deadline() -> None:
    answered = threading.Event()
    with serving(slow_server(delay=5.0, answered=answered)) as url:
        adapter = McpLifecycleEvidence(url, timeout=0.5)
        try:
            # Which step the deadline ends (the session's handshake or the lookup) depends on
            # how busy the machine is; that it was the deadline does not.
            with pytest.raises(EvidenceUnavailableError, match=r"within 0\.5 s"):
                adapter.lookup(STARTER)
            assert not answered.is_set()  # the adapter gave up before the server answered
        finally:
            adapter.close()


def test_nothing_listening_is_unavailable_evidence() -> None:
    adapter = McpLifecycleEvidence("http://127.0.0.1:9/mcp", timeout=GENEROUS)
    try:
        with pytest.raises(EvidenceUnavailableError, match=r"unreachable|could not reach"):
            adapter.catalog()
    finally:
        adapter.close()


def test_the_sync_bridge_refuses_to_run_inside_an_event_loop() -> None:
    loop = BackgroundLoop()

    async def inside() -> None:
        with pytest.raises(LifecycleMcpUsageError):
            loop.run(asyncio.sleep(0), timeout=1)

    try:
        asyncio.run(inside())
    finally:
        loop.close()
