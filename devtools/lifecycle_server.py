"""Start a real lifecycle MCP server on loopback, for the demo, benchmarks and tests.

`LocalLifecycleServer` runs `python -m lifecycle_mcp.server` as a child process on free ports
with a fresh random token, waits until `/readyz` answers 200, and stops the process on exit.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

from adapters.ops.monitor import http_ready
from devtools.processes import free_port, stop_process
from truthexpiry.models.errors import TruthExpiryError

__all__ = ["LocalLifecycleServer", "LocalServerError", "free_port", "server_command"]

PREFIX = "TRUTH_EXPIRY_LIFECYCLE_MCP_"


class LocalServerError(TruthExpiryError):
    """The local lifecycle server did not start."""


def server_command(open_files: int | None) -> list[str]:
    if open_files is None:
        return [sys.executable, "-m", "lifecycle_mcp.server"]
    limited = (  # the limit set inside the child, before the server starts
        "import resource, runpy; "
        f"resource.setrlimit(resource.RLIMIT_NOFILE, ({open_files}, {open_files})); "
        "runpy.run_module('lifecycle_mcp.server', run_name='__main__')"
    )
    return [sys.executable, "-c", limited]


class LocalLifecycleServer:
    def __init__(
        self,
        dataset: Path | None = None,
        *,
        extra_env: dict[str, str] | None = None,
        start_timeout: float = 60.0,
        open_files: int | None = None,
    ) -> None:
        """`open_files`: the server's limit on open file descriptors, when it needs one."""
        self.port = free_port()
        self.health_port = free_port()
        self.token = secrets.token_urlsafe(24)
        self._dataset = dataset
        self._extra_env = extra_env or {}
        self._start_timeout = start_timeout
        self._open_files = open_files
        self._process: subprocess.Popen[bytes] | None = None
        # The server's log goes to a file, not a pipe nobody drains, which could block it.
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in __exit__

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    @property
    def health_url(self) -> str:
        return f"http://127.0.0.1:{self.health_port}"

    def start(self) -> LocalLifecycleServer:
        env = {
            **os.environ,
            f"{PREFIX}HOST": "127.0.0.1",
            f"{PREFIX}PORT": str(self.port),
            f"{PREFIX}HEALTH_PORT": str(self.health_port),
            f"{PREFIX}TOKENS": self.token,
            **({f"{PREFIX}DATASET_PATH": str(self._dataset)} if self._dataset else {}),
            **self._extra_env,
        }
        self._process = subprocess.Popen(
            server_command(self._open_files),
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
        )
        self._wait_ready()
        return self

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            stop_process(process)

    def log_text(self) -> str:
        """What the server has logged so far (its own JSON lines; they carry no secrets)."""
        self._log.seek(0)
        return self._log.read().decode(errors="replace")

    def ready(self) -> bool:
        return http_ready(f"{self.health_url}/readyz")()

    def _wait_ready(self) -> None:
        assert self._process is not None
        deadline = time.monotonic() + self._start_timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                self._process = None
                self._log.seek(0)  # the server's own messages carry no secrets
                last = self._log.read().decode(errors="replace").strip().splitlines()[-1:]
                raise LocalServerError(
                    f"the lifecycle server exited at start: {last or 'no output'}"
                )
            if self.ready():
                return
            time.sleep(0.05)
        self.stop()
        raise LocalServerError(f"the lifecycle server was not ready in {self._start_timeout:g} s")

    def __enter__(self) -> LocalLifecycleServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
