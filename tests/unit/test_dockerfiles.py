"""The Dockerfiles in deploy/: non-root, no secret baked in, a health check, every file they copy
present in the repository (they are built from its root; no engine is needed to check), and
installs reproducible from deploy/requirements.lock: exact versions, each with its hashes."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

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
LOCK = ROOT / "deploy" / "requirements.lock"
LOCKED_LINE = re.compile(
    r"^([A-Za-z0-9._-]+)==([^\s;]+)\s*(?:;[^-]*)?((?:\s*--hash=sha256:[0-9a-f]{64})+)$"
)


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


def locked() -> dict[str, tuple[Version, int]]:
    """Each locked package: its exact version and how many hashes it carries."""
    text = re.sub(r"\\\n\s*", " ", LOCK.read_text())
    pins: dict[str, tuple[Version, int]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = LOCKED_LINE.match(line)
        assert match, f"not an exact pin with hashes: {line[:80]}"
        name, version, hashes = match.groups()
        pins[canonicalize_name(name)] = (Version(version), hashes.count("--hash="))
    return pins


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_lock_pins_every_runtime_dependency_within_its_range() -> None:
    declared = [Requirement(text) for text in pyproject()["project"]["dependencies"]]
    pins = locked()

    for requirement in declared:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in the lock"
        assert pins[name][0] in requirement.specifier, (
            f"{name} {pins[name][0]} is outside {requirement.specifier}"
        )


def test_the_lock_pins_the_build_backend_the_project_declares() -> None:
    backend = [Requirement(text) for text in pyproject()["build-system"]["requires"]]
    pins = locked()

    for requirement in backend:
        assert pins[canonicalize_name(requirement.name)][0] in requirement.specifier


def test_every_locked_package_carries_sha256_hashes() -> None:
    pins = locked()

    assert len(pins) > 20
    assert all(hashes >= 1 for _, hashes in pins.values())


@pytest.mark.parametrize("name", DOCKERFILES)
def test_the_image_installs_the_lock_with_hashes_before_the_source(name: str) -> None:
    steps = instructions(DOCKERFILES[name][0])
    installs = [(i, rest) for i, (keyword, rest) in enumerate(steps) if "pip install" in rest]
    copies = [i for i, (keyword, rest) in enumerate(steps) if keyword == "COPY"]
    copy_lock = next(i for i in copies if "deploy/requirements.lock" in steps[i][1])

    assert len(installs) == 2
    (locked_at, locked_step), (project_at, project_step) = installs
    assert "--require-hashes --no-deps -r requirements.lock" in locked_step
    assert copy_lock < locked_at < min(i for i in copies if i != copy_lock)
    assert "--no-deps --no-build-isolation --no-index ." in project_step  # nothing unhashed
    assert locked_at < project_at


def test_the_lock_reaches_the_build_context_and_names_how_to_regenerate_it() -> None:
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    regenerate = ROOT / "deploy" / "lock"

    assert ignored.index("!deploy/requirements.lock") > ignored.index("deploy")
    assert "#    deploy/lock" in LOCK.read_text().splitlines()[1]
    assert os.access(regenerate, os.X_OK)
    assert "--generate-hashes" in regenerate.read_text()
