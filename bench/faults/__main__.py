"""`python -m bench.faults`: the worker under load while things break, and what it answered.

Scenarios (each a fresh worker, LocalSlack and lifecycle MCP server on loopback, 150 questions
over about six seconds, the fault starting after 1.5 s):
* mcp_restart: the lifecycle MCP server is stopped, left down 2 s, and started on the same ports.
* socket_drop: the Socket Mode connection is dropped (TCP closed, no close frame).
* slow_mcp: 300 ms of latency on every request to the MCP server (a TCP proxy) for 3 s.
* redis_down: two workers share dedup in Redis; every 5th event is also redelivered to both;
  redis-server is stopped for 3 s, then started again.
* hot_reload: the server serves a 100k-record dataset with hot reload on; the file is replaced
  by a new version (same demo records, every generated value flipped) mid-run.
And two aimed at the lifecycle MCP server itself (see `bench/faults/server_load.py`):
* mcp_flood: half-sent requests and GET streams under an open-file limit of 256, while probes
  and lookups go on;
* mcp_memory: many concurrent requests of the largest size allowed, then 3.8 MB ones; RSS.
And one about cost: heavy_questions (see `bench/faults/heavy_questions.py`): five worst-case change
questions and one simple question at once on 20,000 records; MCP requests per question and
the simple question's latency beside them, as a ratio to its latency alone.
Prints tables and writes bench/faults.json. Run: `python -m bench.faults [--only a,b]`.
"""

from __future__ import annotations

import argparse
import json
import logging
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common.datasets import write_dataset
from bench.common.slack_rig import SlackRig
from bench.faults.fault_load import run_with_fault
from bench.faults.heavy_questions import heavy_questions, report_heavy
from bench.faults.latency_proxy import LatencyProxy
from bench.faults.server_load import mcp_flood, mcp_memory
from devtools.lifecycle_server import LocalLifecycleServer
from tests.redis_support import running_redis

RESULTS = Path(__file__).resolve().parents[1] / "faults.json"  # bench/faults.json, as documented
RELOAD_RECORDS = 100_000
RELOAD_TIMEOUT = 5.0


def mcp_restart() -> dict[str, Any]:
    with LocalLifecycleServer() as lifecycle, SlackRig(lifecycle.url, lifecycle.token) as rig:

        def inject(_: SlackRig) -> float:
            lifecycle.stop()
            time.sleep(2.0)
            lifecycle.start()
            return time.monotonic()

        return run_with_fault(rig, inject)


def socket_drop() -> dict[str, Any]:
    with LocalLifecycleServer() as lifecycle, SlackRig(lifecycle.url, lifecycle.token) as rig:

        def inject(rig: SlackRig) -> float:
            rig.slack.drop_socket()
            return time.monotonic()

        return run_with_fault(rig, inject)


def slow_mcp() -> dict[str, Any]:
    with LocalLifecycleServer() as lifecycle:
        proxy = LatencyProxy(lifecycle.port).start()
        try:
            url = f"http://127.0.0.1:{proxy.port}/mcp"
            with SlackRig(url, lifecycle.token) as rig:

                def inject(_: SlackRig) -> float:
                    proxy.latency = 0.3
                    time.sleep(3.0)
                    proxy.latency = 0.0
                    return time.monotonic()

                return run_with_fault(rig, inject)
        finally:
            proxy.stop()


def redis_down() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as directory, running_redis(Path(directory)) as redis:
        env = {"TRUTH_EXPIRY_DEDUP_REDIS_URL": redis.url}
        with (
            LocalLifecycleServer() as lifecycle,
            SlackRig(lifecycle.url, lifecycle.token, workers=2, extra_env=env) as rig,
        ):

            def inject(_: SlackRig) -> float:
                redis.stop()
                time.sleep(3.0)
                redis.start()
                return time.monotonic()

            return run_with_fault(rig, inject, redeliver_every=5)


def hot_reload() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as directory:
        path = write_dataset(Path(directory) / "records.json", RELOAD_RECORDS, with_demo=True)
        env = {"TRUTH_EXPIRY_LIFECYCLE_MCP_RELOAD_SECONDS": "0.5"}
        with (
            LocalLifecycleServer(path, extra_env=env, start_timeout=60) as lifecycle,
            SlackRig(lifecycle.url, lifecycle.token, extra_env=large_catalog_env(lifecycle)) as rig,
        ):

            def inject(_: SlackRig) -> float:
                write_dataset(path, RELOAD_RECORDS, variant=1, with_demo=True)
                return wait_for_version(lifecycle, "v1")

            return run_with_fault(rig, inject)


def large_catalog_env(lifecycle: LocalLifecycleServer) -> dict[str, str]:
    """A 100k-record catalog (3,351 attributes) takes about 0.9 s to fetch over MCP, so readiness
    uses the server's probe instead of the catalog tool, and lookups get a longer timeout."""
    return {
        "TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_URL": lifecycle.health_url,
        "TRUTH_EXPIRY_LIFECYCLE_MCP_TIMEOUT": str(RELOAD_TIMEOUT),
    }


def wait_for_version(lifecycle: LocalLifecycleServer, suffix: str, timeout: float = 60) -> float:
    """When the server's readiness reports a dataset version ending in `suffix`."""
    import urllib.request  # noqa: PLC0415 - only this scenario polls the probe

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{lifecycle.health_url}/readyz", timeout=1) as response:
                if str(json.loads(response.read()).get("dataset_version", "")).endswith(suffix):
                    return time.monotonic()
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError("the server did not reload the dataset in time")


SCENARIOS: dict[str, Callable[[], dict[str, Any]]] = {
    "mcp_restart": mcp_restart,
    "socket_drop": socket_drop,
    "slow_mcp": slow_mcp,
    "redis_down": redis_down,
    "hot_reload": hot_reload,
    "mcp_flood": mcp_flood,
    "mcp_memory": mcp_memory,
    "heavy_questions": heavy_questions,
}
SERVER_SCENARIOS = ("mcp_flood", "mcp_memory", "heavy_questions")


def report(results: dict[str, dict[str, Any]]) -> None:
    worker = {name: r for name, r in results.items() if name not in SERVER_SCENARIOS}
    if worker:
        report_worker(worker)
    if flood := results.get("mcp_flood"):
        report_flood(flood)
    if memory := results.get("mcp_memory"):
        report_memory(memory)
    if heavy := results.get("heavy_questions"):
        report_heavy(heavy)


def report_flood(r: dict[str, Any]) -> None:
    print(
        f"mcp_flood, {r['seconds']:g} s, {r['flood_connections']} flood connections "
        f"(longest held {r['longest_held_s']:.2f} s), GET answers {r['get_statuses']}\n"
        f"  probes: {r['probes']}, failed {r['probe_failures']}, "
        f"p99 {r['probe_p99_ms']:.0f} ms, max {r['probe_max_ms']:.0f} ms\n"
        f"  lookups: {r['lookups']}, failed {r['lookup_failures']}, "
        f"median {r['lookup_median_ms']:.1f} ms, p99 {r['lookup_p99_ms']:.0f} ms; "
        f"server peak RSS {r['peak_rss_mb']:.0f} MB"
    )


def report_memory(r: dict[str, Any]) -> None:
    print(
        f"mcp_memory, {r['body_bytes']}-byte lookups: {r['statuses']}; "
        f"3.8 MB requests: {r['oversize_statuses']}\n"
        f"  server RSS at rest {r['rss_at_rest_mb']:.0f} MB, peak {r['peak_rss_mb']:.0f} MB, "
        f"after {r['rss_after_mb']:.0f} MB; probes failed {r['probe_failures']}, "
        f"max {r['probe_max_ms']:.0f} ms"
    )


def report_worker(results: dict[str, dict[str, Any]]) -> None:
    print(
        f"{'scenario':<12} {'asked':>5} {'answered':>8} {'exactly 1':>9} {'wrong':>5} "
        f"{'honest UNVERIFIED':>17} {'dupes':>5} {'fault s':>7} {'recover s':>9} {'reply p99':>10}"
    )
    for name, r in results.items():
        recovery = f"{r['recovery_s']:.2f}" if r["recovery_s"] is not None else "—"
        print(
            f"{name:<12} {r['questions']:>5} {r['answered']:>8} {r['answered_exactly_once']:>9} "
            f"{r['wrong']:>5} {r['degraded']:>17} {r['duplicates']:>5} {r['fault_s']:>7.2f} "
            f"{recovery:>9} {r['reply_p99_ms']:>8.0f} ms"
        )


def main(argv: list[str] | None = None) -> dict[str, dict[str, Any]]:
    parser = argparse.ArgumentParser(
        prog="python -m bench.faults", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--only", default=",".join(SCENARIOS), help="comma-separated scenarios")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    results = {}
    for name in args.only.split(","):
        print(f"running {name} ...", flush=True)
        results[name] = SCENARIOS[name]()
    report(results)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {RESULTS}")
    return results


if __name__ == "__main__":
    main()
