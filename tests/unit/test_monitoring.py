"""The alerting rules and the Grafana dashboard in deploy/monitoring/: valid for promtool, behaving
as their promtool unit tests say, and naming only metrics the worker and the server export."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families
from slack_sdk import WebClient
from starlette.types import Receive, Scope, Send

from adapters.ops.prometheus_metrics import PrometheusMetrics
from bootstrap import build_worker
from lifecycle_mcp.holder import DatasetHolder
from lifecycle_mcp.http.connections import ConnectionGate
from lifecycle_mcp.metrics import ServerMetrics
from settings.worker import WorkerSettings
from truthexpiry.ops.metrics import Outcome, Port

ROOT = Path(__file__).resolve().parents[2]
MONITORING = ROOT / "deploy" / "monitoring"
RULES = MONITORING / "alerts.yml"
DASHBOARD = MONITORING / "dashboard.json"
METRIC_NAME = re.compile(r"\b(?:truthexpiry|lifecycle_mcp)_[a-z0-9_]+\b")
EXACT_MATCHER = re.compile(r'\b([a-z_]+)="([^"]*)"')
SCRAPE_LABELS = {"app", "pod", "job", "instance", "status"}  # set by the scrape, or HTTP codes
LIVE_WORKER = {
    "SLACK_BOT_TOKEN": "xoxb-bot",
    "SLACK_APP_TOKEN": "xapp-app",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp",
    "TRUTH_EXPIRY_CLAIM_EXTRACTOR": "live",
    "OPENAI_API_KEY": "sk-not-used",
    "TRUTH_EXPIRY_USE_FAKES": "1",
}


def rule_expressions() -> list[str]:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return [rule["expr"] for group in groups for rule in group["rules"]]


def dashboard_expressions() -> list[str]:
    panels = json.loads(DASHBOARD.read_text())["panels"]
    return [target["expr"] for panel in panels for target in panel.get("targets", [])]


def samples(text: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Every sample's name and labels; a counter with no sample yet still gives its name."""
    for family in text_string_to_metric_families(text):
        if family.type == "counter" and not family.samples:
            yield f"{family.name}_total", {}
        for sample in family.samples:
            yield sample.name, sample.labels


def worker_metrics_text() -> str:
    """The worker's metrics with every outcome, port and kind of counter touched once."""
    metrics = PrometheusMetrics()
    for outcome in Outcome:
        metrics.request_finished("mention", outcome, 0.1)
    for port in Port:
        metrics.port_call(port, 0.01, "timeout")
    metrics.verdict("CURRENT")
    metrics.reconnected()
    metrics.set_ready(True)
    metrics.feedback("up")
    build_worker(
        WorkerSettings.load(LIVE_WORKER), WebClient(token="xoxb-unused"), metrics=metrics
    ).close()
    return generate_latest(metrics.registry).decode()


def server_metrics_text() -> str:
    metrics = ServerMetrics(DatasetHolder(None))
    metrics.watch_listener(ConnectionGate(8), lambda: True)

    async def ok(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def one_request() -> None:
        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: Any) -> None:
            del message

        await metrics.instrument(ok)({"type": "http", "method": "POST"}, receive, send)

    asyncio.run(one_request())
    return generate_latest(metrics.registry).decode()


@pytest.fixture(scope="module")
def exported() -> list[tuple[str, dict[str, str]]]:
    return list(samples(worker_metrics_text())) + list(samples(server_metrics_text()))


@pytest.mark.parametrize("source", ["rules", "dashboard"])
def test_every_metric_named_is_one_the_code_exports(
    source: str, exported: list[tuple[str, dict[str, str]]]
) -> None:
    expressions = rule_expressions() if source == "rules" else dashboard_expressions()
    names = {name for name, _ in exported}

    named = {name for expression in expressions for name in METRIC_NAME.findall(expression)}

    assert named
    assert sorted(named - names) == []


def test_every_label_value_the_rules_match_exactly_is_one_the_code_uses(
    exported: list[tuple[str, dict[str, str]]],
) -> None:
    used = {(label, value) for _, labels in exported for label, value in labels.items()}

    matched = {
        (label, value)
        for expression in rule_expressions() + dashboard_expressions()
        for label, value in EXACT_MATCHER.findall(expression)
        if label not in SCRAPE_LABELS
    }

    assert matched
    assert sorted(matched - used) == []


def test_the_dashboard_shows_every_metric_family_exported(
    exported: list[tuple[str, dict[str, str]]],
) -> None:
    shown = " ".join(dashboard_expressions())
    families = {re.sub(r"_(total|bucket|count|sum|created)$", "", name) for name, _ in exported}

    assert sorted(family for family in families if family not in shown) == []


def test_every_dashboard_panel_queries_the_chosen_prometheus() -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    panels = [panel for panel in dashboard["panels"] if panel["type"] != "row"]

    assert [variable["name"] for variable in dashboard["templating"]["list"]] == ["datasource"]
    assert panels
    for panel in panels:
        assert panel["targets"], panel["title"]
        assert panel["datasource"]["uid"] == "${datasource}"
        assert panel["description"]
    assert len({panel["id"] for panel in dashboard["panels"]}) == len(dashboard["panels"])


def test_every_alert_names_a_runbook_that_exists() -> None:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    for rule in (rule for group in groups for rule in group["rules"]):
        runbook = rule["annotations"]["runbook"]
        assert (ROOT / runbook).is_file(), runbook
        assert rule["labels"]["severity"] in ("page", "warning")
