"""The README's commands for your own records run as written, on the example in `examples/`.

The commands are read from the README itself, so the README cannot drift from what runs: the
"On your own records" block (a table imported, then one question per status) and the lifecycle
MCP server block. Each runs in bash, in a copy of `examples/` beside a `./dev` that is what the
README says it is (`python -m truthexpiry` in the project's environment). The server block's
one change is the port: the README's server binds 8000, the test's a free one.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from devtools.lifecycle_server import LocalLifecycleServer

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
STATUSES = ("CURRENT", "SUPERSEDED", "CONFLICTING", "UNVERIFIED")
README_URL = "http://127.0.0.1:8000/mcp"
DEV = """#!/usr/bin/env bash
set -euo pipefail
command="$1"; shift
exec {python} -m truthexpiry "$command" "$@"
"""
PYTHON = """#!/usr/bin/env bash
exec {python} "$@"
"""


def section(heading: str) -> str:
    """The README's text under `heading`, up to the next heading of the same or a higher level."""
    level = len(heading.split(" ", maxsplit=1)[0])
    start = README.index(f"\n{heading}\n")
    ends = [m.start() for m in re.finditer(rf"\n#{{1,{level}}} ", README[start + 1 :])]
    return README[start : start + 1 + ends[0]] if ends else README[start:]


def commands(heading: str) -> list[str]:
    """The commands of the section's bash block, continuation lines joined."""
    [block] = re.findall(r"```bash\n(.*?)```", section(heading), flags=re.DOTALL)
    joined = block.replace("\\\n", " ")
    return [line.strip() for line in joined.splitlines() if line.strip()]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A fresh clone's view: `examples/`, `./dev` and `.venv/bin/python`, nothing else."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    for path, script in ((tmp_path / "dev", DEV), (tmp_path / ".venv" / "bin" / "python", PYTHON)):
        # scripts, not links: a linked interpreter would not find the project's environment
        path.write_text(script.format(python=shlex.quote(sys.executable)), encoding="utf-8")
        path.chmod(0o755)
    return tmp_path


def run(command: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env={**os.environ, "LC_ALL": "C.UTF-8", **(env or {})},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, f"{command}\n{result.stderr}"
    return result.stdout


def first_status(output: str) -> str | None:
    for line in output.splitlines():
        for status in STATUSES:
            if f" {status} " in f" {line} ":
                return status
    return None


def test_the_own_records_commands_import_the_example_then_answer_one_question_per_status(
    workspace: Path,
) -> None:
    [importing, *asking] = commands("### On your own records")
    assert importing.startswith("./dev records import examples/")

    run(importing, workspace)
    answered = []
    for command in asking:
        output = run(command, workspace)
        expected = command.rsplit("#", 1)[1].strip()
        if expected in STATUSES:
            assert first_status(output) == expected, f"{command}\n{output}"
            answered.append(expected)
        else:
            assert output.strip(), command
    assert sorted(answered) == sorted(STATUSES)


def test_the_own_records_import_writes_the_example_dataset(workspace: Path) -> None:
    importing = commands("### On your own records")[0]
    output = shlex.split(importing)[shlex.split(importing).index("--output") + 1]

    run(importing, workspace)

    written = (workspace / output).read_text(encoding="utf-8")
    example = (workspace / "examples" / "recycling-centre" / "records.json").read_text("utf-8")
    assert written == example


def test_the_lifecycle_server_commands_serve_the_example_and_answer_through_it(
    workspace: Path,
) -> None:
    [export, start, *rest] = commands("## The lifecycle MCP server")
    assert export.startswith("export TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS=")
    found = re.fullmatch(
        r"TRUTH_EXPIRY_LIFECYCLE_MCP_DATASET_PATH=(\S+) \.venv/bin/python -m "
        r"lifecycle_mcp\.server &",
        start,
    )
    assert found, start
    assert all(README_URL in command for command in rest)

    with LocalLifecycleServer(workspace / found[1]) as server:
        outputs = [
            run(
                command.replace(README_URL, server.url),
                workspace,
                {"TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS": server.token},
            )
            for command in rest
        ]

    assert first_status(outputs[0]) == "CURRENT"
