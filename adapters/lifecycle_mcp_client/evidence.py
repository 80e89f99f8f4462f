"""`McpLifecycleEvidence`: the `LifecycleEvidence` port over the lifecycle MCP server.

Synchronous, for Bolt's worker threads and the CLI: each call runs in its caller's thread on a
kept HTTP connection (`connection.py`), so lookups from many questions go on side by side and
none waits for another's answer to be parsed. Calls about windows of dates return larger results;
at most `windows_at_once` of them run at a time in the whole worker (the others wait, within the
call's deadline, using no CPU), so questions about changes queue behind each other instead of
taking the processor from simple questions.

The catalog (names and vocabulary, no Slack content) has connections of its own and a longer
timeout, so that a large or stalled catalog never holds up a lookup: it is fetched once per
catalog version and checked every `catalog_check_seconds` in the background
(`catalog_cache.py`); when a refresh fails the last good catalog is kept, so claims can still be
extracted and their lookups report the outage.
"""

from __future__ import annotations

import threading

from adapters.background_loop import BackgroundLoop, in_daemon_thread
from adapters.lifecycle_mcp_client.answers import ToolResult
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
_CALLS = "lifecycle-mcp-catalog-call"


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
        windows_at_once: int = 1,
    ) -> None:
        """`timeout` bounds each lookup, and a question's wait for the first catalog;
        `catalog_timeout` bounds a catalog request, which no question waits for once a catalog
        has arrived."""
        self._timeout = timeout
        self._connection = McpConnection(url, token=token, timeout=timeout)
        self._windows_slots = threading.BoundedSemaphore(windows_at_once)
        self._catalog_connection = McpConnection(url, token=token, timeout=catalog_timeout)
        # Refreshes run on a loop of their own, each call in a daemon thread.
        self._catalog_loop = BackgroundLoop("lifecycle-mcp-catalog")
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
        return evidence_from_result(self._connection.call_tool(EVIDENCE_TOOL, arguments), key)

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

    def _on_windows_lane(self, tool: str, arguments: dict[str, object]) -> ToolResult:
        # The wait for a turn: as long as two calls before it may take, and a little.
        if not self._windows_slots.acquire(timeout=2 * self._timeout + 0.5):
            raise EvidenceTimeoutError(
                "the lifecycle server is busy with other questions about changes: ask again"
            )
        try:
            return self._connection.call_tool(tool, arguments)
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
            self._connection.ping()
        except EvidenceUnavailableError:
            return False
        return True

    @property
    def sessions_opened(self) -> int:
        """Sessions opened for lookups and windows so far: one for the life of the worker,
        plus one per recovery (the catalog has a session of its own)."""
        return self._connection.sessions_opened

    def close(self) -> None:
        self._catalogs.close()
        self._catalog_connection.close()
        self._connection.close()
        self._catalog_loop.close()

    async def _fetch_catalog(self) -> Catalog:
        call = self._catalog_connection.call_tool
        return await in_daemon_thread(lambda: catalog_from_result(call(CATALOG_TOOL, {})), _CALLS)

    async def _served_fingerprint(self) -> str | None:
        call = self._catalog_connection.call_tool
        fetch = lambda: fingerprint_from_result(call(CATALOG_VERSION_TOOL, {}))  # noqa: E731
        return await in_daemon_thread(fetch, _CALLS)


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
