"""The library bench imports without the libraries, skips a missing one, and scores fairly."""

from __future__ import annotations

from datetime import date

import pytest

from bench.common.library_readers import Library, Read, project_values
from bench.common.value_expressions import Expression, case_expressions, spoken_forms
from bench.extraction_libraries import outcome, run
from truthexpiry.values.compare import read_value

AS_OF = date(2026, 11, 30)


def _expression(text: str, mode: str, *values: str) -> Expression:
    return Expression("spoken forms", text, tuple(map(read_value, values)), mode, AS_OF)


def _missing() -> Read:
    raise ModuleNotFoundError("no module named 'not_installed_here'", name="not_installed_here")


def test_a_library_that_is_not_installed_is_skipped_with_a_line_that_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    absent = Library("absent", ("not_installed_here",), ("absent-dist",), "pass", _missing)

    assert run([absent], [_expression("20 weeks", "any", "20 weeks")], runs=1) == []
    printed = capsys.readouterr().out
    assert "skipped absent: not installed (not_installed_here)" in printed
    assert "pip install absent-dist" in printed


@pytest.mark.parametrize(
    ("text", "mode", "expected", "result"),
    [
        ("the window is 20 weeks", "any", "140 days", "correct"),
        ("the window is 21 weeks", "any", "20 weeks", "wrong"),
        ("the window is long", "any", "20 weeks", "nothing"),
        ("on 3 June 2024", "any", "20 weeks", "nothing"),  # a date is no duration
        ("is it 45 days now?", "differs", "30 days", "correct"),
        ("is it 30 days now?", "differs", "30 days", "wrong"),
    ],
)
def test_a_text_is_correct_wrong_or_nothing_by_the_projects_comparison(
    text: str, mode: str, expected: str, result: str
) -> None:
    expression = _expression(text, mode, expected)

    assert outcome(expression, project_values(text)) == result


def test_a_range_read_by_one_end_only_is_wrong() -> None:
    expression = _expression("from 3 June to 20 August 2024", "all", "2024-06-03", "2024-08-20")

    assert outcome(expression, [read_value("2024-08-20")]) == "wrong"
    assert outcome(expression, project_values(expression.text)) == "correct"


def test_every_group_of_cases_gives_typed_expressions() -> None:
    expressions = [*case_expressions(), *spoken_forms()]

    assert {e.group for e in expressions} >= {"datasets", "known bugs", "spoken forms"}
    assert all(e.expected and e.mode in {"all", "any", "differs"} for e in expressions)
    assert {e.kind for e in expressions} >= {"money", "duration", "time of day", "date"}
