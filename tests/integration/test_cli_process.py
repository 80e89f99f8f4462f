"""`python -m truthexpiry` as a process: it runs, writes valid UTF-8 whatever bytes came in,
and ends bad input with exit 2 and one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def run_cli(*argv: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"truthexpiry", *argv],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
        check=False,
        timeout=120,
    )


def test_python_dash_m_truthexpiry_runs_the_cli() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "truthexpiry",
            "ask",
            "Is report export available on Starter?",
            "--as-of",
            "2026-11-30",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["verdicts"][0]["status"] == "SUPERSEDED"


def test_an_undecodable_byte_in_the_question_is_written_as_a_replacement_character() -> None:
    result = run_cli(b"ask", b"Is report export \xff\xfe available on Starter?", b"--json")

    assert result.returncode == 0, result.stderr
    text = result.stdout.decode("utf-8")  # strict: raises on any invalid byte
    assert json.loads(text)["question"].startswith("Is report export \ufffd")


@pytest.mark.parametrize(
    ("argv", "content"),
    [
        (["ask", "q?", "--lifecycle-data"], b"[" * 100_000 + b"]" * 100_000),
        (["eval"], b'{"question": "q", "expect": {"messages": {"1": ["CURRENT"]}}}\n'),
    ],
)
def test_the_command_line_ends_in_exit_2_and_one_line(
    tmp_path: Path, argv: list[str], content: bytes
) -> None:
    path = tmp_path / "input.json"
    path.write_bytes(content)

    result = subprocess.run(
        [sys.executable, "-m", "truthexpiry", *argv, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )

    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"error: {path}: ")
