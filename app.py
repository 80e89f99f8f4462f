"""The Slack worker, a Bolt app on Socket Mode: `python app.py [--check [--live]]` (see --help)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from adapters.ops.terminal import run_from_terminal
from bootstrap import build_worker, preflight, serve

if TYPE_CHECKING:
    from adapters.ops.runtime import WorkerRuntime
    from settings.worker import WorkerSettings
    from truthexpiry.ops.metrics import Metrics


def start(settings: WorkerSettings, *, metrics: Metrics | None = None) -> WorkerRuntime:
    return build_worker(settings, metrics=metrics).start()


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    """`environ` replaces the process environment and `.env` (for tests)."""
    settings, status = preflight(argv, environ)  # settings only when the worker is to run
    if settings is not None:
        serve(lambda: start(settings), settings.log_level)
    return status


if __name__ == "__main__":
    raise SystemExit(run_from_terminal(main))
