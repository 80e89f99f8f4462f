"""The Dockerfiles in deploy/: non-root, no secret baked in, a health check, and every file they
copy present in the repository (they are built from its root; no engine is needed to check)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILES = {
    "worker": (ROOT / "deploy" / "worker.Dockerfile", "8080", ["python", "app.py"]),
    "lifecycle-mcp": (
        ROOT / "deploy" / "lifecycle-mcp.Dockerfile",
        "8001",
        ["python", "-m", "lifecycle_mcp.server"],
    ),
}
SECRET_NAMES = re.compile(r"TOKEN|PASSWORD|SECRET|API_KEY|REDIS_URL", re.IGNORECASE)


def instructions(path: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", path.read_text())
    pairs = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            keyword, _, rest = line.strip().partition(" ")
            pairs.append((keyword.upper(), rest.strip()))
    return pairs


@pytest.mark.parametrize("name", DOCKERFILES)
def test_the_image_runs_as_a_non_root_user(name: str) -> None:
    steps = instructions(DOCKERFILES[name][0])
    users = [rest for keyword, rest in steps if keyword == "USER"]

    assert users, "no USER instruction"
    user = users[-1].split(":")[0]
    assert user not in ("root", "0")
    assert user.isdigit()  # numeric, so Kubernetes can check runAsNonRoot
    last_user = max(i for i, (keyword, _) in enumerate(steps) if keyword == "USER")
    assert all(keyword != "RUN" for keyword, _ in steps[last_user:])


@pytest.mark.parametrize("name", DOCKERFILES)
def test_the_image_is_python_3_11_slim(name: str) -> None:
    steps = instructions(DOCKERFILES[name][0])

    assert [rest for keyword, rest in steps if keyword == "FROM"] == ["python:3.11-slim"]


@pytest.mark.parametrize("name", DOCKERFILES)
def test_every_copied_path_exists_and_covers_the_packages(name: str) -> None:
    steps = instructions(DOCKERFILES[name][0])
    sources = [part for keyword, rest in steps if keyword == "COPY" for part in rest.split()[:-1]]
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    included = {pattern.rstrip("*") for pattern in packages["packages"]["find"]["include"]}

    assert sources
    assert [source for source in sources if not (ROOT / source).exists()] == []
    assert included <= set(sources)
    assert {"pyproject.toml", "README.md"} <= set(sources)


@pytest.mark.parametrize("name", DOCKERFILES)
def test_no_secret_is_baked_in(name: str) -> None:
    steps = instructions(DOCKERFILES[name][0])

    for keyword, rest in steps:
        if keyword in ("ENV", "ARG"):
            assert not SECRET_NAMES.search(rest), rest
        if keyword == "COPY":
            assert ".env" not in rest.split()
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ".env" in ignored
    assert ".git" in ignored


@pytest.mark.parametrize("name", DOCKERFILES)
def test_the_image_checks_its_health_port_and_runs_the_entry_point(name: str) -> None:
    path, port, command = DOCKERFILES[name]
    steps = dict(instructions(path))

    assert "/healthz" in steps["HEALTHCHECK"]
    assert f"'{port}'" in steps["HEALTHCHECK"]
    assert steps["CMD"] == "[" + ", ".join(f'"{part}"' for part in command) + "]"
    assert port in steps["EXPOSE"].split()
