"""`python -m bench`: run every benchmark, print a table of figures against the targets, and
write bench/results.json.

    python -m bench                              everything (about two minutes)
    python -m bench --only pipeline,changes      a subset: pipeline, changes, mcp, e2e, scale,
                                                 big, memory
    python -m bench --quick                      fewer rounds, 1M-record scale skipped
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench import big_datasets, changes, e2e, mcp_lookup, memory, pipeline, scale

RESULTS = Path(__file__).with_name("results.json")
BENCHMARKS = ("pipeline", "changes", "mcp", "e2e", "scale", "big", "memory")
Row = tuple[str, str, str, bool | None]  # figure, value, target, met (None: no target)


def run(name: str, quick: bool) -> Any:
    runners: dict[str, Callable[[], Any]] = {
        "pipeline": lambda: pipeline.main(["--rounds", "20" if quick else "200"]),
        "changes": lambda: changes.main(["--rounds", "10" if quick else "50"]),
        "mcp": lambda: mcp_lookup.main(["--seconds", "1" if quick else "4"]),
        "e2e": lambda: e2e.main(["--scale", "0.2" if quick else "1"]),
        "scale": lambda: scale.main(
            ["--records", "1000,100000" if quick else "1000,100000,1000000"]
        ),
        "big": lambda: big_datasets.main(
            ["--runs", "1", "--server-records", "100000"] if quick else []
        ),
        "memory": lambda: memory.main(["--questions", "2000" if quick else "10000"]),
    }
    return runners[name]()


def rows(results: dict[str, Any]) -> list[Row]:
    table: list[Row] = []
    if p := results.get("pipeline"):
        met = p["claim_median_us"] <= 100
        table.append(
            ("pipeline per claim, median", f"{p['claim_median_us']:.0f} µs", "≤ 100 µs", met)
        )
        table.append(
            (
                "pipeline per question, median / p99",
                f"{p['question_median_us']:.0f} / {p['question_p99_us']:.0f} µs",
                "",
                None,
            )
        )
    if c := results.get("changes"):
        worst = max(c, key=lambda r: r["domain_p99_ms"])
        table.append(
            (
                "change questions, 100k records: slowest median / p99",
                f"{worst['domain_median_ms']:.1f} / {worst['domain_p99_ms']:.1f} ms",
                "< 50 ms",
                worst["domain_p99_ms"] < changes.TARGET_MS,
            )
        )
    for r in results.get("mcp", []):
        target = r["callers"] == 1
        met = r["lookups_per_s"] >= 200 and r["median_ms"] <= 5 if target else None
        table.append(
            (
                f"MCP lookups, {r['callers']:.0f} caller(s): rate, median / p99",
                f"{r['lookups_per_s']:.0f}/s, {r['median_ms']:.2f} / {r['p99_ms']:.2f} ms",
                "≥ 200/s, ≤ 5 ms" if target else "",
                met,
            )
        )
    for r in results.get("mcp", [])[:1]:
        if "over_raw" in r:
            table.append(
                (
                    "MCP lookup: adapter / raw JSON-RPC tools/call",
                    f"{r['adapter_ms']:.2f} / {r['raw_ms']:.2f} ms = {r['over_raw']:.2f}x",
                    "≤ 1.5x",
                    r["over_raw"] <= 1.5,
                )
            )
    for r in results.get("e2e", []):
        target = r["concurrent"] == 20
        table.append(
            (
                f"event → ack, {r['concurrent']} concurrent: median / p99",
                f"{r['ack_median_ms']:.1f} / {r['ack_p99_ms']:.1f} ms",
                "p99 ≤ 50 ms" if target else "",
                r["ack_p99_ms"] <= 50 if target else None,
            )
        )
        table.append(
            (
                f"event → reply, {r['concurrent']} concurrent: median / p99",
                f"{r['reply_median_ms']:.0f} / {r['reply_p99_ms']:.0f} ms",
                "p99 ≤ 250 ms" if target else "",
                r["reply_p99_ms"] <= 250 if target else None,
            )
        )
    for r in results.get("scale", []):
        big = r["records"] >= 1_000_000
        table.append(
            (
                f"{r['records']:,} records: load, retained RSS",
                f"{r['load_s']:.2f} s, {r['retained_mb']:.0f} MB",
                "≤ 10 s" if big else "",
                r["load_s"] <= 10 if big else None,
            )
        )
        table.append(
            (
                f"{r['records']:,} records: lookup median / p99",
                f"{r['lookup_median_us']:.2f} / {r['lookup_p99_us']:.2f} µs",
                "≤ 50 µs",
                r["lookup_p99_us"] <= 50,
            )
        )
    table.extend(_big_rows(results.get("big") or {}))
    if m := results.get("memory"):
        table.append(
            (
                f"worker RSS at rest → after {m['questions']:,} questions",
                f"{m['rss_after_warm_up_mb']:.1f} → {m['rss_after_mb']:.1f} MB "
                f"({m['growth_mb']:+.2f})",
                "growth ≤ 10 MB",
                m["growth_mb"] <= 10,
            )
        )
    return table  # fmt: skip


def _big_rows(big: dict[str, Any]) -> list[Row]:
    table: list[Row] = []
    if a := big.get("ask"):
        ratio = a["ask_s"] / a["json_index_s"]
        table.append(
            (
                f"ask on {a['records']:,} records, whole process: time, peak RSS",
                f"{a['ask_s']:.2f} s ({ratio:.1f}x json.loads + index), {a['ask_peak_mb']:.0f} MB",
                "≤ 5 s, ≤ 400 MB",
                a["ask_s"] <= 5 and a["ask_peak_mb"] <= 400,
            )
        )
    if s := big.get("server"):
        ratio = s["load_s"] / s["json_index_s"]
        table.append(
            (
                f"server load of {s['records']:,} records (x json.loads + index)",
                f"{s['load_s']:.2f} s ({ratio:.1f}x), lookup {s['lookup_median_us']:.0f} µs",
                "≤ 10 s, ≤ 2x, < 1 ms",
                s["load_s"] <= 10 and ratio <= 2 and s["lookup_p99_us"] < 1000,
            )
        )
    return table


def print_table(table: list[Row]) -> None:
    width = max(len(figure) for figure, *_ in table)
    value_width = max(len(value) for _, value, *_ in table)
    print(f"\n{'figure':<{width}}  {'value':<{value_width}}  {'target':<16} met")
    for figure, value, target, met in table:
        verdict = "" if met is None else ("yes" if met else "NO")
        print(f"{figure:<{width}}  {value:<{value_width}}  {target:<16} {verdict}")


def machine() -> dict[str, Any]:
    return {
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": platform.machine(),
        "system": platform.platform(),
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(BENCHMARKS), help="comma-separated subset")
    parser.add_argument("--quick", action="store_true", help="fewer rounds; no 1M records")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = set(chosen) - set(BENCHMARKS)
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(unknown))}")
    results: dict[str, Any] = {"machine": machine(), "quick": args.quick}
    for name in chosen:
        print(f"\n== {name}", flush=True)
        results[name] = run(name, args.quick)
    print_table(rows(results))
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {RESULTS}")
    return results


if __name__ == "__main__":
    main()
