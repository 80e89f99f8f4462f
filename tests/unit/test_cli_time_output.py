"""The command line's report of every question about time in the datasets: the readable text
and the JSON, whatever the kind (a window that has passed, one still ahead, a day, nothing)."""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from typing import Any

import pytest

from adapters.offline.evidence import InProcessLifecycleEvidence
from bootstrap import build_pipeline, corpus_search
from cli.evaluation import load_cases
from cli.output import to_json, to_text
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.models.answering.requests import TruthExpiryRequest

EXTRA = [
    "Will it rain next month?",
    "Will same day delivery be enabled on Basic next month?",
    "Is same day delivery enabled on Basic this month?",
]


@cache
def evidence(name: str) -> InProcessLifecycleEvidence:
    return InProcessLifecycleEvidence(
        LifecycleRecordRepository.from_path(DATA / f"{name}_records.json")
    )


def questions() -> list[Any]:
    found = [pytest.param("parcelwing", q, "2026-11-30", id=q) for q in EXTRA]
    for name in ("parcelwing", "stratocloud"):
        for case in load_cases(DATA / f"{name}_cases.jsonl"):
            if {"changes", "upcoming", "as_of"} & set(case["expect"]):
                found.append(pytest.param(name, case["question"], case["as_of"], id=case["id"]))
    return found


@pytest.mark.parametrize(("name", "question", "as_of"), questions())
def test_a_question_about_time_is_reported_in_text_and_json(
    name: str, question: str, as_of: str
) -> None:
    pipeline = build_pipeline(search=corpus_search([]), evidence=evidence(name))
    response = pipeline.run(TruthExpiryRequest(question, as_of=date.fromisoformat(as_of)))

    text = to_text(question, response)
    document = json.loads(json.dumps(to_json(question, response)))

    assert response.time is not None
    assert document["as_of_source"] in {"question", "option"}
    assert document["time"]["kind"] == response.time.kind.value
    assert len(document["changes"]) == len(response.time.changes)
    assert len(document["upcoming"]) == len(response.time.upcoming)
    for change in response.time.changes:
        assert f"[{', '.join(change.record_ids)}]" in text
    for coming in response.time.upcoming:
        assert f"[{coming.record.record_id}, " in text
