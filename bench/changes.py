"""Change questions on a 100k-record dataset: how long our own code takes to answer them.

The dataset is generated with histories spread over five years (`common/dated_records.py`):
a first value, then changes at random later dates (re-enables among them), now and then a
same-day conflict, and a PLANNED record ahead. Each question is read by the time reader; the
histories of its window's keys come from the repository in one call, at most 25 keys (in
process, as the worker's offline evidence does), and transitions (or upcoming changes, or a
period verdict) are computed by the labeler. Two figures per question, median and p99 over
the rounds:

- domain: reading the question and the computation from the window's records (`transitions`,
  `upcoming`, or `label` and `changes_in_period` as the pipeline judges a period), given the
  histories: the target is under 50 ms;
- in process: the same, plus fetching the window's histories;
- pipeline: the whole `TruthExpiryPipeline.run` on the question (time and subjects read from
  it, claims extracted by the rules, the listing, lookups and labeller), with no messages. The
  subjects it reads must be the ones each case names.
- plain Python, the reference: the same window answered by a straightforward loop over the
  loaded records (every record compared with the window and the names, the first keys picked
  in date order up to the same cap, each key's history from a dict, its value changes counted
  in a loop). The in-process and pipeline figures are printed as ratios to it (target: 3x).

A window that holds more records than a listing hands out (1000) is cut at 1000, as over MCP.
The dataset is frozen out of the garbage collector once loaded (it lives in the lifecycle server,
not in the worker that answers): otherwise a full collection over 100k records, now and then,
is timed as part of whichever question it falls in (p99 70 to 130 ms).
Run: `python -m bench.changes [--records N] [--rounds N]`.
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any

from adapters.offline.evidence import InProcessLifecycleEvidence
from bench.common.dated_records import AS_OF, dated_records
from bench.common.stats import median, p99
from bootstrap import build_pipeline, corpus_search
from lifecycle_data.dataset import parse_dataset
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.answering.claims import Claim, ClaimSource
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.time.changes import ChangeSubject, KeyHistories, RecordSelection
from truthexpiry.models.time.periods import TimeQuestion, TimeReading
from truthexpiry.reading.time.phrases import read_time
from truthexpiry.rules.labeler import label
from truthexpiry.rules.resolution import resolve
from truthexpiry.services.pipeline import TruthExpiryPipeline
from truthexpiry.text.tokens import sentences
from truthexpiry.time.evidence import MAX_KEYS_PER_QUESTION
from truthexpiry.time.transitions import changes_in_period, transitions, upcoming

TARGET_MS = 50.0
# (question, entity, attribute, scope): what the pipeline would read from the question's names.
Case = tuple[str, str | None, str | None, dict[str, str]]
QUESTIONS: tuple[Case, ...] = (
    ("What changed for plan_3 since October?", None, None, {"plan": "plan_3"}),
    ("What changed recently?", None, None, {}),
    ("What changed over the past two years?", None, None, {}),
    ("Any changes to the rate limit this year?", None, "rate_limit", {}),
    ("What changed for feature_00042 in the last two years?", "feature_00042", None, {}),
    ("What's coming for plan_7 next month?", None, None, {"plan": "plan_7"}),
    ("Is anything planned?", None, None, {}),
    ("Was availability on for feature_00042 plan_3 in March 2025?", "feature_00042", "availability",
     {"plan": "plan_3"}),
)  # fmt: skip


def answer(
    reading: TimeReading,
    histories: dict[ClaimKey, tuple[Any, ...]],
    key: ClaimKey | None,
) -> int:
    """The domain computation for one question; returns how many items the answer lists."""
    if reading.kind is TimeQuestion.CHANGES:
        return len(transitions(histories, reading.window))
    if reading.kind is TimeQuestion.UPCOMING:
        return len(upcoming(histories, reading.window, AS_OF))
    assert key is not None
    # as the pipeline does: the claim labelled on the day the question names, then the changes
    # inside the period from the verdict's records
    claim = Claim(key.entity, key.attribute, key.scope, "enabled", ClaimSource.QUESTION)
    verdict = label(claim, resolve(key, histories.get(key, ()), reading.judge_on))
    changes = changes_in_period({key: verdict.timeline}, reading.window, reading.judge_on)
    return 1 + len(changes)


def plain_answer(records: list[LifecycleRecord], by_key: dict[ClaimKey, list[LifecycleRecord]],
                 case: Case, reading: TimeReading) -> int:  # fmt: skip
    """The reference: the window's answer by a plain loop over every loaded record."""
    _, entity, attribute, scope = case
    start, end = reading.window.start, reading.window.end
    pairs = set(scope.items())
    picked = [
        r for r in records
        if (start is None or r.effective_date >= start) and (end is None or r.effective_date <= end)
        and entity in (None, r.key.entity) and attribute in (None, r.key.attribute)
        and pairs <= set(r.key.scope)
    ]  # fmt: skip
    picked.sort(key=lambda r: r.effective_date)
    keys = list(dict.fromkeys(r.key for r in picked))[:MAX_KEYS_PER_QUESTION]
    chosen = set(picked)
    items = 0
    for key in keys:
        history = sorted(by_key[key], key=lambda r: r.effective_date)
        if reading.kind is TimeQuestion.UPCOMING:
            items += sum(r.state is LifecycleState.PLANNED and r in chosen for r in history)
            continue
        last = None
        for record in history:
            if record.state.is_authoritative and record.effective_date <= AS_OF:
                inside = start is None or record.effective_date >= start
                items += inside and last is not None and record.value != last
                last = record.value
    return items


def _plain(case: Case, repository: LifecycleRecordRepository, rounds: int) -> dict[str, Any]:
    records = [r for key in repository.claim_keys() for r in repository.lookup(key)]
    by_key: dict[ClaimKey, list[LifecycleRecord]] = {}
    for record in records:
        by_key.setdefault(record.key, []).append(record)
    times: list[float] = []
    for _ in range(rounds + 1):
        started = time.perf_counter()
        reading = read_time(sentences(case[0]), AS_OF)
        assert reading is not None
        plain_answer(records, by_key, case, reading)
        times.append((time.perf_counter() - started) * 1000)
    return {"plain_median_ms": median(times[1:]), "plain_p99_ms": p99(times[1:])}


def measure(count: int, rounds: int) -> list[dict[str, Any]]:
    document = {"dataset_version": f"changes-{count}", "records": dated_records(count)}
    repository = LifecycleRecordRepository(parse_dataset(document).records, f"changes-{count}")
    evidence = InProcessLifecycleEvidence(repository)
    pipeline = build_pipeline(search=corpus_search([]), evidence=evidence)
    # The dataset lives in the lifecycle server, not beside the worker's questions: kept out of
    # the collector here, so that a full collection of 100k records is not timed as a question.
    gc.collect()
    gc.freeze()
    return [
        {
            **_one(case, evidence, rounds),
            **_through_pipeline(case, pipeline, rounds),
            **_plain(case, repository, rounds),
        }
        for case in QUESTIONS
    ]


def _through_pipeline(case: Case, pipeline: TruthExpiryPipeline, rounds: int) -> dict[str, Any]:
    question, entity, attribute, scope = case
    request = TruthExpiryRequest(question, as_of=AS_OF)
    times: list[float] = []
    for _ in range(rounds + 1):
        started = time.perf_counter()
        response = pipeline.run(request)
        times.append((time.perf_counter() - started) * 1000)
    assert response.time is not None, question
    if response.time.kind is not TimeQuestion.AS_OF:
        named = (entity, attribute, scope)
        expected = (
            () if named == (None, None, {}) else (ChangeSubject(*named[:2], tuple(scope.items())),)
        )
        assert response.time.subjects == expected, (question, response.time.subjects)
    return {"pipeline_median_ms": median(times[1:]), "pipeline_p99_ms": p99(times[1:])}


def _one(case: Case, evidence: InProcessLifecycleEvidence, rounds: int) -> dict[str, Any]:
    question, entity, attribute, scope = case
    key = ClaimKey.of(entity, attribute, scope) if entity and attribute else None
    domain: list[float] = []
    whole: list[float] = []
    reading = read_time(sentences(question), AS_OF)
    assert reading is not None, question
    for _ in range(rounds + 1):  # the first round builds the date index and warms caches
        started = time.perf_counter()
        reading = read_time(sentences(question), AS_OF) or reading
        read = time.perf_counter()
        found = _evidence(reading, evidence, case)
        fetched = time.perf_counter()
        items = answer(reading, dict(found.histories), key)
        done = time.perf_counter()
        domain.append((read - started + done - fetched) * 1000)
        whole.append((done - started) * 1000)
    return {
        "question": question,
        "kind": reading.kind.value,
        "window": f"{reading.window.start} .. {reading.window.end}",
        "listed": sum(len(records) for records in found.histories.values()),
        "truncated": found.truncated,
        "keys": len(found.histories),
        "items": items,
        "domain_median_ms": median(domain[1:]),
        "domain_p99_ms": p99(domain[1:]),
        "in_process_median_ms": median(whole[1:]),
        "in_process_p99_ms": p99(whole[1:]),
    }


def _evidence(
    reading: TimeReading, evidence: InProcessLifecycleEvidence, case: Case
) -> KeyHistories:
    """The window's histories (one call, as the pipeline makes it), or for a claim judged as of
    a period its key's whole history."""
    _, entity, attribute, scope = case
    selection = RecordSelection.of(reading.window, entity, attribute, scope)
    if reading.kind is TimeQuestion.AS_OF and entity and attribute:
        key = ClaimKey.of(entity, attribute, scope)
        return KeyHistories(selection, {key: tuple(evidence.lookup(key))})
    return evidence.histories_between(selection, MAX_KEYS_PER_QUESTION)


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    results = measure(args.records, args.rounds)
    print(f"change questions on {args.records:,} records, as of {AS_OF}, {args.rounds} rounds")
    for r in results:
        cut = " (cut at 1000)" if r["truncated"] else ""
        print(f"  {r['question']}")
        print(
            f"    {r['kind']} {r['window']}: {r['listed']} records{cut}, {r['keys']} keys, "
            f"{r['items']} listed in the answer"
        )
        print(
            f"    domain {r['domain_median_ms']:.2f} / {r['domain_p99_ms']:.2f} ms, "
            f"in process {r['in_process_median_ms']:.2f} / {r['in_process_p99_ms']:.2f} ms, "
            f"pipeline {r['pipeline_median_ms']:.2f} / {r['pipeline_p99_ms']:.2f} ms "
            f"(median / p99; target: domain < {TARGET_MS:g} ms)"
        )
        print(
            f"    plain Python {r['plain_median_ms']:.2f} / {r['plain_p99_ms']:.2f} ms: in process "
            f"{r['in_process_median_ms'] / r['plain_median_ms']:.2f}x, pipeline "
            f"{r['pipeline_median_ms'] / r['plain_median_ms']:.2f}x of it (target: 3x)"
        )
    return results


if __name__ == "__main__":
    main()
