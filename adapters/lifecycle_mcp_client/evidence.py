"""`McpLifecycleEvidence`: the `LifecycleEvidence` port over the lifecycle MCP server.

Synchronous, for Bolt's worker threads and the CLI: calls run on one background event loop that
holds one MCP session for lookups. The catalog (names and vocabulary, no Slack content) has a
session and an event loop of its own, so that a large or stalled catalog never holds up a
lookup: it is fetched once per catalog version and checked every `catalog_check_seconds` in the
background (`catalog_cache.py`); when a refresh fails the last good catalog is kept, so claims
can still be extracted and their lookups report the outage.
"""

from __future__ import annotations

from adapters.lifecycle_mcp_client.bridge import BackgroundLoop
from adapters.lifecycle_mcp_client.catalog_cache import CatalogCache
from adapters.lifecycle_mcp_client.connection import McpConnection
from adapters.lifecycle_mcp_client.mapper import (
    catalog_from_result,
    evidence_from_result,
    fingerprint_from_result,
    listing_from_result,
)
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.changes import RecordListing, RecordSelection
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.models.lifecycle import LifecycleRecord

EVIDENCE_TOOL = "get_lifecycle_evidence"
CATALOG_TOOL = "get_claim_catalog"
CATALOG_VERSION_TOOL = "get_catalog_version"
WINDOW_TOOL = "get_records_effective_between"


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
    ) -> None:
        """`timeout` bounds each lookup, and a question's wait for the first catalog;
        `catalog_timeout` bounds a catalog request, which no question waits for once a catalog
        has arrived."""
        self._owns_loop = loop is None
        self._loop = loop or BackgroundLoop()
        self._timeout = timeout
        self._connection = self._loop.run(_make_connection(url, token, timeout), timeout)
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
        call = self._connection.call_tool(WINDOW_TOOL, arguments)
        result = self._loop.run(call, self._deadline())
        return listing_from_result(result, selection)

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
        """Lookup sessions opened so far: one for the life of the worker, plus one per recovery
        (the catalog has a session of its own)."""
        return self._connection.sessions_opened

    def close(self) -> None:
        self._catalogs.close()
        try:
            self._catalog_loop.run(self._catalog_connection.close(), self._timeout)
            self._loop.run(self._connection.close(), self._timeout)
        finally:
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


async def _make_connection(url: str, token: str | None, timeout: float) -> McpConnection:
    # Built on the background loop so its asyncio primitives belong to that loop.
    return McpConnection(url, token=token, timeout=timeout)
