"""Two worker replicas (`python app.py` processes) behind one Slack app share one real Redis for
event dedup: whichever replica an event reaches, and however often, it is answered once."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from devtools.lifecycle_server import LocalLifecycleServer
from devtools.processes import start_worker, stop_processes
from tests.e2e.conftest import demo_corpus
from tests.e2e.test_worker import STALE_QUESTION, TOKEN
from tests.local_slack import LocalSlack, events
from tests.local_slack.server import PROCESS_START
from tests.redis_support import RedisServer, running_redis

pytestmark = pytest.mark.e2e
REPLICAS = 2
KEY_PREFIX = "truthexpiry:event:"
QUIET_SECONDS = 1.0  # room for a second reply, which must not come


@dataclass
class Replicas:
    slack: LocalSlack
    redis: RedisServer
    processes: list[subprocess.Popen[bytes]]
    logs: list[Path]

    def replies_in_thread(self, thread_ts: str) -> int:
        posts = self.slack.calls_to("chat.postMessage")
        return sum(1 for call in posts if call.args.get("thread_ts") == thread_ts)

    def wait_for_acks(self, envelope_ids: list[str]) -> None:
        for envelope_id in envelope_ids:
            self.slack.wait_for_ack(envelope_id, timeout=30)

    def describe(self) -> str:
        return "\n".join(f"--- {log.name}\n{log.read_text(errors='replace')}" for log in self.logs)


def worker_environment(
    slack: LocalSlack, lifecycle: LocalLifecycleServer, redis_url: str
) -> dict[str, str]:
    inherited = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TRUTH_EXPIRY_", "SLACK_", "OPENAI_"))
    }
    return inherited | {
        "SLACK_BOT_TOKEN": slack.bot_token,
        "SLACK_APP_TOKEN": slack.app_token,
        "SLACK_API_URL": slack.api_url,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": lifecycle.url,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": lifecycle.token,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_URL": lifecycle.health_url,
        "TRUTH_EXPIRY_DEDUP_REDIS_URL": redis_url,
        "TRUTH_EXPIRY_OPS_HOST": "127.0.0.1",
        "TRUTH_EXPIRY_SOCKET_PING_INTERVAL": "0.25",
        "TRUTH_EXPIRY_DRAIN_SECONDS": "2",
    }


def start_replica(env: dict[str, str], log_path: Path) -> subprocess.Popen[bytes]:
    with log_path.open("wb") as log:
        return start_worker(env, log)


STOP_TIMEOUT = 15  # only a hang reaches it: SIGKILL after


def stop_replicas(processes: list[subprocess.Popen[bytes]]) -> None:
    stop_processes(processes, timeout=STOP_TIMEOUT)


@pytest.fixture(scope="module")
def replicas(
    tmp_path_factory: pytest.TempPathFactory, shared_lifecycle: LocalLifecycleServer
) -> Iterator[Replicas]:
    directory = tmp_path_factory.mktemp("replicas")
    with ExitStack() as stack:
        redis = stack.enter_context(running_redis(directory))
        lifecycle = shared_lifecycle  # the replicas only read from it
        slack = stack.enter_context(LocalSlack())
        slack.search_corpus = demo_corpus()
        env = worker_environment(slack, lifecycle, redis.url)
        logs = [directory / f"worker-{n}.log" for n in range(REPLICAS)]
        processes: list[subprocess.Popen[bytes]] = []
        stack.callback(stop_replicas, processes)  # stopped before the servers they use
        for log in logs:
            processes.append(start_replica(env, log))
        running = Replicas(slack, redis, processes, logs)
        try:
            slack.wait_for_open_connections(REPLICAS, timeout=PROCESS_START)
        except AssertionError as error:
            pytest.fail(f"{error}\n{running.describe()}")
        yield running


def test_both_replicas_answer_the_events_they_are_given(replicas: Replicas) -> None:
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)

    # The same message as two distinct events, one on each connection: each replica answers.
    envelope_ids = replicas.slack.send_event_to_each_connection(event, event_id=None)
    replicas.wait_for_acks(envelope_ids)

    deadline = time.monotonic() + 30
    while replicas.replies_in_thread(event["ts"]) < REPLICAS:
        assert time.monotonic() < deadline, replicas.describe()
        time.sleep(0.05)
    assert len(envelope_ids) == REPLICAS


def test_a_redelivered_event_is_answered_exactly_once(replicas: Replicas) -> None:
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)
    first = replicas.slack.send_event(event, event_id="Ev0REPLICAS1")
    replicas.slack.wait_for_call(
        "chat.postMessage", lambda call: call.args.get("thread_ts") == event["ts"], timeout=30
    )

    # Slack retries the event, and the retry reaches every replica.
    again = replicas.slack.send_event_to_each_connection(
        event, event_id="Ev0REPLICAS1", retry_attempt=1, retry_reason="timeout"
    )
    replicas.wait_for_acks([first, *again])  # every delivery acknowledged, answered or not
    time.sleep(QUIET_SECONDS)

    assert replicas.replies_in_thread(event["ts"]) == 1, replicas.describe()
    with replicas.redis.client() as client:
        assert client.exists(f"{KEY_PREFIX}Ev0REPLICAS1") == 1


def test_one_event_delivered_to_both_replicas_at_once_is_answered_exactly_once(
    replicas: Replicas,
) -> None:
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)

    envelope_ids = replicas.slack.send_event_to_each_connection(event, event_id="Ev0REPLICAS2")
    replicas.slack.wait_for_call(
        "chat.postMessage", lambda call: call.args.get("thread_ts") == event["ts"], timeout=30
    )
    replicas.wait_for_acks(envelope_ids)
    time.sleep(QUIET_SECONDS)

    assert replicas.replies_in_thread(event["ts"]) == 1, replicas.describe()
    assert all(process.poll() is None for process in replicas.processes)
