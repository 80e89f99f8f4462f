"""Lifecycle lookups through the worker's MCP adapter against a real server on loopback, beside
the server's own tool call over raw JSON-RPC and a bare loopback HTTP round trip.

Starts `python -m lifecycle_mcp.server` on the embedded demo dataset, then measures, in one run:
* per lookup, one caller, in interleaved rounds: the adapter (`McpLifecycleEvidence.lookup`, a
  synchronous caller as in the worker); the same `tools/call` posted on a keep-alive
  `http.client` connection with the headers the adapter sends, its JSON parsed and nothing
  checked (the reference); and a GET of the server's `/healthz` probe on another keep-alive
  connection (a bare loopback round trip); medians and the ratios to the reference;
* lookups with 1 and with 8 concurrent callers through the adapter: lookups/s, median, p99.
Run: `python -m bench.mcp_lookup [--seconds S] [--rounds R]`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from devtools.lifecycle_server import LocalLifecycleServer
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.records.claim_key import ClaimKey

WARM_UP_LOOKUPS = 50
PER_ROUND = 40
PROTOCOL_VERSION = "2026-07-28"


class RawToolCall:
    """One `tools/call` per call on a keep-alive connection, as the adapter sends it."""

    def __init__(self, url: str, token: str) -> None:
        parts = urlsplit(url)
        self._path = parts.path
        self._connection = http.client.HTTPConnection(parts.hostname or "", parts.port)
        self._headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
            "MCP-Protocol-Version": PROTOCOL_VERSION,
            "Mcp-Method": "tools/call",
            "Mcp-Name": "get_lifecycle_evidence",
        }
        self._id = 0

    def lookup(self, key: ClaimKey) -> dict[str, Any]:
        self._id += 1
        arguments = {"entity": key.entity, "attribute": key.attribute, "scope": key.scope_dict}
        params = {
            "name": "get_lifecycle_evidence",
            "arguments": arguments,
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
                "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "0"},
                "io.modelcontextprotocol/clientCapabilities": {},
            },
        }
        body = {"jsonrpc": "2.0", "id": self._id, "method": "tools/call", "params": params}
        answer: dict[str, Any] = json.loads(
            _exchange(self._connection, "POST", self._path, json.dumps(body), self._headers)
        )
        if "result" not in answer or answer["result"].get("isError"):
            raise RuntimeError("the raw tool call failed")
        return answer

    def close(self) -> None:
        self._connection.close()


class BareRoundTrip:
    """A GET of the server's liveness probe on a keep-alive connection."""

    def __init__(self, health_url: str) -> None:
        parts = urlsplit(health_url)
        self._connection = http.client.HTTPConnection(parts.hostname or "", parts.port)

    def get(self, _: ClaimKey) -> None:
        _exchange(self._connection, "GET", "/healthz")

    def close(self) -> None:
        self._connection.close()


def _exchange(
    connection: http.client.HTTPConnection,
    method: str,
    path: str,
    body: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """One request and its response body; once more on a new connection when the server had
    closed the idle one (as the adapter's connection pool does)."""
    for attempt in (1, 2):
        try:
            connection.request(method, path, body, headers or {})
            return connection.getresponse().read()
        except (ConnectionError, http.client.RemoteDisconnected):
            connection.close()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def per_lookup(
    ways: dict[str, Callable[[ClaimKey], object]], keys: list[ClaimKey], rounds: int
) -> dict[str, float]:
    """Each way's median time per call, in milliseconds, the ways taking turns round by round
    so that a change in the machine's load falls on all of them alike."""
    samples: dict[str, list[float]] = {name: [] for name in ways}
    for round_number in range(rounds):
        for name, way in ways.items():
            for index in range(PER_ROUND):
                key = keys[(round_number * PER_ROUND + index) % len(keys)]
                start = time.perf_counter()
                way(key)
                samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) * 1000 for name, values in samples.items()}


def run_callers(adapter: McpLifecycleEvidence, callers: int, seconds: float) -> dict[str, float]:
    keys = list(LifecycleRecordRepository.packaged().claim_keys())
    latencies: list[list[float]] = [[] for _ in range(callers)]
    deadline = time.monotonic() + seconds

    def caller(samples: list[float], offset: int) -> None:
        index = offset
        while time.monotonic() < deadline:
            start = time.perf_counter()
            adapter.lookup(keys[index % len(keys)])
            samples.append(time.perf_counter() - start)
            index += 1

    threads = [threading.Thread(target=caller, args=(latencies[i], i)) for i in range(callers)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    samples = [s for per_caller in latencies for s in per_caller]
    return {
        "callers": callers,
        "lookups": len(samples),
        "lookups_per_s": len(samples) / elapsed,
        "median_ms": statistics.median(samples) * 1000,
        "p99_ms": statistics.quantiles(samples, n=100)[98] * 1000,
    }


def measure(seconds: float, rounds: int) -> tuple[dict[str, float], list[dict[str, float]]]:
    keys = list(LifecycleRecordRepository.packaged().claim_keys())
    with LocalLifecycleServer() as server:
        adapter = McpLifecycleEvidence(server.url, token=server.token, timeout=5.0)
        raw, bare = RawToolCall(server.url, server.token), BareRoundTrip(server.health_url)
        try:
            ways: dict[str, Callable[[ClaimKey], object]] = {
                "adapter": adapter.lookup,
                "raw": raw.lookup,
                "bare": bare.get,
            }
            for way in ways.values():
                for key in keys[:1] * WARM_UP_LOOKUPS:
                    way(key)
            medians = per_lookup(ways, keys, rounds)
            results = [run_callers(adapter, callers, seconds) for callers in (1, 8)]
            sessions = adapter.sessions_opened
        finally:
            raw.close()
            bare.close()
            adapter.close()
    for result in results:
        result["sessions_opened"] = sessions
    return medians, results


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per concurrency level")
    parser.add_argument("--rounds", type=int, default=25, help=f"of {PER_ROUND} calls each way")
    args = parser.parse_args(argv)
    medians, results = measure(args.seconds, args.rounds)
    adapter, raw, bare = medians["adapter"], medians["raw"], medians["bare"]
    load = os.getloadavg()[0]
    print(f"lifecycle lookups through the MCP adapter, real server on loopback (load {load:.2f})")
    print(
        f"  per lookup, 1 caller, {args.rounds} interleaved rounds of {PER_ROUND}: adapter "
        f"{adapter:.2f} ms, raw JSON-RPC tools/call {raw:.2f} ms (reference), bare loopback "
        f"round trip {bare:.2f} ms\n"
        f"  adapter / raw {adapter / raw:.2f}x (target <= 1.5x), raw / bare {raw / bare:.2f}x"
    )
    for r in results:
        print(
            f"  {r['callers']:>2.0f} caller(s): {r['lookups_per_s']:7.0f} lookups/s   "
            f"median {r['median_ms']:6.2f} ms   p99 {r['p99_ms']:6.2f} ms   "
            f"({r['lookups']:.0f} lookups, {r['sessions_opened']:.0f} session)"
        )
    print("  targets: >= 200 lookups/s, median <= 5 ms")
    results[0] |= {
        "adapter_ms": adapter,
        "raw_ms": raw,
        "bare_ms": bare,
        "over_raw": adapter / raw,
        "load": load,
    }
    return results


if __name__ == "__main__":
    main()
