"""The lifecycle MCP server's metrics: requests by status, the dataset in service, valid text."""

from __future__ import annotations

import time
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from devtools.lifecycle_server import LocalLifecycleServer, free_port
from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp.settings import ServerSettings
from settings.environment import ConfigError
from tests.prometheus_support import assert_promtool_accepts
from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.models.records.claim_key import ClaimKey

pytestmark = pytest.mark.integration
REFUSED = ("lifecycle_mcp_http_requests_total", (("status", "401"),))
KEY = ClaimKey.of("report_export", "availability", {"plan": "starter", "region": "global"})


def test_requests_and_the_dataset_are_measured() -> None:
    port = free_port()
    extra = {"TRUTH_EXPIRY_METRICS_ENABLED": "1", "TRUTH_EXPIRY_METRICS_PORT": str(port)}
    with LocalLifecycleServer(extra_env=extra) as server:
        good = McpLifecycleEvidence(server.url, token=server.token, timeout=30.0)
        bad = McpLifecycleEvidence(server.url, token="not-the-token-at-all", timeout=30.0)
        try:
            good.lookup(KEY)
            with pytest.raises(EvidenceUnavailableError):
                bad.lookup(KEY)
        finally:
            good.close()
            bad.close()
        # A request is counted once its response has gone out: the client may read the
        # response first. Scraped until the refused one shows, for a bounded time.
        deadline = time.monotonic() + 30
        while True:
            text, samples = _scrape(port)
            if REFUSED in samples or time.monotonic() > deadline:
                break
            time.sleep(0.05)

    assert samples[("lifecycle_mcp_http_requests_total", (("status", "200"),))] >= 1
    assert samples[REFUSED] >= 1
    records = LifecycleRecordRepository.packaged().record_count
    assert samples[("lifecycle_mcp_dataset_records", ())] == records
    assert server.token not in text
    assert_promtool_accepts(text)


def _scrape(port: int) -> tuple[str, dict[tuple[str, tuple[tuple[str, str], ...]], float]]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as response:
        text = response.read().decode()
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    return text, samples


def test_metrics_are_off_by_default_and_need_their_own_port() -> None:
    base = {"TRUTH_EXPIRY_LIFECYCLE_MCP_AUTH_DISABLED": "1"}
    assert ServerSettings.load(base).metrics_port is None
    enabled = {**base, "TRUTH_EXPIRY_METRICS_ENABLED": "1"}
    assert ServerSettings.load(enabled | {"TRUTH_EXPIRY_METRICS_PORT": "8002"}).metrics_port == 8002

    with pytest.raises(ConfigError) as raised:
        ServerSettings.load(enabled | {"TRUTH_EXPIRY_METRICS_PORT": "8001"})

    assert any("TRUTH_EXPIRY_METRICS_PORT must differ" in p for p in raised.value.problems)
