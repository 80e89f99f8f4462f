"""`python -m bench`: run every benchmark, print a table of figures against the targets, write
bench/results.json, and after a full run the generated summary in docs/performance.md.

    python -m bench                              everything (several minutes); docs written
    python -m bench --only pipeline,changes      a subset: pipeline, changes, mcp, e2e, scale,
                                                 big, memory
    python -m bench --quick                      fewer rounds, 1M-record scale skipped
    python -m bench --quick --docs               a subset or quick run written to the docs too
"""

from __future__ import annotations

import argparse
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import big_datasets, changes, e2e, mcp_lookup, memory, pipeline, scale
from bench.summary import machine, markdown, print_table, rows, write_docs

RESULTS = Path(__file__).with_name("results.json")
BENCHMARKS = ("pipeline", "changes", "mcp", "e2e", "scale", "big", "memory")


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


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(BENCHMARKS), help="comma-separated subset")
    parser.add_argument("--quick", action="store_true", help="fewer rounds; no 1M records")
    parser.add_argument("--docs", action="store_true", help="write the docs' summary anyway")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = set(chosen) - set(BENCHMARKS)
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(unknown))}")
    results: dict[str, Any] = {"machine": machine(), "quick": args.quick, "ran": chosen}
    for name in chosen:
        print(f"\n== {name}", flush=True)
        results[name] = run(name, args.quick)
    results["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    table = rows(results)
    print_table(table)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {RESULTS}")
    if args.docs or (chosen == list(BENCHMARKS) and not args.quick):
        write_docs(markdown(results, table))
        print("wrote the generated summary in docs/performance.md")
    return results


if __name__ == "__main__":
    main()
