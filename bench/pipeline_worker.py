"""One tree's offline pipeline, timed round by round on request: the child side of
`bench/pipeline.py`.

Run as `python -P bench/pipeline_worker.py TREE [EVAL_DIR]`. It imports `bench.pipeline` from
TREE (its own `workload()`, so a pinned older tree builds its pipelines with its own API), runs
the work once to warm up, says how many questions it has, then for every `run` line on stdin
times one pass over every question and answers with one JSON line of `[µs, claims]` pairs.
Standard library only here: everything else is imported from TREE.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any


def main() -> None:
    tree = Path(sys.argv[1]).resolve()
    sys.path.insert(0, str(tree))
    pipeline: Any = importlib.import_module("bench.pipeline")  # the tree's own, any API
    if len(sys.argv) > 2:
        pipeline.SHARED_EVAL = Path(sys.argv[2])  # by default beside the tree
    domain = importlib.import_module("truthexpiry")
    if not Path(domain.__file__ or "").resolve().is_relative_to(tree):
        raise SystemExit(f"truthexpiry came from {domain.__file__}, not from {tree}")
    work = pipeline.workload()
    for runner, request in work:  # warm-up: indexes built, code paths hot
        runner.run(request)
    _say({"questions": len(work)})
    for line in sys.stdin:
        if line.strip() != "run":
            break
        samples = []
        for runner, request in work:
            start = time.perf_counter_ns()
            response = runner.run(request)
            elapsed = (time.perf_counter_ns() - start) / 1000
            samples.append((elapsed, len(response.verdicts) + len(response.answers)))
        _say(samples)


def _say(message: object) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
