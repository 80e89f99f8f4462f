"""The worker's catalog cache on a real background loop, against a scripted server (fetch and
fingerprint coroutines) and a clock the test moves: one fetch per catalog version, refreshes
that never hold a question once a catalog has arrived, and failures that back off."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from adapters.background_loop import BackgroundLoop
from adapters.lifecycle_mcp_client.catalog_cache import CatalogCache
from tests.unit.builders import record
from truthexpiry.catalog.derive import derive_catalog
from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError
from truthexpiry.models.records.catalog import Catalog

V1 = derive_catalog([record("R-1", "enabled")], "v1")
V2 = derive_catalog([record("R-1", "enabled"), record("R-2", "disabled")], "v2")
CHECK_EVERY = 30.0
GENEROUS = 30.0  # seconds: only a hang waits this out


class ScriptedServer:
    """The catalog a server serves; its answers can fail, or stall until released."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.fetches = 0
        self.checks = 0
        self.failure: EvidenceUnavailableError | None = None
        self.released = threading.Event()
        self.released.set()
        self.stalled = threading.Event()  # set when a request is held by `released`

    async def fetch(self) -> Catalog:
        self.fetches += 1
        await self._answer()
        return self.catalog

    async def fingerprint(self) -> str | None:
        self.checks += 1
        await self._answer()
        return self.catalog.fingerprint

    async def _answer(self) -> None:
        if not self.released.is_set():
            self.stalled.set()
            await asyncio.to_thread(self.released.wait, GENEROUS)
        if self.failure is not None:
            raise self.failure


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def loop() -> Iterator[BackgroundLoop]:
    running = BackgroundLoop("catalog-cache-test")
    yield running
    running.close()


def cache_for(
    server: ScriptedServer, loop: BackgroundLoop, clock: Clock, budget: float = GENEROUS
) -> CatalogCache:
    return CatalogCache(
        loop.loop,
        server.fetch,
        server.fingerprint,
        check_every=CHECK_EVERY,
        budget=budget,
        first_retry=5.0,
        max_backoff=40.0,
        clock=clock,
    )


def eventually(condition: Callable[[], bool]) -> None:
    """Wait for an outcome of a refresh in the background; only a hang reaches the limit."""
    deadline = time.monotonic() + GENEROUS
    while not condition():
        assert time.monotonic() < deadline, "the refresh never finished"
        time.sleep(0.01)


def settled(cache: CatalogCache, server: ScriptedServer, checks: int) -> Callable[[], bool]:
    """True once the server has answered `checks` checks and the cache has taken the answer
    in (a refresh no longer in flight lets the next due question start one)."""
    return lambda: server.checks >= checks and cache.refreshing is False


def test_one_fetch_serves_every_question_until_the_catalog_changes(loop: BackgroundLoop) -> None:
    server, clock = ScriptedServer(V1), Clock()
    cache = cache_for(server, loop, clock)

    assert [cache.current() for _ in range(50)] == [V1] * 50
    for checks in (1, 2, 3):  # a check when due, never a fetch while the fingerprint is the same
        clock.now += CHECK_EVERY
        assert cache.current() is V1
        eventually(settled(cache, server, checks))
    assert (server.fetches, server.checks) == (1, 3)

    server.catalog = V2
    clock.now += CHECK_EVERY
    eventually(lambda: cache.current() is V2)
    assert [cache.current() for _ in range(50)] == [V2] * 50
    assert server.fetches == 2


def test_no_check_is_made_before_one_is_due(loop: BackgroundLoop) -> None:
    server, clock = ScriptedServer(V1), Clock()
    cache = cache_for(server, loop, clock)
    cache.current()
    server.catalog = V2

    clock.now += CHECK_EVERY - 1
    assert [cache.current() for _ in range(20)] == [V1] * 20
    assert (server.fetches, server.checks) == (1, 0)


def test_a_stalled_refresh_holds_no_question_and_only_one_refresh_runs(
    loop: BackgroundLoop,
) -> None:
    server, clock = ScriptedServer(V1), Clock()
    cache = cache_for(server, loop, clock)
    cache.current()
    server.catalog, server.released = V2, threading.Event()

    clock.now += CHECK_EVERY
    assert cache.current() is V1
    assert server.stalled.wait(GENEROUS)
    for _ in range(10):  # due all along, but the stalled refresh is the only one
        clock.now += CHECK_EVERY
        assert cache.current() is V1
    assert not server.released.is_set()  # every question above was answered during the stall
    server.released.set()
    eventually(lambda: cache.current() is V2)
    assert (server.fetches, server.checks) == (2, 1)


def test_the_first_question_waits_at_most_its_budget_and_the_fetch_goes_on(
    loop: BackgroundLoop,
) -> None:
    server, clock = ScriptedServer(V1), Clock()
    server.released = threading.Event()
    cache = cache_for(server, loop, clock, budget=0.2)

    with pytest.raises(EvidenceTimeoutError, match=r"within 0\.2 s"):
        cache.current()
    assert not server.released.is_set()  # the question gave up before the server answered
    server.released.set()
    eventually(lambda: cache.refreshing is False)
    assert cache.current() is V1
    assert server.fetches == 1  # the same fetch, finished in the background


def test_a_failed_refresh_keeps_the_last_good_catalog_and_backs_off(loop: BackgroundLoop) -> None:
    server, clock = ScriptedServer(V1), Clock()
    cache = cache_for(server, loop, clock)
    cache.current()
    server.failure = EvidenceUnavailableError("the lifecycle server is unreachable (ConnectError)")

    clock.now += CHECK_EVERY
    attempts: list[int] = []
    for backoff in (5.0, 10.0, 20.0, 40.0, 40.0):  # first_retry doubling, up to max_backoff
        assert cache.current() is V1
        eventually(settled(cache, server, len(attempts) + 1))
        attempts.append(server.checks)
        clock.now += backoff - 0.5
        assert cache.current() is V1
        assert cache.refreshing is False  # not yet due again
        clock.now += 0.5
    assert attempts == [1, 2, 3, 4, 5]

    server.failure = None
    server.catalog = V2
    eventually(lambda: cache.current() is V2)


def test_without_a_catalog_a_failure_is_the_answer_until_the_retry_is_due(
    loop: BackgroundLoop,
) -> None:
    server, clock = ScriptedServer(V1), Clock()
    server.failure = EvidenceUnavailableError("the lifecycle server answered HTTP 401")
    cache = cache_for(server, loop, clock)

    for _ in range(5):  # one attempt; the questions meanwhile get its reason at once
        with pytest.raises(EvidenceUnavailableError, match="HTTP 401"):
            cache.current()
    assert server.fetches == 1

    server.failure = None
    clock.now += 5.0
    assert cache.current() is V1


def test_an_unexpected_error_is_unavailable_evidence_not_a_crash(loop: BackgroundLoop) -> None:
    async def broken() -> Catalog:
        raise KeyError("fingerprint")

    server = ScriptedServer(V1)
    cache = CatalogCache(
        loop.loop, broken, server.fingerprint, check_every=CHECK_EVERY, budget=GENEROUS
    )

    with pytest.raises(EvidenceUnavailableError, match=r"could not be read \(KeyError\)"):
        cache.current()


def test_a_closed_cache_starts_no_refresh(loop: BackgroundLoop) -> None:
    server, clock = ScriptedServer(V1), Clock()
    cache = cache_for(server, loop, clock)
    cache.current()
    cache.close()

    clock.now += CHECK_EVERY
    assert cache.current() is V1
    assert cache.refreshing is False
    assert server.checks == 0
