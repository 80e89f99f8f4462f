"""The Slack worker: a Bolt app on Socket Mode.

    python app.py            run until SIGTERM or SIGINT, then drain and stop
    python app.py --check    validate the configuration and exit (0 when complete)

Settings come from the environment (see .env.sample). Nothing here decides anything: listeners
hand every question to the pipeline that `adapters/worker.py` builds.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Mapping, Sequence
from types import FrameType

from slack_bolt import App
from slack_sdk import WebClient

from adapters.authority.startup_check import authority_policy_problems
from adapters.ops.logging_setup import configure_logging, quiet_library_logger
from adapters.ops.prometheus_metrics import PrometheusMetrics
from adapters.ops.runtime import WorkerRuntime
from adapters.socket_mode import EarlyAckSocketModeHandler
from adapters.worker import Worker, build_worker
from listeners import register_listeners
from truthexpiry.config.ops import OpsSettings, load_ops_settings
from truthexpiry.config.worker import ConfigError, WorkerSettings, load_worker_settings
from truthexpiry.ops.metrics import Metrics, NullMetrics
from truthexpiry.ops.readiness import Readiness


def create_app(settings: WorkerSettings, *, metrics: Metrics | None = None) -> tuple[App, Worker]:
    client = WebClient(token=settings.slack_bot_token.reveal())
    if settings.slack_api_url:
        client.base_url = settings.slack_api_url  # also where apps.connections.open goes
    app = App(client=client, logger=quiet_library_logger("slack_bolt.App"))
    worker = build_worker(settings, client, metrics=metrics)
    register_listeners(app, worker.services)
    return app, worker


def connect(
    app: App, settings: WorkerSettings, *, ping_interval: float = 10.0
) -> EarlyAckSocketModeHandler:
    """Open the Socket Mode connection without the side servers (for tests and tools)."""
    handler = EarlyAckSocketModeHandler(
        app, settings.slack_app_token.reveal(), ping_interval=ping_interval
    )
    handler.client.connect()
    return handler


def run(settings: WorkerSettings, ops: OpsSettings, stop: threading.Event) -> None:
    metrics = PrometheusMetrics() if ops.metrics_enabled else NullMetrics()
    app, worker = create_app(settings, metrics=metrics)
    runtime = WorkerRuntime(app, worker, settings.slack_app_token, ops, metrics, Readiness())
    runtime.start()
    stop.wait()
    runtime.shutdown()


def load_settings(environ: Mapping[str, str]) -> tuple[WorkerSettings, OpsSettings]:
    """Both settings objects, or one `ConfigError` naming every problem in either."""
    problems: list[str] = []
    settings = ops = None
    try:
        settings = load_worker_settings(environ)
    except ConfigError as error:
        problems.extend(error.problems)
    try:
        ops = load_ops_settings(environ)
    except ConfigError as error:
        problems.extend(error.problems)
    if settings is None or ops is None:
        raise ConfigError(problems)
    return settings, ops


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        settings, ops = load_settings(os.environ if environ is None else environ)
    except ConfigError as error:
        for problem in error.problems:
            print(f"config: {problem}", file=sys.stderr)
        return 2
    if "--check" in args:
        problems = authority_policy_problems(settings)
        for problem in problems:
            print(f"config: {problem}", file=sys.stderr)
        if problems:
            return 2
        print("configuration OK")
        return 0
    configure_logging(ops.log_level)
    stop = threading.Event()

    def request_stop(_signum: int, _frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    run(settings, ops, stop)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
