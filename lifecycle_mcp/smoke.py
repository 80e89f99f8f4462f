"""`python -m lifecycle_mcp.smoke --url URL [--token-env NAME]`: a quick end-to-end check.

Connects with the MCP SDK client, lists the tools, calls `get_claim_catalog`, then asks
`get_lifecycle_evidence` for one key built from the catalog and `get_records_effective_between`
for that entity's records of all time, validating each result against the wire contract. Prints
a short summary and exits 0, or prints what failed and exits 1. The token is read from the named
environment variable and never printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from typing import TypeVar

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult
from pydantic import ValidationError

from lifecycle_mcp.contract import SCHEMA_VERSION, CatalogOut, EvidenceOut, WindowOut

EXPECTED_TOOLS = frozenset(
    {"get_lifecycle_evidence", "get_claim_catalog", "get_records_effective_between"}
)
ALL_TIME = {"from_date": "0001-01-01", "to_date": "9999-12-31"}
ModelT = TypeVar("ModelT", CatalogOut, EvidenceOut, WindowOut)


class SmokeCheckError(Exception):
    """One step of the smoke check failed; the message says which and why."""


async def run_smoke(url: str, token: str | None, timeout: float) -> list[str]:
    """Summary lines of a successful check; raises `SmokeCheckError` otherwise."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=timeout) as http,
        Client(streamable_http_client(url, http_client=http), read_timeout_seconds=timeout) as mcp,
    ):
        listed = {tool.name for tool in (await mcp.list_tools()).tools}
        if missing := EXPECTED_TOOLS - listed:
            raise SmokeCheckError(f"tools/list lacks {', '.join(sorted(missing))}")
        catalog = _structured(await mcp.call_tool("get_claim_catalog", {}), CatalogOut)
        if not catalog.attributes:
            raise SmokeCheckError("the catalog lists no attributes")
        sample = catalog.attributes[0]
        scope = {key: values[0] for key, values in sample.scope_values.items() if values}
        arguments = {"entity": sample.entity, "attribute": sample.attribute, "scope": scope}
        answer = await mcp.call_tool("get_lifecycle_evidence", arguments)
        evidence = _structured(answer, EvidenceOut)
        listed_window = await mcp.call_tool(
            "get_records_effective_between", ALL_TIME | {"entity": sample.entity}
        )
        window = _structured(listed_window, WindowOut)
    return [
        f"tools: {', '.join(sorted(listed))}",
        f"catalog: dataset {catalog.dataset_version}, {len(catalog.entities)} entities, "
        f"{len(catalog.attributes)} attributes",
        f"evidence: {evidence.claim_key} -> {len(evidence.records)} record(s)",
        f"window: {sample.entity}, all time -> {len(window.records)} record(s)"
        + (" (truncated)" if window.truncated else ""),
    ]


def _structured(result: CallToolResult, model: type[ModelT]) -> ModelT:
    name = model.__name__
    if result.is_error:
        raise SmokeCheckError(f"the tool returning {name} reported an error")
    try:
        parsed = model.model_validate(result.structured_content)
    except ValidationError as error:
        raise SmokeCheckError(f"structured content is not a valid {name}: {error}") from None
    if parsed.schema_version != SCHEMA_VERSION:
        raise SmokeCheckError(f"{name} has schema version other than {SCHEMA_VERSION}")
    return parsed


def describe_failure(error: BaseException) -> str:
    """One line for a failure; transport errors arrive wrapped in exception groups."""
    leaves: list[BaseException] = []
    pending: list[BaseException] = [error]
    while pending:
        current = pending.pop()
        if isinstance(current, BaseExceptionGroup):
            pending.extend(current.exceptions)
        else:
            leaves.append(current)
    return "; ".join(_describe_leaf(leaf) for leaf in leaves) or "unknown error"


def _describe_leaf(error: BaseException) -> str:
    if isinstance(error, SmokeCheckError):
        return str(error)
    if isinstance(error, TimeoutError):
        return "no answer in time"
    return f"{type(error).__name__}: {error}"


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m lifecycle_mcp.smoke", description="Smoke-test a lifecycle MCP server."
    )
    parser.add_argument("--url", required=True, help="MCP endpoint, e.g. http://127.0.0.1:8000/mcp")
    parser.add_argument("--token-env", metavar="NAME", help="environment variable holding a token")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per request")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    token = None
    if args.token_env:
        token = os.environ.get(args.token_env, "").strip()
        if not token:
            print(f"smoke: FAILED: environment variable {args.token_env} is empty", file=sys.stderr)
            return 1
    try:
        summary = asyncio.run(asyncio.wait_for(run_smoke(args.url, token, args.timeout), 60))
    except (SmokeCheckError, TimeoutError, httpx2.HTTPError, BaseExceptionGroup) as error:
        print(f"smoke: FAILED: {args.url}: {describe_failure(error)}", file=sys.stderr)
        return 1
    print("smoke: OK")
    for line in summary:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
