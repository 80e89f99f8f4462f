"""The Slack worker: a Bolt app on Socket Mode.

    python app.py            run until SIGTERM or SIGINT
    python app.py --check    validate the configuration and exit (0 when complete)

Settings come from the environment (see .env.sample); nothing here decides anything: listeners
hand every question to the pipeline that `adapters/worker.py` builds.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from collections.abc import Mapping, Sequence
from types import FrameType

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_sdk import WebClient

from adapters.worker import Worker, build_worker
from listeners import register_listeners
from truthexpiry.config.worker import ConfigError, WorkerSettings, load_worker_settings


def create_app(settings: WorkerSettings) -> tuple[App, Worker]:
    client = WebClient(token=settings.slack_bot_token.reveal())
    if settings.slack_api_url:
        client.base_url = settings.slack_api_url  # also where apps.connections.open goes
    app = App(client=client)
    worker = build_worker(settings, client)
    register_listeners(app, worker.services)
    return app, worker


def connect(
    app: App, settings: WorkerSettings, *, ping_interval: float = 10.0
) -> SocketModeHandler:
    """Open the Socket Mode connection; `ping_interval` also bounds how fast a dead socket is
    noticed and replaced."""
    handler = SocketModeHandler(app, settings.slack_app_token.reveal(), ping_interval=ping_interval)
    handler.client.connect()
    return handler


def run(settings: WorkerSettings, stop: threading.Event) -> None:
    """Connect, serve until `stop` is set, then disconnect and release the adapters."""
    app, worker = create_app(settings)
    try:
        handler = connect(app, settings)
        try:
            stop.wait()
        finally:
            handler.client.close()
    finally:
        worker.close()


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    try:
        settings = load_worker_settings(os.environ if environ is None else environ)
    except ConfigError as error:
        for problem in error.problems:
            print(f"config: {problem}", file=sys.stderr)
        return 2
    if "--check" in args:
        print("configuration OK")
        return 0
    stop = threading.Event()

    def request_stop(_signum: int, _frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    run(settings, stop)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
