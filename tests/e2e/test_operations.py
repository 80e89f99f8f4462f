"""Operating the worker: readiness that tells the truth during an outage, metrics a real
Prometheus accepts, and a graceful shutdown that answers every question in flight."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import app
from adapters.ops.prometheus_metrics import PrometheusMetrics
from adapters.ops.runtime import WorkerRuntime
from devtools.lifecycle_server import LocalLifecycleServer
from devtools.processes import free_port
from settings.worker import WorkerSettings
from tests.e2e.conftest import demo_corpus, worker_env
from tests.e2e.test_worker import STALE_QUESTION, TOKEN, blocks_text, posted_in_thread
from tests.local_slack import LocalSlack, events
from tests.local_slack.server import PROCESS_START
from tests.prometheus_support import assert_promtool_accepts

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
WAIT = 30  # seconds; the monitor checks every 0.5 s, so only a monitor that stopped needs this


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def within(seconds: float, condition: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@contextmanager
def worker_on(lifecycle: LocalLifecycleServer) -> Iterator[tuple[WorkerRuntime, LocalSlack]]:
    """A worker with Prometheus metrics, in process, on a local Slack and this lifecycle server."""
    with LocalSlack() as slack:
        slack.search_corpus = demo_corpus()
        environ = worker_env(slack, lifecycle)
        settings = WorkerSettings.load(environ)
        running = app.start(settings, metrics=PrometheusMetrics())
        slack.wait_for_connection()
        try:
            yield running, slack
        finally:
            running.shutdown()


@pytest.fixture
def runtime(
    shared_lifecycle: LocalLifecycleServer,
) -> Iterator[tuple[WorkerRuntime, LocalSlack]]:
    """A worker on the process's shared lifecycle server, for tests that only read from it."""
    with worker_on(shared_lifecycle) as running:
        yield running


def test_readiness_follows_the_lifecycle_server() -> None:
    # A server of its own: this test stops and starts it.
    with LocalLifecycleServer() as lifecycle, worker_on(lifecycle) as (running, slack):
        base = f"http://127.0.0.1:{running.health_server_port}"
        assert within(WAIT, lambda: status_of(f"{base}/readyz") == 200)

        lifecycle.stop()
        assert within(WAIT, lambda: status_of(f"{base}/readyz") == 503)
        assert status_of(f"{base}/healthz") == 200
        event = events.app_mention(STALE_QUESTION, action_token=TOKEN)
        slack.send_event(event)
        outage = blocks_text(posted_in_thread(slack, event["ts"]))
        assert "UNVERIFIED" in outage or "unavailable" in outage.lower()

        lifecycle.start()
        assert within(WAIT, lambda: status_of(f"{base}/readyz") == 200)


def scrape(running: WorkerRuntime) -> str:
    assert isinstance(running.metrics, PrometheusMetrics)
    url = f"http://127.0.0.1:{running.metrics.port}/metrics"
    with urllib.request.urlopen(url, timeout=30) as response:
        return str(response.read().decode())


def test_metrics_after_questions_pass_promtool(
    runtime: tuple[WorkerRuntime, LocalSlack],
) -> None:
    running, slack = runtime
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)
    slack.send_event(event)
    posted_in_thread(slack, event["ts"])

    text = scrape(running)

    assert 'truthexpiry_requests_total{entry_point="mention",outcome="answered"} 1.0' in text
    assert 'truthexpiry_verdicts_total{status="SUPERSEDED"}' in text
    assert "truthexpiry_port_call_seconds_bucket" in text
    assert_promtool_accepts(text)


def test_a_real_prometheus_scrapes_the_worker(
    runtime: tuple[WorkerRuntime, LocalSlack],
) -> None:
    prometheus = shutil.which("prometheus")
    if prometheus is None:
        pytest.skip("prometheus (Debian package prometheus) is not installed")
    running, _ = runtime
    assert isinstance(running.metrics, PrometheusMetrics)
    port = free_port()
    with tempfile.TemporaryDirectory() as workdir:
        config = Path(workdir) / "prometheus.yml"
        config.write_text(
            "global: {scrape_interval: 1s}\n"
            "scrape_configs:\n"
            "  - job_name: truthexpiry\n"
            f"    static_configs: [{{targets: ['127.0.0.1:{running.metrics.port}']}}]\n"
        )
        server = subprocess.Popen(
            [
                prometheus,
                f"--config.file={config}",
                f"--storage.tsdb.path={workdir}/data",
                f"--web.listen-address=127.0.0.1:{port}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            query = f"http://127.0.0.1:{port}/api/v1/query?query=truthexpiry_ready"
            assert within(30, lambda: _first_value(query) == "1")
        finally:
            server.terminate()
            server.wait(timeout=10)


def _first_value(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            result = json.loads(response.read())["data"]["result"]
    except (urllib.error.URLError, OSError, KeyError, ValueError):
        return None
    return str(result[0]["value"][1]) if result else None


def test_sigterm_during_five_questions_answers_all_five(
    shared_lifecycle: LocalLifecycleServer,
) -> None:
    lifecycle = shared_lifecycle  # the worker only reads from it
    with LocalSlack() as slack:
        slack.search_corpus = demo_corpus()
        env = {**os.environ, **worker_env(slack, lifecycle), "TRUTH_EXPIRY_DRAIN_SECONDS": "10"}
        worker = subprocess.Popen(
            [sys.executable, "app.py"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            slack.wait_for_connection(timeout=PROCESS_START)
            slack.set_latency("assistant.search.context", 1.0)  # keep the five in flight
            asked = [events.app_mention(STALE_QUESTION, action_token=TOKEN) for _ in range(5)]
            for envelope in [slack.send_event(event) for event in asked]:
                slack.wait_for_ack(envelope)
            within(5, lambda: len(slack.calls_to("assistant.search.context")) == 5)
            worker.send_signal(signal.SIGTERM)
            replies = [posted_in_thread(slack, e["ts"]) for e in asked]
            assert worker.wait(timeout=30) == 0
        finally:
            if worker.poll() is None:
                worker.kill()
                worker.wait(timeout=10)

    assert all("SUPERSEDED" in blocks_text(reply) for reply in replies)
