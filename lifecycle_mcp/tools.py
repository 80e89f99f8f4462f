"""The server's five read-only MCP tools, as thin wrappers over plain functions.

`lifecycle_evidence`, `claim_catalog`, `catalog_version`, `records_in_window` and
`histories_in_window` are ordinary functions of a loaded dataset, tested without any transport.
`register_tools` publishes them on an
`MCPServer`: each tool reads the holder's current snapshot once, so a call is answered from
one dataset version even while a reload swaps in the next. Their docstrings are the contract
that MCP clients read.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import Field, WithJsonSchema

from lifecycle_data.record_dates import MAX_KEYS_PER_WINDOW
from lifecycle_mcp.contract import (
    SCHEMA_VERSION,
    CatalogOut,
    CatalogVersionOut,
    EvidenceOut,
    HistoriesOut,
    WindowOut,
    record_out,
)
from lifecycle_mcp.holder import DatasetHolder, LoadedDataset
from lifecycle_mcp.windows import (
    DATE_SCHEMA,
    checked_window,
    histories_in_window,
    records_in_window,
)
from truthexpiry.models.errors import InvalidClaimKeyError
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.time.changes import RecordSelection

READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

MAX_IDENTIFIER = 200
MAX_SCOPE_KEYS = 32
Identifier = Annotated[str, Field(min_length=1, max_length=MAX_IDENTIFIER)]
# The scope's limits are published in the schema but checked by `checked_scope`, so that a
# refusal names a key by its position: pydantic's own message would repeat the key in full.
_SCOPE_SCHEMA = {
    "type": "object",
    "maxProperties": MAX_SCOPE_KEYS,
    "propertyNames": {"minLength": 1, "maxLength": MAX_IDENTIFIER},
    "additionalProperties": {"type": "string", "minLength": 1, "maxLength": MAX_IDENTIFIER},
}
ScopeArgument = Annotated[dict[str, object], WithJsonSchema(_SCOPE_SCHEMA)]
OptionalScope = Annotated[dict[str, object] | None, WithJsonSchema(_SCOPE_SCHEMA)]
DateArgument = Annotated[str, WithJsonSchema(DATE_SCHEMA)]
MaxKeys = Annotated[int, Field(ge=1, le=MAX_KEYS_PER_WINDOW)]


def checked_scope(scope: Mapping[str, object]) -> dict[str, str]:
    """`scope` if it keeps to the published limits; else `ToolError` saying which entry breaks
    them, by position, never repeating the caller's text."""
    if len(scope) > MAX_SCOPE_KEYS:
        raise ToolError(f"invalid scope: {len(scope)} keys, at most {MAX_SCOPE_KEYS} allowed")
    checked: dict[str, str] = {}
    for position, (key, value) in enumerate(scope.items(), start=1):
        if not 1 <= len(key) <= MAX_IDENTIFIER:
            raise ToolError(
                f"invalid scope: key #{position} must be 1 to {MAX_IDENTIFIER} characters"
            )
        if not isinstance(value, str):
            raise ToolError(f"invalid scope: the value of key #{position} must be a string")
        if not 1 <= len(value) <= MAX_IDENTIFIER:
            raise ToolError(
                f"invalid scope: the value of key #{position} must be 1 to {MAX_IDENTIFIER} "
                "characters"
            )
        checked[key] = value
    return checked


def lifecycle_evidence(
    dataset: LoadedDataset, entity: str, attribute: str, scope: Mapping[str, str]
) -> EvidenceOut:
    """Every record for exactly this canonical key, in any state.

    Raises `InvalidClaimKeyError` when an identifier or scope value cannot be canonicalised.
    """
    key = ClaimKey.of(entity, attribute, scope)
    repository = dataset.repository
    return EvidenceOut(
        schema_version=SCHEMA_VERSION,
        dataset_version=repository.version,
        claim_key=key.canonical,
        records=[record_out(record) for record in repository.lookup(key)],
    )


def claim_catalog(dataset: LoadedDataset) -> CatalogOut:
    return dataset.catalog


def catalog_version(dataset: LoadedDataset) -> CatalogVersionOut:
    catalog = dataset.catalog
    return CatalogVersionOut(
        schema_version=SCHEMA_VERSION,
        dataset_version=catalog.dataset_version,
        fingerprint=catalog.fingerprint,
    )


def register_tools(server: MCPServer[Any], holder: DatasetHolder) -> None:
    async def get_lifecycle_evidence(
        entity: Identifier, attribute: Identifier, scope: ScopeArgument
    ) -> EvidenceOut:
        """Return every lifecycle record for one claim key, in any state.

        The key is `entity` + `attribute` + `scope`, canonicalised (lower case; spaces and
        hyphens in identifiers become underscores; scope keys sorted), and matched exactly:
        a record whose scope has more or fewer keys is not returned. Pass every scope key,
        e.g. {"plan": "starter", "region": "global"}; `get_claim_catalog` lists the keys and
        values in use. The records come back with their state (PROPOSED, PLANNED, SHIPPED,
        EFFECTIVE, CANCELLED, REJECTED, DRAFT), effective date and supersession link. This
        tool never decides which value is valid on a date: that is the caller's rule. An
        empty `records` list means the dataset has no record for that key. An identifier that
        cannot be canonicalised, or a scope beyond its limits (32 keys; keys and values of 1
        to 200 characters), is an error.
        """
        checked = checked_scope(scope)
        try:
            return lifecycle_evidence(holder.current, entity, attribute, checked)
        except InvalidClaimKeyError as error:
            raise ToolError(f"invalid claim key: {error}") from None

    async def get_claim_catalog() -> CatalogOut:
        """Describe what can be checked: entities, attributes, scope keys and values, kinds of
        value, units, value vocabulary and aliases. It carries no record values, states or
        dates, so it reveals nothing about which value is current. `fingerprint` changes
        whenever the catalog does; `dataset_version` names the dataset it came from.
        """
        return claim_catalog(holder.current)

    async def get_catalog_version() -> CatalogVersionOut:
        """Name the catalog served now without sending it: its `fingerprint` (the one
        `get_claim_catalog` returns, changing whenever the catalog does) and `dataset_version`.
        A client that holds a catalog fetches it again only when the fingerprint differs.
        """
        return catalog_version(holder.current)

    async def get_records_effective_between(
        from_date: DateArgument,
        to_date: DateArgument,
        entity: Identifier | None = None,
        attribute: Identifier | None = None,
        scope: OptionalScope = None,
    ) -> WindowOut:
        """Return the lifecycle records whose effective date falls between `from_date` and
        `to_date` (YYYY-MM-DD, both days included), in any state, oldest first (effective
        date, then record ID).

        Optionally only those of one `entity` and `attribute` (canonicalised as in
        `get_lifecycle_evidence`), and of the scopes that include every pair in `scope`:
        {"plan": "starter"} selects records scoped plan=starter and region=global too. The
        records come back exactly as the dataset states them, with state, effective date and
        supersession link. This tool lists records; it never decides which value is current,
        nor what a record changed: records before the window, which that depends on, come
        from `get_lifecycle_evidence` for each claim key. At most `max_records` (1000) come
        back; `truncated` says more matched: narrow the window or name an entity. A date that
        is not a day of the calendar, a window that ends before it starts, an identifier that
        cannot be canonicalised, or a scope beyond its limits is an error.
        """
        selection = _selection(from_date, to_date, entity, attribute, scope)
        # In a thread: a wide window over a large dataset must not hold up other requests.
        return await asyncio.to_thread(records_in_window, holder.current, selection)

    async def get_histories_effective_between(
        from_date: DateArgument,
        to_date: DateArgument,
        entity: Identifier | None = None,
        attribute: Identifier | None = None,
        scope: OptionalScope = None,
        *,
        max_keys: MaxKeys = MAX_KEYS_PER_WINDOW,
    ) -> HistoriesOut:
        """Return, in one call, every lifecycle record of each claim key that has a record
        effective between `from_date` and `to_date` (YYYY-MM-DD, both days included): what a
        question about changes in that window needs, including the records before it.

        The window, `entity`, `attribute` and `scope` select keys exactly as
        `get_records_effective_between` selects records. Each key comes back once, with all
        its records in any state and of any date, exactly as the dataset states them; keys in
        order of their first record in the window (effective date, then record ID). This tool
        lists records; it never decides which value is current, nor what changed. At most
        `max_keys` keys (1 to 100, default 100) and 1000 records in all come back, a key's
        records never split; `truncated` says more keys matched: narrow the window or name an
        entity. Invalid arguments are errors, as for `get_records_effective_between`.
        """
        selection = _selection(from_date, to_date, entity, attribute, scope)
        return await asyncio.to_thread(histories_in_window, holder.current, selection, max_keys)

    _add(server, get_lifecycle_evidence, "Lifecycle evidence for one claim key")
    _add(server, get_claim_catalog, "Claim catalog")
    _add(server, get_catalog_version, "Claim catalog version")
    _add(server, get_records_effective_between, "Lifecycle records effective in a window")
    _add(server, get_histories_effective_between, "Histories of the keys changed in a window")


def _selection(
    from_date: str,
    to_date: str,
    entity: str | None,
    attribute: str | None,
    scope: Mapping[str, object] | None,
) -> RecordSelection:
    window = checked_window(from_date, to_date)
    checked = checked_scope(scope or {})
    try:
        return RecordSelection.of(window, entity, attribute, checked)
    except InvalidClaimKeyError as error:
        raise ToolError(f"invalid claim key: {error}") from None


def _add(server: MCPServer[Any], tool: Callable[..., Any], title: str) -> None:
    description = inspect.getdoc(tool)
    server.add_tool(tool, title=title, description=description, annotations=READ_ONLY)
