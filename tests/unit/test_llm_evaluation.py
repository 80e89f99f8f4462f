"""Evaluation sets through the live extraction path, with a scripted model that proposes the
right claims: grounding accepts every one of them, and every case passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.offline.evidence import InProcessLifecycleEvidence
from cli.evaluation import load_cases, run_cases
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA, DATASETS, SHARED_EVAL
from tests.scripted_llm import extractor, rules_model


def _run_live(records: Path, cases_path: Path) -> tuple[int, list[str], int, int]:
    evidence = InProcessLifecycleEvidence(LifecycleRecordRepository.from_path(records))
    live = extractor(rules_model(evidence.catalog()))
    try:
        cases = load_cases(cases_path)
        failures = [
            f"{r.case_id}: {r.failures}" for r in run_cases(cases, evidence, live) if not r.passed
        ]
    finally:
        live.close()
    return len(cases), failures, live.dropped.count(), live.fallbacks.count()


@pytest.mark.skipif(
    not (SHARED_EVAL / "cases.jsonl").exists(),
    reason=f"the public evaluation set is not beside this checkout ({SHARED_EVAL})",
)
def test_every_public_case_passes_through_the_live_path() -> None:
    count, failures, dropped, fallbacks = _run_live(
        SHARED_EVAL / "lifecycle_records.json", SHARED_EVAL / "cases.jsonl"
    )

    assert count >= 30
    assert not failures, "\n".join(failures)
    assert (dropped, fallbacks) == (0, 0)


@pytest.mark.parametrize("name", DATASETS)
def test_other_datasets_pass_through_the_live_path(name: str) -> None:
    count, failures, dropped, fallbacks = _run_live(
        DATA / f"{name}_records.json", DATA / f"{name}_cases.jsonl"
    )

    assert count >= 15
    assert not failures, "\n".join(failures)
    assert (dropped, fallbacks) == (0, 0)
