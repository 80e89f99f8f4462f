"""`McpLifecycleEvidence`: the `LifecycleEvidence` port over the lifecycle MCP server.

Synchronous, for Bolt's worker threads and the CLI: lookups and the catalog run on one
background event loop that holds one MCP session. Calls about windows of dates run on a second
loop and session of their own (opened at the first such call): the SDK checks each result
against the tool's output schema on the loop that received it, which for a change question's
histories takes tens of milliseconds, and must not hold up the lookups of other questions. At
most `windows_at_once` such calls run at a time (the others wait, within the call's deadline, in
their own threads, using no CPU), so heavy questions share the processor with simple ones
instead of taking it over.

The catalog (names and vocabulary, no Slack content) is cached for
`catalog_ttl` seconds; when a refresh fails the last good catalog is kept, so claims can still be
extracted and their lookups report the outage.
"""

from __future__ import annotations

import threading
import time

from mcp_types import CallToolResult

from adapters.lifecycle_mcp_client.bridge import BackgroundLoop
from adapters.lifecycle_mcp_client.connection import McpConnection
from adapters.lifecycle_mcp_client.mapper import (
    catalog_from_result,
    evidence_from_result,
    histories_from_result,
    listing_from_result,
)
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.changes import KeyHistories, RecordListing, RecordSelection
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError
from truthexpiry.models.lifecycle import LifecycleRecord

EVIDENCE_TOOL = "get_lifecycle_evidence"
CATALOG_TOOL = "get_claim_catalog"
WINDOW_TOOL = "get_records_effective_between"
HISTORIES_TOOL = "get_histories_effective_between"


class McpLifecycleEvidence:
    def __init__(
        self,
        url: str,
        *,
        token: str | None = None,
        timeout: float = 2.0,
        catalog_ttl: float = 30.0,
        loop: BackgroundLoop | None = None,
        windows_at_once: int = 1,
    ) -> None:
        self._owns_loop = loop is None
        self._loop = loop or BackgroundLoop()
        self._timeout = timeout
        self._catalog_ttl = catalog_ttl
        self._catalog: Catalog | None = None
        self._catalog_fetched = 0.0
        self._connection = self._loop.run(_make_connection(url, token, timeout), timeout)
        self._windows_slots = threading.BoundedSemaphore(windows_at_once)
        self._windows_loop = BackgroundLoop(name="lifecycle-mcp-windows")
        self._windows = self._windows_loop.run(_make_connection(url, token, timeout), timeout)

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
        fresh = time.monotonic() - self._catalog_fetched < self._catalog_ttl
        if self._catalog is not None and fresh:
            return self._catalog
        try:
            result = self._loop.run(self._connection.call_tool(CATALOG_TOOL, {}), self._deadline())
            self._catalog = catalog_from_result(result)
            self._catalog_fetched = time.monotonic()
        except EvidenceUnavailableError:
            if self._catalog is None:
                raise
        return self._catalog

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
        recovery (the windows' session is counted apart)."""
        return self._connection.sessions_opened

    def close(self) -> None:
        try:
            self._loop.run(self._connection.close(), self._timeout)
            self._windows_loop.run(self._windows.close(), self._timeout)
        finally:
            self._windows_loop.close()
            if self._owns_loop:
                self._loop.close()

    def _deadline(self) -> float:
        # Connecting and calling each have `timeout`; the bridge waits for both, then a little.
        return 2 * self._timeout + 0.5


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
