"""promtool (Debian's prometheus package) for the tests: `check metrics` on metrics text, and any
other command, skipped with the reason when promtool is not installed."""

from __future__ import annotations

import shutil
import subprocess

import pytest


def assert_promtool_accepts(text: str) -> None:
    """Fail when promtool rejects `text`; skip, saying why, when promtool is not installed."""
    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.skip("promtool (Debian package prometheus) is not installed")
    result = subprocess.run(
        [promtool, "check", "metrics"],
        input=text,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def run_promtool(*arguments: str, cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    """`promtool ARGUMENTS...`; skip, saying why, when promtool is not installed."""
    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.skip("promtool (Debian package prometheus) is not installed")
    return subprocess.run(
        [promtool, *arguments], cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )
