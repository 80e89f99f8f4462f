"""Offline pipeline speed: one question through search, extraction, evidence and labelling,
beside the pinned reference tree (92bc550) measured in the same run.

Runs the public evaluation cases (or the demo questions when the shared set is absent) with the
rules extractor and in-process evidence. The current tree and the reference tree (extracted
from this repository's history with `git archive`) each run in a child process of their own
(`bench/pipeline_worker.py`), and the rounds alternate between them, so that whatever else the
machine is doing falls on both alike; the ratio is the figure to compare. Without the git
history (an exported copy, a shallow clone) the current tree's figures are printed alone.
Run: `python -m bench.pipeline [--rounds N] [--no-reference]`.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
from datetime import date
from pathlib import Path
from typing import IO, Any

from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, demo_messages_path, parse_messages
from bench.common.stats import median, p99
from bootstrap import build_pipeline
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.services.pipeline import TruthExpiryPipeline

ROOT = Path(__file__).resolve().parents[1]
SHARED_EVAL = ROOT.parent / "shared" / "eval"
REFERENCE = "92bc550"  # the tree before typed values, clause binding and time questions
TARGET_CLAIM_US = 100
DEMO_QUESTIONS = (
    "Is report export still available on Starter?",
    "What is the API rate limit on Starter?",
    "Is the refund window 30 days for Enterprise?",
    "Is SSO login available on Starter?",
    "Is audit log retention 90 days on Enterprise?",
)
AS_OF = date(2026, 11, 30)


def workload() -> list[tuple[TruthExpiryPipeline, TruthExpiryRequest]]:
    """The questions and their pipelines, built with this tree's API (the reference tree's
    worker calls its own `workload`)."""
    extractor = RulesClaimExtractor()  # the rules alone, as the worker runs them by default
    cases = SHARED_EVAL / "cases.jsonl"
    if cases.exists():
        repository = LifecycleRecordRepository.from_path(SHARED_EVAL / "lifecycle_records.json")
        evidence = InProcessLifecycleEvidence(repository)
        work = []
        for line in cases.read_text().splitlines():
            case = json.loads(line)
            search = CorpusMessageSearch(parse_messages(case["messages"]))
            pipeline = build_pipeline(search=search, evidence=evidence, extractor=extractor)
            as_of = date.fromisoformat(case["as_of"])
            work.append((pipeline, TruthExpiryRequest(case["question"], as_of=as_of)))
        return work
    evidence = InProcessLifecycleEvidence(LifecycleRecordRepository.packaged())
    search = CorpusMessageSearch.from_path(demo_messages_path())
    pipeline = build_pipeline(search=search, evidence=evidence, extractor=extractor)
    return [(pipeline, TruthExpiryRequest(q, as_of=AS_OF)) for q in DEMO_QUESTIONS]


class Worker:
    """A child process running one tree's workload, one timed pass per `run()`."""

    def __init__(self, tree: Path) -> None:
        command = [sys.executable, "-P", str(ROOT / "bench" / "pipeline_worker.py"), str(tree)]
        self._process = subprocess.Popen(
            [*command, str(SHARED_EVAL)],
            cwd=tree,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.questions = int(self._read()["questions"])
        self.samples: list[tuple[float, int]] = []

    def run(self) -> None:
        self._write("run\n")
        self.samples.extend((float(us), int(claims)) for us, claims in self._read())

    def close(self) -> None:
        self._write("stop\n")
        self._process.wait(timeout=30)

    def _write(self, line: str) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(line)
        self._process.stdin.flush()

    def _read(self) -> Any:
        stdout: IO[str] | None = self._process.stdout
        line = stdout.readline() if stdout else ""
        if not line:
            raise RuntimeError(f"the benchmark worker stopped (exit {self._process.wait()})")
        return json.loads(line)


def reference_tree(into: Path) -> tuple[Path | None, str]:
    """The reference commit's files extracted under `into`, or None and why not."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", REFERENCE],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        stderr = getattr(error, "stderr", b"") or b""
        reason = stderr.decode(errors="replace").strip() or str(error)
        return None, f"git archive {REFERENCE} failed: {reason.splitlines()[0]}"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into, f"{REFERENCE} (git archive)"


def figures(samples: list[tuple[float, int]]) -> dict[str, float]:
    per_question = [us for us, _ in samples]
    per_claim = [us / max(claims, 1) for us, claims in samples]
    return {
        "runs": len(samples),
        "question_median_us": median(per_question),
        "question_p99_us": p99(per_question),
        "claim_median_us": median(per_claim),
        "claim_p99_us": p99(per_claim),
        "claims": sum(claims for _, claims in samples),
    }


def measure(rounds: int, *, reference: bool = True) -> dict[str, Any]:
    """Both trees, rounds alternating which goes first; the current tree alone when the
    reference tree cannot be had (or `reference` is False)."""
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-reference-") as temporary:
        tree, source = reference_tree(Path(temporary)) if reference else (None, "not asked for")
        current = Worker(ROOT)
        workers = [current]
        pinned = Worker(tree) if tree is not None else None
        if pinned is not None:
            workers.append(pinned)
        try:
            for round_number in range(rounds):
                for worker in workers if round_number % 2 == 0 else workers[::-1]:
                    worker.run()
        finally:
            for worker in workers:
                worker.close()
    result: dict[str, Any] = {
        "questions": current.questions,
        "rounds": rounds,
        **figures(current.samples),
        "reference_source": source,
        "reference": figures(pinned.samples) if pinned is not None else None,
        "load_average": [round(x, 2) for x in (*load_before, *os.getloadavg())],
    }
    if pinned is not None:
        ref = result["reference"]
        result["claim_ratio"] = result["claim_median_us"] / ref["claim_median_us"]
        result["question_ratio"] = result["question_median_us"] / ref["question_median_us"]
    return result


def report(result: dict[str, Any]) -> None:
    load = result["load_average"]
    print(
        f"offline pipeline, rules extraction — {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {load[0]:.2f} before, {load[3]:.2f} after"
    )
    print(f"  {result['questions']} questions x {result['rounds']} rounds, trees alternating")
    trees = [("current", result)]
    if result["reference"] is not None:
        trees.append((REFERENCE, result["reference"]))
    else:
        print(f"  reference tree unavailable ({result['reference_source']}): current tree alone")
    for name, f in trees:
        print(
            f"  {name:>8}: per question median {f['question_median_us']:7.1f} µs "
            f"p99 {f['question_p99_us']:7.1f} µs | per claim median {f['claim_median_us']:7.1f} "
            f"µs p99 {f['claim_p99_us']:7.1f} µs ({f['claims']} claims)"
        )
    if result["reference"] is not None:
        print(
            f"  current / {REFERENCE}: per claim {result['claim_ratio']:.2f}x, "
            f"per question {result['question_ratio']:.2f}x   (target: per claim ≤ 1.0x; "
            f"median ≤ {TARGET_CLAIM_US} µs on a quiet machine)"
        )


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--no-reference", action="store_true", help="the current tree alone")
    args = parser.parse_args(argv)
    result = measure(args.rounds, reference=not args.no_reference)
    report(result)
    return result


if __name__ == "__main__":
    main()
