"""The authority policy on the command line: `--authority-policy`, the policy line, exit 2 for a
bad policy, and the evaluation cases that cover precedence and owner confirmation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.evaluation import load_cases, run_cases
from cli.main import main
from lifecycle_data.repository import LifecycleRecordRepository

DATA = Path(__file__).resolve().parents[1] / "data"
RECORDS = DATA / "authority_records.json"
CASES = DATA / "authority_cases.jsonl"
POLICY = {"precedence": {"default": ["billing", "jira", "wiki"]}}
QUESTION = "Is the refund policy 30 days on Enterprise?"


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(POLICY), encoding="utf-8")
    return path


def ask(*extra: str) -> list[str]:
    return ["ask", QUESTION, "--lifecycle-data", str(RECORDS), "--as-of", "2026-11-30", *extra]


def test_every_authority_case_passes() -> None:
    cases = load_cases(CASES)

    failures = [
        r for r in run_cases(cases, LifecycleRecordRepository.from_path(RECORDS)) if not r.passed
    ]

    assert len(cases) >= 15
    assert not failures, "\n".join(f"{r.case_id}: {'; '.join(r.failures)}" for r in failures)


def test_ask_says_which_policy_applied(
    policy_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(ask("--authority-policy", str(policy_file))) == 0

    out = capsys.readouterr().out
    assert "Policy:   Source precedence: billing > jira > wiki" in out
    assert "✔ CURRENT" in out


def test_ask_json_lists_the_policy_only_when_one_is_given(
    policy_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main([*ask("--json"), "--authority-policy", str(policy_file)])
    with_policy = json.loads(capsys.readouterr().out)
    main(ask("--json"))
    without = json.loads(capsys.readouterr().out)

    assert with_policy["authority_policy"] == ["Source precedence: billing > jira > wiki"]
    assert with_policy["verdicts"][0]["status"] == "CURRENT"
    assert "authority_policy" not in without
    assert without["verdicts"][0]["status"] == "CONFLICTING"


def test_a_policy_naming_unknown_things_exits_2_naming_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    owners = {"ghost": {"users": ["U0A"], "channels": ["C0A"], "valid_days": 5}}
    bad.write_text(json.dumps({"precedence": {"default": ["crm"]}, "owners": owners}), "utf-8")

    assert main(ask("--authority-policy", str(bad))) == 2

    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "unknown source 'crm'" in err
    assert "unknown entity 'ghost'" in err


def test_eval_applies_the_policy_file_to_cases_without_their_own(
    tmp_path: Path, policy_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = {
        "id": "refund",
        "question": QUESTION,
        "as_of": "2026-11-30",
        "messages": [],
        "expect": {"question": {"status": "CURRENT"}},
    }
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps(case) + "\n", encoding="utf-8")

    code = main(
        [
            "eval",
            str(cases),
            "--lifecycle-data",
            str(RECORDS),
            "--authority-policy",
            str(policy_file),
        ]
    )

    assert code == 0
    assert capsys.readouterr().out.endswith("1 passed, 0 failed\n")
