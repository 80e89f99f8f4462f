"""Offline pipeline speed: one question through search, extraction, evidence and labelling.

Runs the public evaluation cases (or the demo questions when the shared set is absent) with the
rules extractor and in-process evidence, and prints median and p99 per question and per claim.
Run: `python -m bench.pipeline [--rounds N]`.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from datetime import date
from pathlib import Path

from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, demo_messages_path, parse_messages
from bootstrap import build_pipeline
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.services.pipeline import TruthExpiryPipeline

SHARED_EVAL = Path(__file__).resolve().parents[1].parent / "shared" / "eval"
DEMO_QUESTIONS = (
    "Is report export still available on Starter?",
    "What is the API rate limit on Starter?",
    "Is the refund window 30 days for Enterprise?",
    "Is SSO login available on Starter?",
    "Is audit log retention 90 days on Enterprise?",
)
AS_OF = date(2026, 11, 30)


def workload() -> list[tuple[TruthExpiryPipeline, TruthExpiryRequest]]:
    extractor = RulesClaimExtractor()
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


def measure(rounds: int) -> dict[str, float]:
    work = workload()
    for pipeline, request in work:  # warm-up: indexes built, code paths hot
        pipeline.run(request)
    per_question: list[float] = []
    per_claim: list[float] = []
    for _ in range(rounds):
        for pipeline, request in work:
            start = time.perf_counter_ns()
            response = pipeline.run(request)
            elapsed = (time.perf_counter_ns() - start) / 1000
            per_question.append(elapsed)
            claims = len(response.verdicts) + len(response.answers)
            per_claim.append(elapsed / max(claims, 1))
    return {
        "questions": len(work),
        "runs": len(per_question),
        "question_median_us": statistics.median(per_question),
        "question_p99_us": _p99(per_question),
        "claim_median_us": statistics.median(per_claim),
        "claim_p99_us": _p99(per_claim),
    }


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    figures = measure(args.rounds)
    print(
        f"offline pipeline, rules extraction — {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}"
    )
    print(f"  {figures['questions']} questions x {args.rounds} rounds = {figures['runs']} runs")
    print(
        f"  per question: median {figures['question_median_us']:8.1f} µs   "
        f"p99 {figures['question_p99_us']:8.1f} µs"
    )
    print(
        f"  per claim:    median {figures['claim_median_us']:8.1f} µs   "
        f"p99 {figures['claim_p99_us']:8.1f} µs   (target: median ≤ 100 µs)"
    )
    return figures


if __name__ == "__main__":
    main()
