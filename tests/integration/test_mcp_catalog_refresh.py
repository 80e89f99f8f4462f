"""The worker's catalog over a real MCP server (the lifecycle server's own tools on a reloadable
dataset, over Streamable HTTP on loopback, its tool calls counted): fetched once per catalog
version across many questions, and a server that stalls on the catalog holds no question past
its budget."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from mcp.server import MCPServer

from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from bootstrap import build_pipeline
from lifecycle_data.repository import packaged_dataset_path
from lifecycle_mcp.contract import CatalogOut, EvidenceOut
from lifecycle_mcp.holder import DatasetHolder, load_dataset
from lifecycle_mcp.tools import claim_catalog, lifecycle_evidence, register_tools
from tests.fakes import FakeMessageSearch, FixedClock
from tests.integration.mcp_doubles import ToolCalls, serving
from truthexpiry.models.answering.notices import EvidenceUnavailable
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.status import Status

pytestmark = pytest.mark.integration

QUESTION = TruthExpiryRequest("Is report export available on Starter?")
CATALOG, VERSION = "get_claim_catalog", "get_catalog_version"
GENEROUS = 60.0  # seconds: only a hang waits this out, not a busy machine


@dataclass
class Served:
    url: str
    holder: DatasetHolder
    calls: ToolCalls
    dataset: Path

    def publish(self, version: str) -> None:
        """Serve the demo records as dataset `version` (a new catalog fingerprint)."""
        document = json.loads(packaged_dataset_path().read_text())
        document["dataset_version"] = version
        self.dataset.write_text(json.dumps(document))
        stamp = self.dataset.stat().st_mtime_ns + 1_000_000  # a new version even within a tick
        os.utime(self.dataset, ns=(stamp, stamp))
        assert self.holder.reload_if_changed()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    dataset = tmp_path / "lifecycle.json"
    dataset.write_bytes(packaged_dataset_path().read_bytes())
    holder = DatasetHolder(dataset)
    server: MCPServer[Any] = MCPServer("counted-lifecycle")
    register_tools(server, holder)
    calls = ToolCalls(server.streamable_http_app(stateless_http=True, json_response=True))
    with serving(calls) as url:
        yield Served(url, holder, calls, dataset)
        calls.release.set()  # a held request ends before the server stops


def adapter(
    url: str,
    *,
    timeout: float = GENEROUS,
    catalog_timeout: float = GENEROUS,
    catalog_first_retry: float = 1.0,
) -> McpLifecycleEvidence:
    # A check on every question (check 0 s), so that "once per version" is the rule at work.
    return McpLifecycleEvidence(
        url,
        timeout=timeout,
        catalog_check_seconds=0.0,
        catalog_timeout=catalog_timeout,
        catalog_first_retry=catalog_first_retry,
    )


def ask(evidence: McpLifecycleEvidence) -> TruthExpiryResponse:
    pipeline = build_pipeline(
        search=FakeMessageSearch(), evidence=evidence, clock=FixedClock(date(2026, 11, 30))
    )
    return pipeline.run(QUESTION)


def answered(response: TruthExpiryResponse) -> bool:
    return [v.status for v in response.question_verdicts] == [Status.SUPERSEDED]


def until(condition: Callable[[], bool]) -> None:
    """Try `condition` (a question each time) until it holds; only a hang waits GENEROUS s."""
    deadline = time.monotonic() + GENEROUS
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.01)


def in_thread(work: Callable[[], list[TruthExpiryResponse]]) -> list[TruthExpiryResponse]:
    """`work`'s result, or a failure if it is not done within GENEROUS seconds."""
    result: list[TruthExpiryResponse] = []
    thread = threading.Thread(target=lambda: result.extend(work()), daemon=True)
    thread.start()
    thread.join(GENEROUS)
    assert not thread.is_alive(), "the questions were held"
    return result


def test_many_questions_fetch_each_catalog_version_once(served: Served) -> None:
    evidence = adapter(served.url)
    try:
        assert all(answered(ask(evidence)) for _ in range(25))
        assert served.calls.calls[CATALOG] == 1
        assert served.calls.calls[VERSION] >= 1  # checked, and found unchanged

        served.publish("demo-2026-12")
        until(lambda: answered(ask(evidence)) and evidence.catalog().version == "demo-2026-12")
        assert all(answered(ask(evidence)) for _ in range(25))
        assert served.calls.calls[CATALOG] == 2
        assert evidence.catalog_fetches == 2
    finally:
        evidence.close()


def test_a_server_stalling_on_a_new_catalog_holds_no_question(served: Served) -> None:
    # A catalog request may take ten minutes: only the budget of a question could free one.
    evidence = adapter(served.url, catalog_timeout=600.0)
    try:
        assert answered(ask(evidence))
        served.calls.held.add(CATALOG)
        served.publish("demo-2026-12")
        until(lambda: answered(ask(evidence)) and served.calls.holding.is_set())

        during = in_thread(lambda: [ask(evidence) for _ in range(20)])

        assert all(answered(response) for response in during)  # the last good catalog serves
        assert evidence.catalog().version == "demo-2026-11"
        assert served.calls.calls[CATALOG] == 2  # the stalled fetch is the only one
        served.calls.release.set()
        until(lambda: evidence.catalog().version == "demo-2026-12")
        assert served.calls.calls[CATALOG] == 2
    finally:
        evidence.close()


def test_the_first_question_waits_its_budget_and_the_catalog_follows(served: Served) -> None:
    served.calls.held.add(CATALOG)
    evidence = adapter(served.url, timeout=0.5)
    try:
        [first] = in_thread(lambda: [ask(evidence)])

        assert first.question_verdicts == ()
        [notice] = first.notices
        assert isinstance(notice, EvidenceUnavailable)
        assert "did not answer within 0.5 s" in notice.reason
        served.calls.release.set()
        until(lambda: answered(ask(evidence)))
        assert served.calls.calls[CATALOG] == 1  # the same fetch, finished in the background
    finally:
        evidence.close()


def test_a_failed_catalog_fetch_keeps_the_last_good_one_and_backs_off(served: Served) -> None:
    # Retries back off from ten minutes, so the one failure is the only retry in this test.
    evidence = adapter(served.url, catalog_first_retry=600.0)
    try:
        assert answered(ask(evidence))
        served.calls.failing.add(CATALOG)
        served.publish("demo-2026-12")
        until(lambda: answered(ask(evidence)) and served.calls.calls[CATALOG] == 2)
        assert all(answered(ask(evidence)) for _ in range(20))
        assert evidence.catalog().version == "demo-2026-11"
        assert served.calls.calls[CATALOG] == 2
    finally:
        evidence.close()


def older_server() -> Any:
    """A server from before `get_catalog_version`: the catalog and evidence tools only."""
    dataset = load_dataset(None)
    server: MCPServer[Any] = MCPServer("older-lifecycle")

    @server.tool()
    def get_claim_catalog() -> CatalogOut:
        return claim_catalog(dataset)

    @server.tool()
    def get_lifecycle_evidence(entity: str, attribute: str, scope: dict[str, str]) -> EvidenceOut:
        return lifecycle_evidence(dataset, entity, attribute, scope)

    return ToolCalls(server.streamable_http_app(stateless_http=True, json_response=True))


def test_a_server_without_the_version_tool_is_refreshed_by_fetching_its_catalog() -> None:
    calls = older_server()
    with serving(calls) as url:
        evidence = adapter(url)
        try:
            until(lambda: answered(ask(evidence)) and calls.calls[CATALOG] >= 2)
            assert calls.calls[VERSION] >= 1  # tried, refused as an unknown tool
        finally:
            evidence.close()
