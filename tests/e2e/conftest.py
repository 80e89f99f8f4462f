"""The whole worker (app.py's composition, the real Socket Mode client) against a local Slack
protocol server and a real lifecycle MCP server, all on loopback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from slack_bolt.adapter.socket_mode import SocketModeHandler

from adapters.lifecycle_mcp.local_server import LocalLifecycleServer
from adapters.offline.search import demo_messages_path
from adapters.worker import Worker
from app import connect, create_app
from tests.local_slack import LocalSlack
from truthexpiry.config.worker import load_worker_settings

PING_INTERVAL = 0.1  # fast reconnects in tests; see tests/local_slack/server.py


@dataclass
class RunningWorker:
    slack: LocalSlack
    lifecycle: LocalLifecycleServer
    worker: Worker
    handler: SocketModeHandler


def demo_corpus() -> list[dict[str, Any]]:
    corpus: list[dict[str, Any]] = json.loads(demo_messages_path().read_text())
    return corpus


@pytest.fixture(scope="module")
def lifecycle() -> Iterator[LocalLifecycleServer]:
    with LocalLifecycleServer() as server:
        yield server


def start_worker(
    slack: LocalSlack, lifecycle: LocalLifecycleServer, *, extra: dict[str, str] | None = None
) -> RunningWorker:
    settings = load_worker_settings(
        {
            "SLACK_BOT_TOKEN": slack.bot_token,
            "SLACK_APP_TOKEN": slack.app_token,
            "SLACK_API_URL": slack.api_url,
            "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": lifecycle.url,
            "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": lifecycle.token,
            "TRUTH_EXPIRY_LIFECYCLE_MCP_TIMEOUT": "1.5",
            **(extra or {}),
        }
    )
    app, worker = create_app(settings)
    handler = connect(app, settings, ping_interval=PING_INTERVAL)
    slack.wait_for_connection()
    return RunningWorker(slack, lifecycle, worker, handler)


def stop_worker(running: RunningWorker) -> None:
    running.handler.client.close()
    running.worker.close()


@pytest.fixture
def running(lifecycle: LocalLifecycleServer) -> Iterator[RunningWorker]:
    with LocalSlack() as slack:
        slack.search_corpus = demo_corpus()
        worker = start_worker(slack, lifecycle)
        try:
            yield worker
        finally:
            stop_worker(worker)
