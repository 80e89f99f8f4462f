"""A real Redis for tests: `redis-server` on a free loopback port, no persistence, in a temp dir.

`running_redis(directory)` starts it, waits (bounded) until it answers PING, and always stops
it. Where `redis-server` is not installed the test is skipped with the reason; `.ci/run`
installs it, so CI always runs these tests.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

START_TIMEOUT = 30.0


@dataclass
class RedisServer:
    port: int
    directory: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=30)

    def start(self) -> RedisServer:
        executable = shutil.which("redis-server")
        if executable is None:
            pytest.skip("redis-server is not installed (apt-get install redis-server)")
        log = (self.directory / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [
                executable,
                *("--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.directory)),
                *("--protected-mode", "yes", "--daemonize", "no"),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        self._wait_until_answering()
        return self

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)

    def _wait_until_answering(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + START_TIMEOUT
        with redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1) as probe:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    log = (self.directory / "redis.log").read_text(errors="replace")
                    pytest.fail(f"redis-server exited at start ({self.process.returncode}):\n{log}")
                try:
                    if probe.ping():
                        return
                except redis.ConnectionError:
                    time.sleep(0.05)
        self.stop()
        pytest.fail(f"redis-server did not answer PING within {START_TIMEOUT:g} s")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_redis(directory: Path, port: int | None = None) -> Iterator[RedisServer]:
    server = RedisServer(port or free_port(), directory)
    try:
        yield server.start()
    finally:
        server.stop()
