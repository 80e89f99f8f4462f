"""The Slack worker: a Bolt app on Socket Mode.

    python app.py                 check the tokens with Slack, then run until SIGTERM or SIGINT
    python app.py --check         validate the configuration offline and exit (0 when complete)
    python app.py --check --live  also ask Slack and the lifecycle server, then exit

Settings come from the environment and `.env` (see .env.sample); the environment wins.
Nothing here decides anything: the
listeners hand every question to the pipeline that `bootstrap.build_worker` composes. Slack's
libraries are imported only when the worker starts, so `--check` stays quick.
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Mapping, Sequence
from types import FrameType
from typing import TYPE_CHECKING

from bootstrap import policy_problems, startup_findings
from settings.command_line import worker_command
from settings.environment import ConfigError
from settings.worker import WorkerSettings
from truthexpiry.ops.metrics import Metrics

if TYPE_CHECKING:
    from adapters.ops.runtime import WorkerRuntime


def start(settings: WorkerSettings, *, metrics: Metrics | None = None) -> WorkerRuntime:
    """Compose the worker, connect it to Slack and start its side servers; `shutdown()` stops it."""
    from slack_bolt import App
    from slack_sdk import WebClient

    from adapters.ops.logging_setup import quiet_library_logger
    from adapters.ops.runtime import WorkerRuntime
    from bootstrap import build_metrics, build_worker
    from listeners import register_listeners
    from truthexpiry.ops.readiness import Readiness

    metrics = metrics or build_metrics(settings.metrics_enabled)
    client = WebClient(token=settings.slack_bot_token.get_secret_value())
    if settings.slack_api_url:
        client.base_url = settings.slack_api_url  # also where apps.connections.open goes
    app = App(client=client, logger=quiet_library_logger("slack_bolt.App"))
    worker = build_worker(settings, client, metrics=metrics)
    register_listeners(app, worker.deps)
    runtime = WorkerRuntime(
        app=app,
        app_token=settings.slack_app_token.get_secret_value(),
        host=settings.ops_host,
        health_port=settings.health_port,
        metrics_port=settings.metrics_port,
        drain_seconds=settings.drain_seconds,
        ping_interval=settings.socket_ping_interval,
        lifecycle_health_url=settings.lifecycle_health_url,
        metrics=metrics,
        readiness=Readiness(),
        drain=worker.deps.drain,
        lifecycle_reachable=worker.lifecycle_reachable,
        release=worker.close,
        change_notices=worker.notifier.tick if worker.notifier is not None else None,
        notice_interval=settings.change_notice_interval,
    )
    return runtime.start()


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    """`environ` replaces the process environment and `.env` (for tests)."""
    command = worker_command(sys.argv[1:] if argv is None else argv)
    try:
        settings = WorkerSettings.load(environ)
        problems = policy_problems(settings) if command.check else []
    except ConfigError as error:
        problems = error.problems
    for problem in problems:
        print(f"config: {problem}", file=sys.stderr)
    if problems:
        return 2
    offline_check = command.check and not command.live
    status = 0 if offline_check else live_status(settings, checking=command.check)
    if command.check and status == 0:
        print("configuration OK")
    if command.check or status:
        return status
    serve(settings)
    return 0


def live_status(settings: WorkerSettings, *, checking: bool) -> int:
    """What Slack and the lifecycle server say, one line each on stderr; the exit status."""
    from adapters.ops.startup_checks import reported

    return reported(startup_findings(settings), checking=checking, out=sys.stderr)


def serve(settings: WorkerSettings) -> None:
    from truthexpiry.ops.logs import configure_logging

    configure_logging(settings.log_level)
    # The main thread wakes every 0.2 s: Python runs a signal handler only in the main thread,
    # between bytecodes, and a SIGINT the kernel hands to another thread does not wake a main
    # thread blocked in a lock (`Event.wait()`), so Ctrl-C right after start-up was missed.
    received: list[int] = []

    def request_stop(signum: int, _frame: FrameType | None) -> None:
        received.append(signum)

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    runtime = start(settings)
    while not received:
        time.sleep(0.2)
    runtime.shutdown()


if __name__ == "__main__":
    from adapters.ops.terminal import run_from_terminal

    raise SystemExit(run_from_terminal(main))
