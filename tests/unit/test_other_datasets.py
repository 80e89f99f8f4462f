"""The whole offline pipeline works on datasets unlike the public one.

Each synthetic dataset in `tests/data` has its own entities, scope keys and vocabulary (one has no
catalog section, the others have aliases, units and value aliases), and its cases file is written
from the rules. Cases in `tests/data/known_bugs` state what a correct system answers where this one
does not yet; they are expected to fail, and once one passes it belongs in its dataset's file.
"""

from __future__ import annotations

from typing import Any

import pytest

from cli.evaluation import load_cases, run_cases
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA, DATASETS

KNOWN_BUGS = DATA / "known_bugs"
MIN_CASES = 15


def _repository(name: str) -> LifecycleRecordRepository:
    return LifecycleRecordRepository.from_path(DATA / f"{name}_records.json")


def _known_bugs() -> list[Any]:
    params = []
    for name in DATASETS:
        path = KNOWN_BUGS / f"{name}_cases.jsonl"
        if not path.exists():
            continue
        for case in load_cases(path):
            mark = pytest.mark.xfail(reason=str(case.get("known_bug")), strict=True)
            params.append(pytest.param(name, case, id=str(case["id"]), marks=mark))
    return params


@pytest.mark.parametrize("name", DATASETS)
def test_every_case_passes_on_another_dataset(name: str) -> None:
    cases = load_cases(DATA / f"{name}_cases.jsonl")

    failures = [r for r in run_cases(cases, _repository(name)) if not r.passed]

    assert len(cases) >= MIN_CASES
    assert not failures, "\n".join(f"{r.case_id}: {'; '.join(r.failures)}" for r in failures)


@pytest.mark.parametrize("name", DATASETS)
def test_cases_cover_questions_messages_answers_and_no_claims(name: str) -> None:
    expectations = [case["expect"] for case in load_cases(DATA / f"{name}_cases.jsonl")]

    assert any(e.get("question") == "NO_CLAIM" for e in expectations)
    assert any(e.get("answer") for e in expectations)
    assert any(e.get("messages") for e in expectations)
    questions = [e["question"] for e in expectations if isinstance(e.get("question"), dict)]
    statuses = {question["status"] for question in questions}
    assert statuses == {"CURRENT", "SUPERSEDED", "CONFLICTING", "UNVERIFIED"}


@pytest.mark.parametrize(("name", "case"), _known_bugs())
def test_known_bug_still_fails(name: str, case: dict[str, Any]) -> None:
    [result] = run_cases([case], _repository(name))

    assert result.passed, "; ".join(result.failures)
