"""The command line: the JSON contract, readable output, exit codes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli.main import main
from lifecycle_data.repository import packaged_dataset_path
from truthexpiry.models.answering.requests import MAX_QUESTION_CHARS

ROOT = Path(__file__).resolve().parents[2]
VERDICT_FIELDS = {
    "source",
    "message_ts",
    "permalink",
    "claim_key",
    "stated_value",
    "status",
    "current_values",
    "record_ids",
    "explanation",
}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]


def test_json_output_follows_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["ask", "Is report export available on Starter?", "--as-of", "2026-11-30", "--json"],
        capsys,
    )

    assert code == 0
    document = json.loads(out)
    assert set(document) == {"question", "as_of", "verdicts", "answer", "notice"}
    assert document["as_of"] == "2026-11-30"
    [mine, *found] = document["verdicts"]
    assert set(mine) == VERDICT_FIELDS
    assert mine["source"] == "question"
    assert mine["message_ts"] is None
    assert mine["claim_key"] == "report_export|availability|plan=starter|region=global"
    assert mine["status"] == "SUPERSEDED"
    assert mine["current_values"] == ["disabled"]
    assert found
    assert all(v["source"] == "message" and v["permalink"] for v in found)


def test_json_answer_for_a_value_question(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["ask", "What is the API rate limit on Starter?", "--as-of", "2026-11-30", "--json"],
        capsys,
    )

    assert code == 0
    answer = json.loads(out)["answer"]
    assert answer == {
        "claim_key": "api_rate_limit|max_requests|plan=starter|region=global",
        "current_values": ["50"],
        "record_ids": ["LC-111"],
    }


def test_readable_output_shows_status_current_value_records_and_stale_links(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        ["ask", "Is report export available on Starter?", "--as-of", "2026-11-30"], capsys
    )

    assert code == 0
    assert "SUPERSEDED" in out
    assert "Value on 2026-11-30: disabled" in out  # a date asked for, not today: dated
    assert "LC-101" in out
    assert "https://example.slack.com/archives/" in out
    assert "History:" in out


def test_a_question_with_no_claim_exits_zero_with_a_notice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["ask", "What's the weather like today?", "--json"], capsys)

    document = json.loads(out)
    assert code == 0
    assert document["verdicts"] == []
    assert document["answer"] is None
    assert "I can check" in document["notice"]


def ask_json(question: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, _ = run(["ask", question, "--as-of", "2026-11-30", "--json"], capsys)
    assert code == 0
    document: dict[str, Any] = json.loads(out)
    return document


def test_a_change_question_adds_the_changes_and_where_the_date_came_from(
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = ask_json("What changed for Starter since 2025?", capsys)

    assert set(document) == {
        *("question", "as_of", "verdicts", "answer", "notice"),
        *("as_of_source", "time", "changes", "upcoming"),
    }
    assert document["as_of"] == "2026-11-30"
    assert document["as_of_source"] == "option"
    assert document["time"] == {
        "kind": "changes",
        "from": "2025-01-01",
        "to": "2026-11-30",
        "stated": True,
        "subjects": [{"entity": None, "attribute": None, "scope": {"plan": "starter"}}],
        "truncated": False,
        "unavailable": False,
        "unknown_scope": [],
    }
    assert [(c["record_id"], c["from_values"], c["to_values"]) for c in document["changes"]] == [
        ("LC-191", ["5"], ["10"]),
        ("LC-142", ["disabled"], ["enabled"]),
        ("LC-101", ["enabled"], ["disabled"]),
    ]
    assert document["changes"][1] == {
        "claim_key": "dark_mode|availability|plan=starter|region=global",
        "from_values": ["disabled"],
        "to_values": ["enabled"],
        "record_id": "LC-142",
        "effective_date": "2025-09-01",
        "record_ids": ["LC-142"],
        "status": "CURRENT",
    }
    assert document["upcoming"] == []


def test_a_claim_about_a_period_is_judged_on_the_date_the_question_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = ask_json("Was dark mode available on Starter in 2024?", capsys)

    assert document["as_of"] == "2024-12-31"
    assert document["as_of_source"] == "question"
    assert document["verdicts"][0]["status"] == "SUPERSEDED"
    assert document["verdicts"][0]["record_ids"] == ["LC-141"]
    assert document["changes"] == [
        {
            "claim_key": "dark_mode|availability|plan=starter|region=global",
            "from_values": ["enabled"],
            "to_values": ["disabled"],
            "record_id": "LC-141",
            "effective_date": "2024-05-01",
            "record_ids": ["LC-141"],
            "status": "CURRENT",
        }
    ]


def test_what_is_coming_lists_records_not_yet_in_effect(
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = ask_json("What's coming for Starter?", capsys)

    assert document["time"]["kind"] == "upcoming"
    assert document["time"]["to"] is None
    assert document["changes"] == []
    assert document["upcoming"] == [
        {
            "claim_key": "webhooks|availability|plan=starter|region=global",
            "record_id": "LC-196",
            "state": "SHIPPED",
            "value": "enabled",
            "effective_date": "2026-12-15",
            "current_values": ["disabled"],
        },
        {
            "claim_key": "sso_login|availability|plan=starter|region=global",
            "record_id": "LC-150",
            "state": "SHIPPED",
            "value": "enabled",
            "effective_date": "2027-02-01",
            "current_values": [],
        },
    ]


def test_the_readable_report_marks_what_is_coming_as_not_yet_authoritative(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["ask", "What's coming?", "--as-of", "2026-11-30"], capsys)

    assert code == 0
    assert "Coming up after 2026-11-30 (none of it authoritative yet):" in out
    assert "[LC-196, SHIPPED, not yet in effect]" in out
    assert "[LC-182, PLANNED: takes effect only if it ships]" in out


def test_the_readable_report_lists_changes_with_dates_and_records(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        ["ask", "Was dark mode available on Starter in 2024?", "--as-of", "2026-11-30"], capsys
    )

    assert code == 0
    assert "As of:    2024-12-31  (the last day of the period the question asks about" in out
    assert "Changes from 2024-01-01 to 2024-12-31:" in out
    assert "2024-05-01  Dark mode availability" in out
    assert "enabled \u2192 disabled  [LC-141]" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["ask", "q?", "--as-of", "2026-13-01"], "not a YYYY-MM-DD date"),
        (["ask", "q?", "--lifecycle-data", "/nonexistent/records.json"], "not found"),
        (["ask", "q?", "--messages", "/nonexistent/messages.json"], "not found"),
        (["ask", "   "], f"1 to {MAX_QUESTION_CHARS} characters"),
        (["ask", "x" * (MAX_QUESTION_CHARS + 1)], f"1 to {MAX_QUESTION_CHARS} characters"),
        (["eval", "/nonexistent/cases.jsonl"], "cannot read cases"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(argv))

    assert exit_info.value.code == 2
    assert fragment in one_line_error(capsys.readouterr().err)


def test_an_invalid_dataset_is_named_by_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = json.loads(packaged_dataset_path().read_text())
    dataset["records"][1]["state"] = "SHIPPPED"
    path = tmp_path / "records.json"
    path.write_text(json.dumps(dataset))

    code, _, err = run(["ask", "q?", "--lifecycle-data", str(path)], capsys)

    assert code == 2
    assert "LC-101" in one_line_error(err)
    assert "SHIPPPED" in err


def test_an_invalid_message_corpus_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "messages.json"
    path.write_text(json.dumps([{"message_ts": "1.0", "channel_id": "C1"}]))

    code, _, err = run(["ask", "q?", "--messages", str(path)], capsys)

    assert code == 2
    assert "message #1" in one_line_error(err)


def test_eval_ends_with_the_count_line_and_exits_1_on_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    passing = {
        "id": "ok",
        "question": "Is report export disabled on Starter?",
        "as_of": "2026-11-30",
        "messages": [],
        "expect": {"question": {"status": "CURRENT"}},
    }
    failing = {**passing, "id": "bad", "expect": {"question": {"status": "SUPERSEDED"}}}
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps(passing) + "\n" + json.dumps(failing) + "\n")

    code, out, _ = run(["eval", str(cases)], capsys)

    assert code == 1
    assert "FAIL  bad: question: expected SUPERSEDED, got CURRENT" in out
    assert out.strip().splitlines()[-1] == "1 passed, 1 failed"
