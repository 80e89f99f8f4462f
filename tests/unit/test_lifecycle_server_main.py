"""The server's entry point without a network: `--check`, start-up refusals, Host settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lifecycle_mcp.health import readiness
from lifecycle_mcp.holder import DatasetHolder
from lifecycle_mcp.listening import transport_security
from lifecycle_mcp.server import check, main
from lifecycle_mcp.settings import ALLOWED_HOSTS as ALLOWED
from lifecycle_mcp.settings import AUTH_DISABLED as NO_AUTH
from lifecycle_mcp.settings import ServerSettings
from tests.unit.builders import document, raw_record

TOKEN = "unit-test-token-0123456789"
ENV = {"TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS": TOKEN}


def dataset_file(tmp_path: Path, *records: dict[str, object]) -> Path:
    path = tmp_path / "lifecycle.json"
    path.write_text(json.dumps(document(*records)))
    return path


def test_check_passes_for_tokens_and_the_packaged_dataset() -> None:
    assert check(ENV) == []


def test_check_reports_settings_and_dataset_problems_together(tmp_path: Path) -> None:
    path = dataset_file(tmp_path, raw_record("R-1", effective_date="someday"))

    problems = check({"TRUTH_EXPIRY_LIFECYCLE_MCP_DATASET_PATH": str(path)})

    assert len(problems) == 2
    assert "TOKENS" in problems[0]
    assert f"invalid lifecycle dataset: {path}: record 'R-1'" in problems[1]


def test_main_check_prints_problems_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--check"], {"TRUTH_EXPIRY_LIFECYCLE_MCP_PORT": "nope"})

    err = capsys.readouterr().err
    assert code == 1
    assert "2 problem(s)" in err
    assert "TRUTH_EXPIRY_LIFECYCLE_MCP_PORT" in err


def test_main_check_exits_0_when_all_is_well(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check"], ENV) == 0
    assert "valid" in capsys.readouterr().out


def test_main_refuses_to_start_on_an_invalid_dataset_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = dataset_file(tmp_path, raw_record("R-1", supersedes_record_id="R-9"))

    code = main([], ENV | {"TRUTH_EXPIRY_LIFECYCLE_MCP_DATASET_PATH": str(path)})

    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert err == [
        f"lifecycle MCP server: cannot start, invalid dataset: {path}: "
        "record 'R-1': supersedes unknown record 'R-9'"
    ]


def test_a_dataset_that_cannot_be_parsed_at_all_is_one_line_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nested.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    env = ENV | {"TRUTH_EXPIRY_LIFECYCLE_MCP_DATASET_PATH": str(path)}

    code = main([], env)

    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1
    assert "nested too deeply" in err[0]
    assert any("nested too deeply" in problem for problem in check(env))


@pytest.mark.parametrize(
    "content",
    [
        json.dumps({"dataset_version": "v", "records": []}),
        "[" * 100_000 + "]" * 100_000,
        '{"records": [' + "1" * 5000 + "]}",
    ],
)
def test_an_empty_or_unreadable_dataset_fails_the_check_and_the_start(
    tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lifecycle.json"
    path.write_text(content)
    environ = ENV | {"TRUTH_EXPIRY_LIFECYCLE_MCP_DATASET_PATH": str(path)}

    [problem] = check(environ)
    start = main([], environ)

    err = capsys.readouterr().err.strip().splitlines()
    assert problem.startswith(f"invalid lifecycle dataset: {path}: ")
    assert start == 2
    assert len(err) == 1
    assert err[0].startswith(f"lifecycle MCP server: cannot start, invalid dataset: {path}: ")


def test_loopback_hosts_are_always_allowed_beside_the_configured_ones() -> None:
    security = transport_security(
        ServerSettings.load({ALLOWED: "lifecycle-mcp:8000", NO_AUTH: "1"})
    )

    assert security.enable_dns_rebinding_protection is True
    assert "127.0.0.1:*" in security.allowed_hosts
    assert "localhost:*" in security.allowed_hosts
    assert "lifecycle-mcp:8000" in security.allowed_hosts
    assert "http://lifecycle-mcp:8000" in security.allowed_origins


def test_readiness_describes_the_dataset_in_service() -> None:
    holder = DatasetHolder(None)

    body = readiness(holder, mcp_listening=True)

    assert body["status"] == "ready"
    assert body["dataset_version"] == holder.current.repository.version
    assert body["record_count"] == holder.current.repository.record_count
    assert body["last_reload_error"] is None
    assert readiness(holder, mcp_listening=False)["status"] == "starting"
