"""Child processes on this machine, for the demo, the benchmarks and the tests: a worker
(`python app.py`) started with its own health port, and any child stopped gracefully."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]


_HANDED_OUT: set[int] = set()  # ports this process was given: none is given twice


def free_port() -> int:
    """A loopback port nothing listens on now, and not one this process was given before: the
    kernel may hand the same free port to two calls in a row (a server given two ports, its
    MCP and its probes, then failed to bind the second)."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port


def start_worker(env: dict[str, str], log: IO[bytes] | int) -> subprocess.Popen[bytes]:
    """`python app.py` with `env`, on a free health port, its output in `log`."""
    return subprocess.Popen(
        [sys.executable, "app.py"],
        cwd=ROOT,
        env=env | {"TRUTH_EXPIRY_HEALTH_PORT": str(free_port())},
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def stop_process(process: subprocess.Popen[bytes], timeout: float = 10.0) -> int:
    """SIGTERM (the process drains and exits), then SIGKILL if it takes over `timeout` s."""
    if process.poll() is None:
        process.terminate()
    return _wait_or_kill(process, timeout)


def stop_processes(processes: list[subprocess.Popen[bytes]], timeout: float = 10.0) -> None:
    """`stop_process` for each, all signalled before any is waited for: replicas drain side by
    side, so stopping n of them takes about as long as stopping one."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        _wait_or_kill(process, timeout)


def _wait_or_kill(process: subprocess.Popen[bytes], timeout: float) -> int:
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
    return int(process.returncode)
