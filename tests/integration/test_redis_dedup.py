"""`RedisEventDedup` and `RedisNoticeLedger` against a real `redis-server`: claims, expiry,
sharing, corrections, Redis going away and coming back empty."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.dedup.redis import RedisEventDedup, RedisNoticeLedger
from tests.redis_support import RedisServer, free_port, running_redis
from truthexpiry.models.time.change_notices import Claimed, NoticeClaim

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture
def prefix() -> str:
    """A key prefix of each test's own, so tests sharing the server never see each other's IDs."""
    return f"test:{uuid.uuid4().hex[:8]}:"


def test_an_event_is_new_once_then_a_redelivery(redis_server: RedisServer, prefix: str) -> None:
    dedup = RedisEventDedup(redis_server.url, key_prefix=prefix)

    assert dedup.first_time("Ev001")
    assert not dedup.first_time("Ev001")
    assert dedup.first_time("Ev002")
    dedup.close()


def test_only_the_event_id_is_stored_under_the_prefix_with_the_ttl(
    redis_server: RedisServer, prefix: str
) -> None:
    dedup = RedisEventDedup(redis_server.url, key_prefix=prefix, ttl_seconds=300)
    dedup.first_time("Ev0TTL")

    with redis_server.client() as client:
        assert client.keys(f"{prefix}*") == [f"{prefix}Ev0TTL".encode()]
        assert client.get(f"{prefix}Ev0TTL") == b"1"
        assert 290 <= client.ttl(f"{prefix}Ev0TTL") <= 300
    dedup.close()


def test_an_event_id_is_forgotten_after_the_ttl(redis_server: RedisServer, prefix: str) -> None:
    dedup = RedisEventDedup(redis_server.url, key_prefix=prefix, ttl_seconds=1)
    assert dedup.first_time("Ev0EXPIRE")

    deadline = time.monotonic() + 30  # Redis expires keys within a second or so of the TTL
    while not dedup.first_time("Ev0EXPIRE"):
        assert time.monotonic() < deadline, "the key did not expire"
        time.sleep(0.1)
    dedup.close()


def test_two_replicas_sharing_one_redis_claim_each_event_once(
    redis_server: RedisServer, prefix: str
) -> None:
    replicas = [RedisEventDedup(redis_server.url, key_prefix=prefix) for _ in range(2)]
    claims: list[bool] = []
    lock = threading.Lock()

    def claim(replica: RedisEventDedup, event_id: str) -> None:
        result = replica.first_time(event_id)
        with lock:
            claims.append(result)

    threads = [threading.Thread(target=claim, args=(replicas[n % 2], "Ev0RACE")) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=5)

    assert len(claims) == 16
    assert claims.count(True) == 1
    assert not replicas[0].first_time("Ev0RACE")
    assert not replicas[1].first_time("Ev0RACE")
    for replica in replicas:
        replica.close()


def test_with_redis_unreachable_events_are_answered_quickly_and_counted(
    caplog: pytest.LogCaptureFixture,
) -> None:
    unavailable: list[int] = []
    url = f"redis://:pa55word@127.0.0.1:{free_port()}/0"  # nothing listens there
    dedup = RedisEventDedup(url, on_unavailable=lambda: unavailable.append(1))
    caplog.set_level(logging.DEBUG)

    started = time.monotonic()
    assert dedup.first_time("Ev0DOWN")  # better a rare duplicate than a lost question
    # A refused connection is not retried: only waiting out retries or back-off reaches this.
    assert time.monotonic() - started < 10
    # Within the retry window a redelivery to the same replica is still caught, in memory.
    assert not dedup.first_time("Ev0DOWN")
    assert dedup.first_time("Ev0OTHER")

    assert dedup.failures == 1
    assert unavailable == [1]
    assert "Redis unavailable" in caplog.text
    assert "pa55word" not in caplog.text
    assert "Ev0DOWN" not in caplog.text
    dedup.close()


def test_after_a_redis_outage_the_shared_store_is_used_again(tmp_path: Path) -> None:
    port = free_port()
    with running_redis(tmp_path, port) as server:
        dedup = RedisEventDedup(server.url, retry_seconds=0.2)
        other = RedisEventDedup(server.url, retry_seconds=0.2)
        assert dedup.first_time("Ev0BEFORE")
        assert not other.first_time("Ev0BEFORE")

        server.stop()
        assert dedup.first_time("Ev0DURING")
        assert other.first_time("Ev0DURING")  # no shared store: each replica answers
        assert dedup.failures == 1

    with running_redis(tmp_path, port):
        time.sleep(0.3)  # past the retry window
        assert dedup.first_time("Ev0AFTER")
        assert not other.first_time("Ev0AFTER")
        assert dedup.failures == 1
    dedup.close()
    other.close()


def test_during_an_outage_unseen_redeliveries_are_not_answered_but_first_deliveries_are(
    tmp_path: Path,
) -> None:
    port = free_port()
    with running_redis(tmp_path, port) as server:
        answering = RedisEventDedup(server.url, retry_seconds=60)
        other = RedisEventDedup(server.url, retry_seconds=60)
        server.stop()

        assert answering.first_time("Ev0FIRST")  # a first delivery is always answered
        assert not other.first_time("Ev0FIRST", redelivery=True)  # the retry elsewhere is not
        assert not answering.first_time("Ev0FIRST", redelivery=True)  # nor here, seen already
        assert other.dropped_redeliveries == 1
    answering.close()
    other.close()


def test_what_was_answered_during_an_outage_is_claimed_in_redis_afterwards(
    tmp_path: Path,
) -> None:
    port = free_port()
    with running_redis(tmp_path, port) as server:
        dedup = RedisEventDedup(server.url, retry_seconds=0.2)
        server.stop()
        assert dedup.first_time("Ev0OUTAGE")

    with running_redis(tmp_path, port) as server:  # a fresh Redis: it remembers nothing
        time.sleep(0.3)
        other = RedisEventDedup(server.url)
        assert dedup.first_time("Ev0NEXT")  # reaching Redis again writes the outage's claims
        assert not other.first_time("Ev0OUTAGE", redelivery=True)
        other.close()
    dedup.close()


def test_a_change_notice_is_claimed_once_across_replicas_until_released(
    redis_server: RedisServer, prefix: str
) -> None:
    one = RedisNoticeLedger(redis_server.url, ttl_seconds=600, key_prefix=prefix)
    other = RedisNoticeLedger(redis_server.url, ttl_seconds=600, key_prefix=prefix)
    assert one.rebaseline([])

    first = one.claim("LC-101", "f1")
    assert first == Claimed(NoticeClaim.NEW)
    assert other.claim("LC-101", "f1").outcome is NoticeClaim.ANNOUNCED
    assert one.claim("LC-101", "f1").outcome is NoticeClaim.ANNOUNCED
    other.release("LC-101", "f1", first)  # the notice could not be posted: a later try may
    assert one.claim("LC-101", "f1").outcome is NoticeClaim.NEW
    with redis_server.client() as client:
        assert sorted(client.keys(f"{prefix}*")) == [f"{prefix}LC-101".encode()]
        assert client.get(f"{prefix}LC-101") == b"f1"  # a fingerprint: no Slack text
        assert 590 <= client.ttl(f"{prefix}LC-101") <= 600
        assert client.ttl(one.baseline_key) == -1  # the baseline never expires
    one.close()
    other.close()


def test_a_corrected_record_is_claimed_once_as_a_correction(
    redis_server: RedisServer, prefix: str
) -> None:
    one = RedisNoticeLedger(redis_server.url, ttl_seconds=600, key_prefix=prefix)
    other = RedisNoticeLedger(redis_server.url, ttl_seconds=600, key_prefix=prefix)
    one.rebaseline([("LC-101", "f1")])

    correction = one.claim("LC-101", "f2")
    assert correction == Claimed(NoticeClaim.CORRECTED, "f1")
    assert other.claim("LC-101", "f2").outcome is NoticeClaim.ANNOUNCED
    one.release("LC-101", "f2", correction)  # not posted: the earlier fingerprint comes back
    assert other.claim("LC-101", "f2") == Claimed(NoticeClaim.CORRECTED, "f1")
    one.close()
    other.close()


def test_a_redis_that_comes_back_empty_is_known_to_have_lost_its_ledger(tmp_path: Path) -> None:
    port = free_port()
    with running_redis(tmp_path, port) as server:
        ledger = RedisNoticeLedger(server.url, ttl_seconds=600)
        assert ledger.remembers() is False  # a first start: no baseline yet
        assert ledger.claim("LC-101", "f1").outcome is NoticeClaim.LOST
        assert ledger.rebaseline([("LC-101", "f1")])
        assert ledger.remembers() is True
        assert not ledger.rebaseline([("LC-101", "f9")])  # a later look's baseline: refused
        assert ledger.claim("LC-101", "f1").outcome is NoticeClaim.ANNOUNCED
        server.stop()
        assert ledger.remembers() is None  # cannot tell: nothing is posted meanwhile
        assert ledger.claim("LC-101", "f1").outcome is NoticeClaim.UNKNOWN

    with running_redis(tmp_path, port):  # no persistence: it comes back empty
        assert ledger.remembers() is False
        assert ledger.claim("LC-101", "f1").outcome is NoticeClaim.LOST  # not "never announced"
    ledger.close()


def test_without_redis_no_notice_is_claimed(tmp_path: Path) -> None:
    with running_redis(tmp_path, free_port()) as server:
        ledger = RedisNoticeLedger(server.url, ttl_seconds=600)
        server.stop()

        started = time.monotonic()
        assert ledger.claim("LC-101", "f1").outcome is NoticeClaim.UNKNOWN
        assert not ledger.rebaseline([("LC-101", "f1")])
        ledger.release("LC-101", "f1", Claimed(NoticeClaim.NEW))  # logged, not raised
        assert time.monotonic() - started < 10  # neither waits for retries
    ledger.close()
