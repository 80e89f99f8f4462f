"""Lifecycle lookups through the worker's MCP adapter against a real server on loopback.

Starts `python -m lifecycle_mcp.server` on the embedded demo dataset, then measures lookups made
the way the worker makes them (synchronous callers, one shared adapter and session) with 1 and
with 8 concurrent callers. Prints lookups/s, median and p99 latency.
Run: `python -m bench.mcp_lookup [--seconds S]`.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from devtools.lifecycle_server import LocalLifecycleServer
from lifecycle_data.repository import LifecycleRecordRepository

WARM_UP_LOOKUPS = 50


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


def measure(seconds: float) -> list[dict[str, float]]:
    with LocalLifecycleServer() as server:
        adapter = McpLifecycleEvidence(server.url, token=server.token, timeout=5.0)
        try:
            key = next(iter(LifecycleRecordRepository.packaged().claim_keys()))
            for _ in range(WARM_UP_LOOKUPS):
                adapter.lookup(key)
            results = [run_callers(adapter, callers, seconds) for callers in (1, 8)]
            sessions = adapter.sessions_opened
        finally:
            adapter.close()
    for result in results:
        result["sessions_opened"] = sessions
    return results


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per concurrency level")
    args = parser.parse_args(argv)
    results = measure(args.seconds)
    print("lifecycle lookups through the MCP adapter, real server on loopback")
    for r in results:
        print(
            f"  {r['callers']:>2.0f} caller(s): {r['lookups_per_s']:7.0f} lookups/s   "
            f"median {r['median_ms']:6.2f} ms   p99 {r['p99_ms']:6.2f} ms   "
            f"({r['lookups']:.0f} lookups, {r['sessions_opened']:.0f} session)"
        )
    print("  targets: >= 200 lookups/s, median <= 5 ms")
    return results


if __name__ == "__main__":
    main()
