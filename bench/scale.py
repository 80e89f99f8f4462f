"""Dataset scale: load time, memory and lookup latency for generated datasets.

Each size runs in a fresh interpreter (`python -m bench.scale --records N --child`), so that its
memory figures are its own: the dataset is written to a temporary file, loaded the way the server
loads it (`LifecycleRecordRepository.from_path`: JSON, validation, index, derived catalog), and
looked up by claim key. Beside each load, in the same run: the same file decoded by `json.loads`
and its records indexed by claim key in a process of its own (`bench.big_datasets.REFERENCE`),
the least any loader of it does. Memory is the resident-set growth the loaded repository keeps
(the JSON text and document are freed by then) and the peak RSS during the load.
Run: `python -m bench.scale [--records 1000,100000,1000000]`.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.big_datasets import REFERENCE
from bench.common.datasets import write_dataset
from bench.common.stats import median, p99, peak_rss_mb, rss_mb
from lifecycle_data.repository import LifecycleRecordRepository

SIZES = (1_000, 100_000, 1_000_000)
LOOKUPS = 100_000


def measure_one(records: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as directory:
        path = write_dataset(Path(directory) / "dataset.json", records)
        size_mb = path.stat().st_size / 2**20
        reference = subprocess.run(
            [sys.executable, "-c", REFERENCE, str(path)],
            capture_output=True,
            check=True,
            timeout=600,
        )
        before = rss_mb()
        started = time.perf_counter()
        repository = LifecycleRecordRepository.from_path(path)
        load_s = time.perf_counter() - started
    retained = rss_mb() - before
    keys = list(repository.claim_keys())
    picks = [random.Random(7).choice(keys) for _ in range(LOOKUPS)]
    samples: list[float] = []
    for key in picks:
        start = time.perf_counter_ns()
        repository.lookup(key)
        samples.append((time.perf_counter_ns() - start) / 1000)
    return {
        "records": repository.record_count,
        "file_mb": size_mb,
        "load_s": load_s,
        "json_index_s": json.loads(reference.stdout)["load_s"],
        "retained_mb": retained,
        "peak_rss_mb": peak_rss_mb(),
        "lookup_median_us": median(samples),
        "lookup_p99_us": p99(samples),
        "catalog_attributes": len(repository.catalog.attributes),
    }


def measure(sizes: tuple[int, ...] = SIZES) -> list[dict[str, Any]]:
    results = []
    for records in sizes:
        child = subprocess.run(
            [sys.executable, "-m", "bench.scale", "--records", str(records), "--child"],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
        results.append(json.loads(child.stdout.strip().splitlines()[-1]))
    return results


def report(results: list[dict[str, Any]]) -> None:
    print("dataset scale: load, memory and lookups (a fresh process per size)")
    for r in results:
        print(
            f"  {r['records']:>9,} records ({r['file_mb']:6.1f} MB JSON): load {r['load_s']:6.2f} s"
            f"   retained {r['retained_mb']:7.1f} MB   peak RSS {r['peak_rss_mb']:7.1f} MB"
            f"   lookup median {r['lookup_median_us']:5.2f} µs  p99 {r['lookup_p99_us']:5.2f} µs"
        )
        print(
            f"            json.loads + key index {r['json_index_s']:6.2f} s: load "
            f"{r['load_s'] / r['json_index_s']:.2f}x of it"
        )
    print("  targets: 1M records load within 2x json.loads + a key index, lookups <= 50 µs")


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", default=",".join(map(str, SIZES)))
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sizes = tuple(int(part) for part in args.records.split(","))
    if args.child:
        print(json.dumps(measure_one(sizes[0])))
        return []
    results = measure(sizes)
    report(results)
    return results


if __name__ == "__main__":
    main()
