"""Fixtures for integration tests: the real lifecycle MCP server, run as a subprocess.

`launch_server` starts `python -m lifecycle_mcp.server` on free loopback ports with two accepted
tokens and a copy of the packaged dataset, waits until `/readyz` answers 200, and always stops
the process, so a failing test never leaves a server behind.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx2
import pytest

from adapters.ops.monitor import http_ready
from devtools.lifecycle_server import server_command
from devtools.processes import free_port, stop_process
from lifecycle_data.repository import packaged_dataset_path

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "TRUTH_EXPIRY_LIFECYCLE_MCP_"
START_TIMEOUT = 60.0  # a loaded machine starts a Python server slowly; only a hang waits this out


@dataclass(frozen=True)
class RunningServer:
    mcp_url: str
    health_url: str
    tokens: tuple[str, str]
    dataset_path: Path
    log_path: Path
    process: subprocess.Popen[bytes]
    metrics_url: str | None = None  # when metrics are enabled

    @property
    def mcp_port(self) -> int:
        return int(self.mcp_url.rsplit(":", 1)[1].removesuffix("/mcp"))

    @property
    def token(self) -> str:
        return self.tokens[0]

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.token}"}

    def readiness(self) -> dict[str, object]:
        body: dict[str, object] = httpx2.get(f"{self.health_url}/readyz", timeout=30).json()
        return body

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def server_environment(
    directory: Path,
    tokens: tuple[str, ...],
    extra_env: dict[str, str] | None = None,
    **overrides: str,
) -> tuple[dict[str, str], Path, int, int]:
    """Environment for a server on free ports, serving a copy of the packaged dataset."""
    dataset = directory / "lifecycle.json"
    shutil.copyfile(packaged_dataset_path(), dataset)
    port, health_port = free_port(), free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith(PREFIX)}
    env |= {
        f"{PREFIX}PORT": str(port),
        f"{PREFIX}HEALTH_PORT": str(health_port),
        f"{PREFIX}TOKENS": ",".join(tokens),
        f"{PREFIX}DATASET_PATH": str(dataset),
    }
    env |= {f"{PREFIX}{name}": value for name, value in overrides.items()}
    env |= extra_env or {}
    return env, dataset, port, health_port


def run_server_command(
    args: list[str], env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lifecycle_mcp.server", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@contextmanager
def launch_server(
    directory: Path,
    extra_env: dict[str, str] | None = None,
    open_files: int | None = None,
    **overrides: str,
) -> Iterator[RunningServer]:
    """`open_files`: the server's limit on open file descriptors (soft and hard), if any."""
    tokens = (secrets.token_urlsafe(24), secrets.token_urlsafe(24))
    env, dataset, port, health_port = server_environment(directory, tokens, extra_env, **overrides)
    log_path = directory / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            server_command(open_files),
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            server = RunningServer(
                mcp_url=f"http://127.0.0.1:{port}/mcp",
                health_url=f"http://127.0.0.1:{health_port}",
                tokens=tokens,
                dataset_path=dataset,
                log_path=log_path,
                process=process,
                metrics_url=_metrics_url(env),
            )
            _wait_until_ready(process, server)
            yield server
        finally:
            stop(process)


def _metrics_url(env: dict[str, str]) -> str | None:
    if env.get("TRUTH_EXPIRY_METRICS_ENABLED") != "1":
        return None
    return f"http://127.0.0.1:{env.get('TRUTH_EXPIRY_METRICS_PORT', '9090')}/metrics"


def stop(process: subprocess.Popen[bytes]) -> int:
    return stop_process(process)


def _wait_until_ready(process: subprocess.Popen[bytes], server: RunningServer) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited at start ({process.returncode}):\n{server.log()}")
        if http_ready(f"{server.health_url}/readyz")():
            return
        time.sleep(0.05)
    pytest.fail(f"the server was not ready in {START_TIMEOUT:g} s:\n{server.log()}")


@pytest.fixture(scope="module")
def lifecycle_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """One server shared by the read-only tests of a module; it also allows Host `lifecycle-mcp`."""
    directory = tmp_path_factory.mktemp("lifecycle")
    with launch_server(directory, ALLOWED_HOSTS="lifecycle-mcp:8000") as server:
        yield server


@pytest.fixture
def reloading_server(tmp_path: Path) -> Iterator[RunningServer]:
    """A server of its own that polls its dataset file every 0.1 s."""
    with launch_server(tmp_path, RELOAD_SECONDS="0.1") as server:
        yield server
