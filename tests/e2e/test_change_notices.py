"""Changes end to end, on a dataset dated around today: two worker replicas (`python app.py`
processes) sharing one real Redis post exactly one notice per change that comes in after their
first look (none for what was already in the window on a Redis with no baseline, none for a
change older than the window), one for a record a reload brings in already in effect, one
correction for a record corrected in place, and none again after both restart or after Redis
comes back empty; the App Home lists recent and coming changes."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from devtools.lifecycle_server import LocalLifecycleServer
from tests.e2e.test_replicas import start_replica, stop_replicas, worker_environment
from tests.e2e.test_worker import blocks_text
from tests.local_slack import ApiCall, LocalSlack, events
from tests.local_slack.server import PROCESS_START
from tests.redis_support import RedisServer, running_redis

pytestmark = pytest.mark.e2e
REPLICAS = 2
CHANNEL = "C0NOTICES"
TICK = "0.2"  # seconds between looks at the records
QUIET_SECONDS = 1.5  # several ticks of both replicas, in which no second notice may come
TODAY = datetime.now(UTC).date()  # the workers' clock: the system's, in UTC


def day(offset: int) -> str:
    return (TODAY + timedelta(days=offset)).isoformat()


def entry(record_id: str, entity: str, value: str, offset: int, **extra: Any) -> dict[str, Any]:
    return {
        "record_id": record_id,
        "entity": entity,
        "attribute": "availability",
        "scope": {"plan": "starter", "region": "global"},
        "value": value,
        "state": extra.get("state", "SHIPPED"),
        "effective_date": day(offset),
        "supersedes_record_id": extra.get("supersedes"),
    }


RECORDS = [
    entry("EX-1", "report_export", "enabled", -400),
    entry("PRE-1", "audit_log", "enabled", -3),  # in the window before the first look
    entry("DM-1", "dark_mode", "enabled", -20),  # a change older than the notice window
    entry("WH-1", "webhooks", "enabled", 10),  # shipped, takes effect in ten days
    entry("MP-1", "mobile_push", "enabled", 5, state="PLANNED"),
]
# Brought in by reloads once the workers have looked (a reload brings them in already in effect).
ARRIVING = [
    entry("EX-2", "report_export", "disabled", -2, supersedes="EX-1"),
    entry("CX-1", "custom_domains", "enabled", -1),
]
RELOADED = entry("SSO-1", "sso_login", "enabled", -1)
BASELINE_KEY = "truthexpiry:notice-ledger"


def write_dataset(path: Path, records: list[dict[str, Any]], version: str) -> None:
    written = path.with_suffix(".tmp")  # whole or not at all: the server reloads any moment
    written.write_text(json.dumps({"dataset_version": version, "records": records}))
    written.replace(path)


@dataclass
class Notices:
    slack: LocalSlack
    redis: RedisServer
    env: dict[str, str]
    dataset: Path
    logs: list[Path]
    processes: list[subprocess.Popen[bytes]]

    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    versions: int = 0

    def put(self, *records: dict[str, Any]) -> str:
        """Add or correct records (by ID) and reload; the new dataset version."""
        self.records.update((r["record_id"], r) for r in records)
        self.versions += 1
        version = f"notices-{self.versions}"
        write_dataset(self.dataset, list(self.records.values()), version)
        return version

    def wait_for_baseline(self, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        with self.redis.client() as client:
            while not client.exists(BASELINE_KEY):
                assert time.monotonic() < deadline, "no baseline in Redis\n" + self.describe()
                time.sleep(0.05)

    def posted(self) -> list[ApiCall]:
        return [c for c in self.slack.calls_to("chat.postMessage") if c.args["channel"] == CHANNEL]

    def about(self, record_id: str) -> list[ApiCall]:
        return [call for call in self.posted() if record_id in call.args["text"]]

    def wait_for_notice(self, record_id: str, timeout: float = 30) -> ApiCall:
        return self.slack.wait_for_call(
            "chat.postMessage",
            lambda call: call.args["channel"] == CHANNEL and record_id in call.args["text"],
            timeout=timeout,
        )

    def start(self) -> None:
        self.processes = [start_replica(self.env, log) for log in self.logs]
        self.slack.wait_for_open_connections(REPLICAS, timeout=PROCESS_START)

    def stop(self) -> None:
        stop_replicas(self.processes)
        self.processes = []

    def describe(self) -> str:
        return "\n".join(f"--- {log.name}\n{log.read_text(errors='replace')}" for log in self.logs)


@pytest.fixture(scope="module")
def notices(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Notices]:
    directory = tmp_path_factory.mktemp("notices")
    dataset = directory / "records.json"
    write_dataset(dataset, RECORDS, "notices-0")
    with ExitStack() as stack:
        redis = stack.enter_context(running_redis(directory))
        lifecycle = stack.enter_context(
            LocalLifecycleServer(
                dataset, extra_env={"TRUTH_EXPIRY_LIFECYCLE_MCP_RELOAD_SECONDS": "0.2"}
            )
        )
        slack = stack.enter_context(LocalSlack())
        env = worker_environment(slack, lifecycle, redis.url) | {
            "TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL": CHANNEL,
            "TRUTH_EXPIRY_CHANGE_NOTICE_INTERVAL": TICK,
        }
        logs = [directory / f"worker-{n}.log" for n in range(REPLICAS)]
        running = Notices(
            slack, redis, env, dataset, logs, [], {r["record_id"]: r for r in RECORDS}
        )
        stack.callback(running.stop)  # the workers stop before the servers they use
        try:
            running.start()
            running.wait_for_baseline()  # their first look: nothing in the window announced
            running.put(*ARRIVING)
        except AssertionError as error:
            pytest.fail(f"{error}\n{running.describe()}")
        yield running


def test_a_change_in_the_window_is_announced_exactly_once(notices: Notices) -> None:
    notice = notices.wait_for_notice("EX-2")
    time.sleep(QUIET_SECONDS)

    assert len(notices.about("EX-2")) == 1, notices.describe()
    assert "from enabled to disabled" in notice.args["text"]
    assert "Messages that say enabled are now stale" in notice.args["text"]
    assert "Report export" in blocks_text(notice)
    assert notices.about("DM-1") == []  # older than the notice window
    assert notices.about("WH-1") == notices.about("MP-1") == []  # not in effect yet
    with notices.redis.client() as client:
        assert client.exists("truthexpiry:notice:EX-2") == 1


def test_what_was_in_the_window_at_the_first_look_is_not_announced(notices: Notices) -> None:
    notices.wait_for_notice("EX-2")  # looked at since, more than once

    assert notices.about("PRE-1") == [], notices.describe()


def test_a_reload_that_brings_a_record_already_in_effect_is_announced_once(
    notices: Notices,
) -> None:
    notices.wait_for_notice("EX-2")
    version = notices.put(RELOADED)

    notice = notices.wait_for_notice("SSO-1")
    time.sleep(QUIET_SECONDS)

    assert len(notices.about("SSO-1")) == 1, notices.describe()
    assert "there was no authoritative value before" in blocks_text(notice)
    assert f"dataset {version}" in blocks_text(notice)  # the dataset it came in, not an earlier


def test_a_record_corrected_in_place_is_announced_once_as_a_correction(notices: Notices) -> None:
    notices.wait_for_notice("CX-1")
    corrected = notices.records["CX-1"] | {"value": "disabled"}
    version = notices.put(corrected)

    correction = notices.slack.wait_for_call(
        "chat.postMessage",
        lambda call: "CX-1" in call.args["text"] and call.args["text"].startswith("Correction"),
        timeout=15,
    )
    time.sleep(QUIET_SECONDS)

    assert len(notices.about("CX-1")) == 2, notices.describe()  # the notice, the correction
    assert "disabled" in correction.args["text"]
    assert "was corrected after it was announced here" in blocks_text(correction)
    assert f"dataset {version}" in blocks_text(correction)


def test_after_both_replicas_restart_nothing_is_announced_again(notices: Notices) -> None:
    notices.wait_for_notice("EX-2")
    before = len(notices.posted())

    notices.stop()
    notices.start()
    time.sleep(QUIET_SECONDS)

    assert len(notices.posted()) == before, notices.describe()


def test_after_redis_comes_back_empty_nothing_is_announced_again(notices: Notices) -> None:
    notices.wait_for_notice("EX-2")
    notices.wait_for_notice("CX-1")
    before = len(notices.posted())

    notices.redis.stop()
    notices.redis.start()  # no persistence: every claim is gone
    notices.wait_for_baseline()
    time.sleep(QUIET_SECONDS)
    assert len(notices.posted()) == before, notices.describe()

    notices.stop()  # and a replica restart after it repeats nothing either
    notices.start()
    time.sleep(QUIET_SECONDS)
    assert len(notices.posted()) == before, notices.describe()

    notices.put(entry("AFTER-1", "api_keys", "enabled", 0))  # what comes after is announced
    notices.wait_for_notice("AFTER-1")
    time.sleep(QUIET_SECONDS)
    assert len(notices.about("AFTER-1")) == 1, notices.describe()


def test_the_app_home_lists_recent_and_coming_changes(notices: Notices) -> None:
    notices.slack.send_event(events.app_home_opened(user="U0HOME"))

    published = notices.slack.wait_for_call(
        "views.publish", lambda call: call.args["user_id"] == "U0HOME", timeout=30
    )

    view = json.dumps(published.args["view"])
    recent, coming = view.split("Coming up (next 30 days)")
    assert "Recent changes (last 30 days)" in recent
    assert f"*{day(-2)}*" in recent
    assert "EX-2" in recent
    assert "DM-1" in recent  # twenty days ago: a recent change, though too old for a notice
    assert "WH-1, SHIPPED, not yet in effect" in coming
    assert "MP-1, PLANNED: takes effect only if it ships" in coming
