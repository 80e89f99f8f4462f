"""What the command line writes is valid UTF-8, whatever bytes came in; errors are one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.console import argument_text, one_line
from cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_readable_report_of_such_a_question_is_valid_utf8_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # What Python makes of the bytes 0xff 0xfe in an argument (surrogateescape).
    code = main(["ask", "Is report export \udcff\udcfe available on Starter?"])

    out = capsys.readouterr().out
    assert code == 0
    assert "\ufffd" in out
    out.encode("utf-8")  # no surrogate left


def test_a_lone_surrogate_in_a_message_is_written_as_valid_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = [
        {
            "message_ts": "1.0",
            "channel_id": "C1",
            "content": "Report export is enabled on Starter \ud83d.",
            "permalink": "https://example.slack.com/archives/C1/p1\udfff",
        }
    ]
    path = tmp_path / "messages.json"
    path.write_text(json.dumps(corpus))

    code = main(["ask", "Is report export enabled on Starter?", "--messages", str(path), "--json"])

    out = capsys.readouterr().out
    assert code == 0
    out.encode("utf-8")  # no lone surrogate left to encode
    assert json.loads(out)["verdicts"][1]["permalink"].endswith("p1\ufffd")


def test_an_undecodable_file_name_in_an_error_is_still_one_valid_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["ask", "q?", "--lifecycle-data", "/nonexistent/\udcff\nrecords.json"])

    err = capsys.readouterr().err
    lines = err.splitlines()
    assert code == 2
    assert len(lines) == 1
    assert lines[0].startswith("error: dataset file not found: /nonexistent/\ufffd records")
    err.encode("utf-8")


def test_argument_text_and_one_line() -> None:
    assert argument_text("caf\udce9") == "caf\ufffd"
    assert argument_text("ok \ud800") == "ok \ufffd"
    assert one_line("a\nb\r\nc\u2028d") == "a b c d"
    assert len(one_line("x" * 10_000)) == 2000
