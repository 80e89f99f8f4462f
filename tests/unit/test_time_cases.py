"""Evaluation cases that expect changes, upcoming records and the date judged on."""

from __future__ import annotations

from typing import Any

from cli.evaluation import run_cases
from tests.fakes import FakeLifecycleEvidence
from tests.unit.builders import KEY, record
from truthexpiry.models.records.lifecycle import LifecycleState

RECORDS = (
    record("R-1", "enabled", "2025-01-10"),
    record("R-2", "disabled", "2025-02-10", supersedes="R-1"),
    record("R-3", "enabled", "2025-03-10", supersedes="R-2"),
    record("R-4", "disabled", "2026-01-01", state=LifecycleState.PLANNED, supersedes="R-3"),
)
STARTER = KEY.canonical


def change(old: list[str], new: list[str], record_id: str, **more: str) -> dict[str, Any]:
    return {
        "claim_key": STARTER,
        "from_values": old,
        "to_values": new,
        "record_id": record_id,
        **more,
    }


def failures(expect: dict[str, Any], question: str, *, unavailable: bool = False) -> list[str]:
    case = {"id": "t", "question": question, "as_of": "2025-06-30", "expect": expect}
    evidence = FakeLifecycleEvidence(RECORDS, unavailable=unavailable)
    [result] = run_cases([case], evidence)
    return list(result.failures)


ON_OFF_ON = [
    change(["disabled"], ["enabled"], "R-3", effective_date="2025-03-10"),
    change([], ["enabled"], "R-1"),
    change(["enabled"], ["disabled"], "R-2"),
]


def test_expected_changes_pass_in_any_order() -> None:
    assert failures({"changes": ON_OFF_ON}, "What changed for Starter in 2025?") == []


def test_a_missing_and_an_unexpected_change_are_both_named() -> None:
    expected = [*ON_OFF_ON[:2], change(["enabled"], ["off"], "R-2")]

    found = failures({"changes": expected}, "What changed for Starter in 2025?")

    assert len(found) == 2
    assert found[0].startswith("changes: expected claim_key=")
    assert "not listed" in found[0]
    assert found[1].startswith("changes: listed claim_key=")
    assert "record_id=R-2" in found[1]


def test_a_wrong_effective_date_fails_when_given() -> None:
    expected = [
        *ON_OFF_ON[1:],
        change(["disabled"], ["enabled"], "R-3", effective_date="2025-03-11"),
    ]

    assert failures({"changes": expected}, "What changed for Starter in 2025?")


def test_an_empty_list_expects_no_change_and_an_ordinary_question_lists_none() -> None:
    assert failures({"changes": []}, "What changed for Starter last month?") == []
    assert failures({"changes": []}, "Is report export enabled on Starter?") == []
    assert failures({"changes": []}, "What changed for Starter in 2025?")


def test_upcoming_records_are_checked_with_their_state_when_given() -> None:
    planned = {"claim_key": STARTER, "record_id": "R-4", "state": "PLANNED"}

    assert failures({"upcoming": [planned]}, "Is anything planned for Starter?") == []
    assert failures({"upcoming": [{**planned, "state": "SHIPPED"}]}, "What's coming?")


def test_the_date_judged_on_and_its_source_are_checked() -> None:
    question = "Was report export enabled on Starter in February 2025?"

    assert failures({"as_of": "2025-02-28", "as_of_source": "question"}, question) == []
    assert failures({"as_of": "2025-06-30"}, question) == [
        "as_of: expected 2025-06-30, got 2025-02-28"
    ]
    assert failures({"as_of_source": "question"}, "Is report export enabled on Starter?") == [
        "as_of_source: expected question, got option"
    ]


def test_a_case_expecting_changes_fails_when_the_records_cannot_be_listed() -> None:
    found = failures({"changes": []}, "What changed for Starter?", unavailable=True)

    assert found == ["changes: the records could not be listed"]
