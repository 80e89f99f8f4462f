"""The public evaluation set (../shared/eval beside the checkout) passes in full."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.evaluation import load_cases, run_cases
from lifecycle_data.repository import LifecycleRecordRepository

SHARED_EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"


@pytest.mark.skipif(
    not (SHARED_EVAL / "cases.jsonl").exists(),
    reason=f"the public evaluation set is not beside this checkout ({SHARED_EVAL})",
)
def test_every_public_case_passes() -> None:
    repository = LifecycleRecordRepository.from_path(SHARED_EVAL / "lifecycle_records.json")
    cases = load_cases(SHARED_EVAL / "cases.jsonl")

    failures = [r for r in run_cases(cases, repository) if not r.passed]

    assert len(cases) >= 30
    assert not failures, "\n".join(f"{r.case_id}: {r.failures}" for r in failures)
