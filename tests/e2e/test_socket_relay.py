"""The Socket Mode relay (`adapters.socket_relay`), the worker's process that holds the WebSocket:
it acknowledges each event before the worker has seen it, it is started again if it dies, and
it never outlives the worker."""

from __future__ import annotations

import os
import signal
import time

import pytest

from bench.common.stats import children
from devtools.lifecycle_server import LocalLifecycleServer
from tests.e2e.conftest import RunningWorker, start_worker, stop_worker
from tests.e2e.test_operations import within
from tests.e2e.test_worker import STALE_QUESTION, TOKEN, blocks_text, posted_in_thread
from tests.local_slack import LocalSlack, events

pytestmark = pytest.mark.e2e

WAIT = 30.0


def relays() -> list[int]:
    """The relay processes of the worker running in this process."""
    return [pid for pid in children(os.getpid()) if b"adapters.socket_relay" in _command(pid)]


def _command(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read()
    except OSError:
        return b""


def test_an_event_is_acknowledged_by_the_relay_before_the_worker_dispatches_it(
    running: RunningWorker,
) -> None:
    [relay] = relays()
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)
    handler = running.runtime.handler
    pool = handler.client.message_workers
    blocker_started = []

    def block() -> None:  # every dispatch thread busy: the worker cannot look at an envelope
        blocker_started.append(1)
        time.sleep(1.5)

    for _ in range(20):
        pool.submit(block)
    assert within(WAIT, lambda: len(blocker_started) >= 1)

    envelope_id = running.slack.send_event(event)
    ack = running.slack.wait_for_ack(envelope_id, timeout=WAIT)

    assert ack.received_at - running.slack.sent_at(envelope_id) < 1.0  # before the pool was free
    assert relay in relays()
    assert "SUPERSEDED" in blocks_text(posted_in_thread(running, event["ts"]))


def test_a_relay_that_dies_is_started_again_and_questions_are_answered(
    running: RunningWorker,
) -> None:
    [relay] = relays()
    opened = running.slack.connections_opened

    os.kill(relay, signal.SIGKILL)

    running.slack.wait_for_connection(opened + 1, timeout=WAIT)
    assert within(WAIT, lambda: relays() not in ([], [relay]))
    event = events.app_mention(STALE_QUESTION, action_token=TOKEN)
    running.slack.send_event(event)
    assert "SUPERSEDED" in blocks_text(posted_in_thread(running, event["ts"]))


def test_the_relay_ends_with_the_worker(lifecycle: LocalLifecycleServer) -> None:
    with LocalSlack() as slack:
        first = start_worker(slack, lifecycle)
        [relay] = relays()

        stop_worker(first)

        assert relay not in relays()
        again = start_worker(slack, lifecycle)  # started again: one relay, its own
        try:
            assert len(relays()) == 1
        finally:
            stop_worker(again)
