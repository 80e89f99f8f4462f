"""The worker's copy of the lifecycle server's catalog: fetched once per catalog version, in the
background, and never holding a question longer than its budget.

A large dataset has a large catalog (names and vocabulary), and it changes only when the dataset
does. `CatalogCache.current` returns the last good catalog at once. When a check is due (every
`check_every` seconds, counted only while questions come), it starts one refresh on the
background loop, and questions go on with the catalog they have: the refresh asks for the
served catalog's fingerprint (a few bytes) and fetches the whole catalog only when that differs
from the one held. One refresh runs at a time. A failed refresh keeps the last good catalog and
backs off (`first_retry`, doubling up to `max_backoff`). Only while no catalog has arrived yet
does a question wait for the refresh in flight, and then at most `budget` seconds: the refresh
goes on, so a catalog too large for one question's budget is there for the next.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError
from truthexpiry.models.records.catalog import Catalog

log = logging.getLogger(__name__)

FetchCatalog = Callable[[], Coroutine[Any, Any, Catalog]]
# The fingerprint of the catalog served now; None when the server cannot tell without sending it.
FetchFingerprint = Callable[[], Coroutine[Any, Any, str | None]]


class CatalogCache:
    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        fetch: FetchCatalog,
        fingerprint: FetchFingerprint,
        *,
        check_every: float,
        budget: float,
        first_retry: float = 1.0,
        max_backoff: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._loop = loop
        self._fetch = fetch
        self._fingerprint = fingerprint
        self._check_every = check_every
        self._budget = budget
        self._first_retry = first_retry
        self._max_backoff = max_backoff
        self._clock = clock
        self._lock = threading.Lock()  # questions arrive on many threads; refreshes on the loop
        self._catalog: Catalog | None = None
        self._error: EvidenceUnavailableError | None = None
        self._failures = 0
        self._due = clock()
        self._refresh: Future[None] | None = None
        self._closed = False
        self.fetches = 0  # whole catalogs asked for, for tests and benchmarks
        self.checks = 0  # fingerprints asked for

    def current(self) -> Catalog:
        """The last good catalog; the first one waits at most `budget` seconds.

        Raises `EvidenceUnavailableError` while no catalog has arrived: the refresh's own
        failure, or `EvidenceTimeoutError` when it is still under way after the budget.
        """
        with self._lock:
            refresh = self._start_if_due()
            catalog, error = self._catalog, self._error
        if catalog is not None:
            return catalog
        if refresh is None:  # backing off after a failure, with nothing to serve meanwhile
            raise error or EvidenceUnavailableError("the lifecycle catalog is not available yet")
        return self._first(refresh)

    @property
    def refreshing(self) -> bool:
        """True while a refresh is under way."""
        with self._lock:
            return self._refresh is not None

    def close(self) -> None:
        """Stop the refresh in flight, if any (a closing worker does not wait for a catalog)."""
        with self._lock:
            refresh, self._refresh = self._refresh, None
            self._closed = True
        if refresh is not None:
            refresh.cancel()

    def _start_if_due(self) -> Future[None] | None:
        if self._refresh is None and not self._closed and self._clock() >= self._due:
            self._refresh = asyncio.run_coroutine_threadsafe(self._refreshed(), self._loop)
        return self._refresh

    def _first(self, refresh: Future[None]) -> Catalog:
        try:
            refresh.result(self._budget)
        except FutureTimeout:
            raise EvidenceTimeoutError(
                f"the lifecycle server did not answer within {self._budget:g} s"
            ) from None
        except CancelledError:
            raise EvidenceUnavailableError("the lifecycle client is closing") from None
        with self._lock:
            catalog, error = self._catalog, self._error
        if catalog is None:
            raise error or EvidenceUnavailableError("the lifecycle catalog is not available yet")
        return catalog

    async def _refreshed(self) -> None:
        try:
            newer = await self._newer()
        except EvidenceUnavailableError as error:
            self._failed(error)
        except Exception as error:  # any failure keeps the last good catalog
            self._failed(
                EvidenceUnavailableError(
                    f"the lifecycle catalog could not be read ({type(error).__name__})"
                )
            )
        else:
            self._succeeded(newer)

    async def _newer(self) -> Catalog | None:
        """The served catalog when it is not the one held, else None."""
        held = self._catalog
        if held is not None:
            self.checks += 1
            if await self._fingerprint() == held.fingerprint:
                return None
        self.fetches += 1
        return await self._fetch()

    def _succeeded(self, newer: Catalog | None) -> None:
        with self._lock:
            if newer is not None:
                self._catalog = newer
            self._error, self._failures = None, 0
            self._due = self._clock() + self._check_every
            self._refresh = None

    def _failed(self, error: EvidenceUnavailableError) -> None:
        with self._lock:
            self._error = error
            self._failures += 1
            backoff = min(self._max_backoff, self._first_retry * 2 ** (self._failures - 1))
            self._due = self._clock() + backoff
            self._refresh = None
            held = self._catalog.version if self._catalog is not None else None
        # The reason is content-free (a status, an exception type, a limit), never a token.
        log.warning(
            "lifecycle catalog refresh failed (%d in a row), %s, retry in %.0f s: %s",
            self._failures,
            f"keeping catalog {held}" if held else "no catalog yet",
            backoff,
            error,
        )
