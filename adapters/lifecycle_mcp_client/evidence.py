"""`McpLifecycleEvidence`: the `LifecycleEvidence` port over the lifecycle MCP server.

Synchronous, for Bolt's worker threads and the CLI: lookups run on one background event loop
that holds one MCP session. Calls about windows of dates run on a second loop and session of
their own: each such result is larger, and must not hold up the lookups of other questions. At
most `windows_at_once` such calls run at a time (the others wait, within the call's deadline, in
their own threads, using no CPU), so heavy questions share the processor with simple ones
instead of taking it over.

The catalog (names and vocabulary, no Slack content) has a session and an event loop of its
own too, so that a large or stalled catalog never holds up a lookup: it is fetched once per
catalog version and checked every `catalog_check_seconds` in the background
(`catalog_cache.py`); when a refresh fails the last good catalog is kept, so claims can still be
extracted and their lookups report the outage.
"""

from __future__ import annotations

import contextlib
import threading
import time

from mcp_types import CallToolResult

from adapters.background_loop import BackgroundLoop
from adapters.lifecycle_mcp_client.catalog_cache import CatalogCache
from adapters.lifecycle_mcp_client.connection import McpConnection
from adapters.lifecycle_mcp_client.mapper import (
    catalog_from_result,
    evidence_from_result,
    fingerprint_from_result,
    histories_from_result,
    listing_from_result,
)
from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import KeyHistories, RecordListing, RecordSelection

EVIDENCE_TOOL = "get_lifecycle_evidence"
CATALOG_TOOL = "get_claim_catalog"
CATALOG_VERSION_TOOL = "get_catalog_version"
WINDOW_TOOL = "get_records_effective_between"
HISTORIES_TOOL = "get_histories_effective_between"


class McpLifecycleEvidence:
    def __init__(
        self,
        url: str,
        *,
        token: str | None = None,
        timeout: float = 2.0,
        catalog_check_seconds: float = 30.0,
        catalog_timeout: float = 60.0,
        catalog_first_retry: float = 1.0,
        loop: BackgroundLoop | None = None,
        windows_at_once: int = 1,
    ) -> None:
        """`timeout` bounds each lookup, and a question's wait for the first catalog;
        `catalog_timeout` bounds a catalog request, which no question waits for once a catalog
        has arrived."""
        self._owns_loop = loop is None
        self._loop = loop or BackgroundLoop()
        self._timeout = timeout
        self._connection = self._loop.run(_make_connection(url, token, timeout), timeout)
        self._windows_slots = threading.BoundedSemaphore(windows_at_once)
        self._windows_loop = BackgroundLoop(name="lifecycle-mcp-windows")
        self._windows = self._windows_loop.run(_make_connection(url, token, timeout), timeout)
        # The catalog's session runs on a loop of its own: the SDK checks a result against the
        # tool's JSON schema on the loop that received it, which takes seconds for the catalog
        # of a large dataset, and lookups must not wait for that.
        self._catalog_loop = BackgroundLoop("lifecycle-mcp-catalog")
        self._catalog_connection = self._catalog_loop.run(
            _make_connection(url, token, catalog_timeout), timeout
        )
        self._catalogs = CatalogCache(
            self._catalog_loop.loop,
            self._fetch_catalog,
            self._served_fingerprint,
            check_every=catalog_check_seconds,
            budget=timeout,
            first_retry=catalog_first_retry,
        )

    def lookup(self, key: ClaimKey) -> tuple[LifecycleRecord, ...]:
        arguments = {"entity": key.entity, "attribute": key.attribute, "scope": key.scope_dict}
        result = self._loop.run(
            self._connection.call_tool(EVIDENCE_TOOL, arguments), self._deadline()
        )
        return evidence_from_result(result, key)

    def records_between(self, selection: RecordSelection) -> RecordListing:
        """The records effective in the selection's window (the `LifecycleHistory` port)."""
        result = self._on_windows_lane(WINDOW_TOOL, _selection_arguments(selection))
        return listing_from_result(result, selection)

    def histories_between(self, selection: RecordSelection, max_keys: int) -> KeyHistories:
        """Every record of the keys changed in the selection's window, at most `max_keys` keys,
        in one call (the `LifecycleHistory` port)."""
        arguments = _selection_arguments(selection) | {"max_keys": max_keys}
        result = self._on_windows_lane(HISTORIES_TOOL, arguments)
        return histories_from_result(result, selection, max_keys)

    def _on_windows_lane(self, tool: str, arguments: dict[str, object]) -> CallToolResult:
        deadline = self._deadline()
        started = time.monotonic()
        if not self._windows_slots.acquire(timeout=deadline):
            raise EvidenceTimeoutError(
                "the lifecycle server is busy with other questions about changes: ask again"
            )
        try:
            waited = time.monotonic() - started
            call = self._windows.call_tool(tool, arguments)
            return self._windows_loop.run(call, max(deadline - waited, self._timeout))
        finally:
            self._windows_slots.release()

    def catalog(self) -> Catalog:
        """The last good catalog at once; the first waits at most `timeout` seconds."""
        return self._catalogs.current()

    @property
    def catalog_fetches(self) -> int:
        """Whole catalogs asked for so far: one per catalog version, plus retries."""
        return self._catalogs.fetches

    def reachable(self) -> bool:
        """True when the server answers a small request now; for readiness checks, which run every
        half second and so must not fetch the catalog (large datasets make it large)."""
        try:
            self._loop.run(self._connection.ping(), self._deadline())
        except EvidenceUnavailableError:
            return False
        return True

    @property
    def sessions_opened(self) -> int:
        """Sessions opened for lookups so far: one for the life of the worker, plus one per
        recovery (the windows and the catalog have sessions of their own)."""
        return self._connection.sessions_opened

    def close(self) -> None:
        self._catalogs.close()
        sessions = (
            (self._catalog_loop, self._catalog_connection),
            (self._loop, self._connection),
            (self._windows_loop, self._windows),
        )
        try:
            for loop, connection in sessions:
                # A session still waiting on a silent server is stopped with its loop below.
                with contextlib.suppress(EvidenceUnavailableError):
                    loop.run(connection.close(), self._timeout)
        finally:
            self._windows_loop.close()
            self._catalog_loop.close()
            if self._owns_loop:
                self._loop.close()

    def _deadline(self) -> float:
        # Connecting and calling each have `timeout`; the bridge waits for both, then a little.
        return 2 * self._timeout + 0.5

    async def _fetch_catalog(self) -> Catalog:
        return catalog_from_result(await self._catalog_connection.call_tool(CATALOG_TOOL, {}))

    async def _served_fingerprint(self) -> str | None:
        result = await self._catalog_connection.call_tool(CATALOG_VERSION_TOOL, {})
        return fingerprint_from_result(result)


def _selection_arguments(selection: RecordSelection) -> dict[str, object]:
    window = selection.window
    arguments: dict[str, object] = {
        "from_date": window.start.isoformat(),
        "to_date": window.end.isoformat(),
        "scope": dict(selection.scope),
    }
    if selection.entity is not None:
        arguments["entity"] = selection.entity
    if selection.attribute is not None:
        arguments["attribute"] = selection.attribute
    return arguments


async def _make_connection(url: str, token: str | None, timeout: float) -> McpConnection:
    # Built on the background loop so its asyncio primitives belong to that loop.
    return McpConnection(url, token=token, timeout=timeout)
