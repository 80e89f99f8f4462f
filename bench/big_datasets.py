"""Big datasets as people meet them, each beside a reference measured in the same run.

- `ask`: `python -m truthexpiry ask` on a generated 240,000-record dataset of 5,000 entities
  (about 50 MB of JSON), as a whole process: wall time and peak RSS. References: the bare
  interpreter (`python -c pass`), and a process that only decodes the file with `json.loads`
  and indexes its records by claim key in a dict (what any loader of the file must do).
- `server`: the lifecycle MCP server's load (`lifecycle_mcp.holder.load_dataset`: JSON,
  validation, the key index, the derived catalog and its wire form) of 1,000,000 records in a
  fresh process, then lookups through the evidence tool's function (the tool minus transport).
  Reference: `json.loads` of the same file plus a dict index by key, and a dict lookup, in
  another fresh process.
Run: `python -m bench.big_datasets [--ask-records N] [--server-records N] [--runs R]`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common.datasets import write_dataset
from bench.common.stats import median, p99, peak_rss_mb
from lifecycle_mcp.holder import load_dataset
from lifecycle_mcp.tools import lifecycle_evidence

ASK_RECORDS = 240_000
SERVER_RECORDS = 1_000_000
ATTRIBUTES, PLANS = 8, 2  # 16 keys an entity: 5,000 entities at 240,000 records
QUESTION = "Is availability enabled for feature_00042 on plan_1?"
LOOKUPS = 20_000
# Decode the file and index its records by claim key: the least any loader of it does.
REFERENCE = """
import json, sys, time
started = time.perf_counter()
document = json.loads(open(sys.argv[1], "rb").read())
index = {}
for r in document["records"]:
    key = (r["entity"], r["attribute"], tuple(sorted(r["scope"].items())))
    index.setdefault(key, []).append(r)
print(json.dumps({"load_s": time.perf_counter() - started, "keys": list(index)[:2000]}))
"""


def whole_process(command: list[str]) -> tuple[float, float, str, float]:
    """Wall time (s), peak RSS (MiB), stdout and CPU time (s, user + system) of one process run
    to its end, measured by `/usr/bin/time` (a child forked from this process would count this
    process's pages). On a shared machine the CPU time is the figure that holds between runs."""
    with tempfile.NamedTemporaryFile("r") as usage:
        started = time.perf_counter()
        child = subprocess.run(
            ["/usr/bin/time", "-o", usage.name, "-f", "%M %U %S", *command],
            capture_output=True,
            check=True,
            timeout=600,
        )
        elapsed = time.perf_counter() - started
        peak_kb, user_s, system_s = map(float, usage.read().split()[-3:])
    return elapsed, peak_kb / 1024, child.stdout.decode(), user_s + system_s


def measure_ask(records: int, runs: int, directory: Path) -> dict[str, Any]:
    path = write_dataset(directory / "ask.json", records, attributes=ATTRIBUTES, plans=PLANS)
    empty = directory / "no_messages.json"
    empty.write_text("[]")
    ask = [sys.executable, "-m", "truthexpiry", "ask", QUESTION, "--json"]
    commands = {
        "ask": [*ask, "--lifecycle-data", str(path), "--messages", str(empty)],
        "json_index": [sys.executable, "-c", REFERENCE, str(path)],
        "interpreter": [sys.executable, "-c", "pass"],
    }
    figures: dict[str, Any] = {"records": records, "file_mb": path.stat().st_size / 2**20}
    for name, command in commands.items():
        samples = [whole_process(command) for _ in range(runs)]
        figures[f"{name}_s"] = median([s[0] for s in samples])
        figures[f"{name}_peak_mb"] = max(s[1] for s in samples)
        figures[f"{name}_cpu_s"] = median([s[3] for s in samples])
    answer = json.loads(whole_process(commands["ask"])[2])
    figures["ask_status"] = answer["verdicts"][0]["status"]  # the answer is checked, not assumed
    return figures


def measure_server(records: int, directory: Path) -> dict[str, Any]:
    path = write_dataset(directory / "server.json", records)
    server = [sys.executable, "-m", "bench.big_datasets", "--child", str(path)]
    _, server_peak, output, _ = whole_process(server)
    _, reference_peak, reference, _ = whole_process([sys.executable, "-c", REFERENCE, str(path)])
    figures: dict[str, Any] = json.loads(output)
    figures.update(
        records=records,
        file_mb=path.stat().st_size / 2**20,
        peak_mb=server_peak,
        json_index_s=json.loads(reference)["load_s"],
        json_index_peak_mb=reference_peak,
    )
    return figures


def child(path: Path) -> dict[str, Any]:
    """In a fresh process: the server's load, then lookups through its evidence tool."""
    started = time.perf_counter()
    dataset = load_dataset(path)
    load_s = time.perf_counter() - started
    keys = list(dataset.repository.claim_keys())
    picks = [keys[(n * 7919) % len(keys)] for n in range(LOOKUPS)]
    tool: list[float] = []
    bare: list[float] = []
    index = dict.fromkeys(keys, ())  # the reference: one dict access
    for key in picks:
        start = time.perf_counter_ns()
        evidence = lifecycle_evidence(dataset, key.entity, key.attribute, key.scope_dict)
        tool.append((time.perf_counter_ns() - start) / 1000)
        assert evidence.records, key
        start = time.perf_counter_ns()
        index.get(key)
        bare.append((time.perf_counter_ns() - start) / 1000)
    return {
        "load_s": load_s,
        "load_peak_mb": peak_rss_mb(),
        "attributes": len(dataset.repository.catalog.attributes),
        "lookup_median_us": median(tool),
        "lookup_p99_us": p99(tool),
        "dict_lookup_median_us": median(bare),
    }


def report(ask: dict[str, Any] | None, server: dict[str, Any] | None) -> None:
    if ask:
        print(f"ask on {ask['records']:,} records ({ask['file_mb']:.0f} MB), whole processes:")
        for name, label in (
            ("ask", "ask"),
            ("json_index", "json.loads + key index"),
            ("interpreter", "python -c pass"),
        ):
            seconds, peak = ask[f"{name}_s"], ask[f"{name}_peak_mb"]
            cpu = ask[f"{name}_cpu_s"]
            print(f"  {label:<24} {seconds:6.2f} s   CPU {cpu:6.2f} s   peak RSS {peak:6.0f} MB")
        print(f"  ask / json.loads + index: {ask['ask_s'] / ask['json_index_s']:.2f}x time, "
              f"{ask['ask_cpu_s'] / ask['json_index_cpu_s']:.2f}x CPU, "
              f"{ask['ask_peak_mb'] / ask['json_index_peak_mb']:.2f}x peak RSS "
              f"(answer: {ask['ask_status']}); targets ≤ 5 s, ≤ 400 MB")  # fmt: skip
    if server:
        print(
            f"server load of {server['records']:,} records ({server['file_mb']:.0f} MB, "
            f"{server['attributes']:,} attributes):"
        )
        seconds, peak = server["load_s"], server["peak_mb"]
        print(f"  load_dataset           {seconds:6.2f} s   peak RSS {peak:6.0f} MB")
        print(
            f"  json.loads + key index {server['json_index_s']:6.2f} s   peak RSS "
            f"{server['json_index_peak_mb']:6.0f} MB"
        )
        print(f"  load / reference: {server['load_s'] / server['json_index_s']:.2f}x (target ≤ 2x)")
        print(f"  lookup through the tool: median {server['lookup_median_us']:.1f} µs, "
              f"p99 {server['lookup_p99_us']:.1f} µs; a dict lookup "
              f"{server['dict_lookup_median_us']:.2f} µs (target < 1 ms)")  # fmt: skip


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ask-records", type=int, default=ASK_RECORDS, help="0: skip")
    parser.add_argument("--server-records", type=int, default=SERVER_RECORDS, help="0: skip")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child)))
        return {}
    with tempfile.TemporaryDirectory() as directory:
        ask = (
            measure_ask(args.ask_records, args.runs, Path(directory)) if args.ask_records else None
        )
        server = (
            measure_server(args.server_records, Path(directory)) if args.server_records else None
        )
    report(ask, server)
    return {"ask": ask, "server": server}


if __name__ == "__main__":
    main()
