"""The whole worker, started in process through `app.start` (what `python app.py` runs), with
the real Socket Mode client, against a local Slack protocol server and a real lifecycle MCP
server, all on loopback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import app
from adapters.offline.search import demo_messages_path
from adapters.ops.runtime import WorkerRuntime
from devtools.lifecycle_server import LocalLifecycleServer
from settings.worker import WorkerSettings
from tests.fakes import RecordingMetrics
from tests.local_slack import LocalSlack

PING_INTERVAL = "0.1"  # fast reconnects in tests; see tests/local_slack/server.py
LOOKUP_TIMEOUT = "30"  # only a hang reaches it: a busy machine must not turn answers UNVERIFIED


@dataclass
class RunningWorker:
    slack: LocalSlack
    lifecycle: LocalLifecycleServer
    runtime: WorkerRuntime
    metrics: RecordingMetrics


def demo_corpus() -> list[dict[str, Any]]:
    corpus: list[dict[str, Any]] = json.loads(demo_messages_path().read_text())
    return corpus


def worker_env(slack: LocalSlack, lifecycle: LocalLifecycleServer) -> dict[str, str]:
    """The environment of a worker on free side ports, talking to these two servers."""
    return {
        "SLACK_BOT_TOKEN": slack.bot_token,
        "SLACK_APP_TOKEN": slack.app_token,
        "SLACK_API_URL": slack.api_url,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": lifecycle.url,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": lifecycle.token,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_TIMEOUT": LOOKUP_TIMEOUT,
        "TRUTH_EXPIRY_OPS_HOST": "127.0.0.1",
        "TRUTH_EXPIRY_HEALTH_PORT": "0",
        "TRUTH_EXPIRY_METRICS_PORT": "0",
        "TRUTH_EXPIRY_SOCKET_PING_INTERVAL": PING_INTERVAL,
    }


@pytest.fixture
def lifecycle(shared_lifecycle: LocalLifecycleServer) -> LocalLifecycleServer:
    """The process's shared server: the worker only reads from it."""
    return shared_lifecycle


def start_worker(
    slack: LocalSlack, lifecycle: LocalLifecycleServer, *, extra: dict[str, str] | None = None
) -> RunningWorker:
    settings = WorkerSettings.load(worker_env(slack, lifecycle) | (extra or {}))
    metrics = RecordingMetrics()
    runtime = app.start(settings, metrics=metrics)
    slack.wait_for_connection()
    return RunningWorker(slack, lifecycle, runtime, metrics)


def stop_worker(running: RunningWorker) -> None:
    running.runtime.shutdown()


@pytest.fixture
def running(lifecycle: LocalLifecycleServer) -> Iterator[RunningWorker]:
    with LocalSlack() as slack:
        slack.search_corpus = demo_corpus()
        worker = start_worker(slack, lifecycle)
        try:
            yield worker
        finally:
            stop_worker(worker)
