"""What a composed worker runs, and running it: the probe server, the metrics server, Socket Mode
over the Bolt app, the readiness monitor and the change-notice ticker, assembled into one
`WorkerRuntime`; `serve` keeps it running until a signal.

Each part is imported in the function that builds it, and the Bolt app only when Socket Mode
starts, so importing the composition root loads none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from truthexpiry.ops.readiness import Readiness

if TYPE_CHECKING:
    from slack_sdk import WebClient

    from adapters.ops.monitor import ReadinessMonitor
    from adapters.ops.runtime import WorkerRuntime
    from adapters.socket_mode import EarlyAckSocketModeHandler
    from listeners.dependencies import ListenerDependencies
    from settings.worker import WorkerSettings
    from truthexpiry.time.feed import ChangeNotifier


def worker_runtime(
    settings: WorkerSettings,
    client: WebClient,
    deps: ListenerDependencies,
    lifecycle_reachable: Callable[[], bool],
    notifier: ChangeNotifier | None,
    *,
    event_arrived: Callable[[], None],
) -> WorkerRuntime:
    """The parts that run: the probe server, the metrics server, Socket Mode over the Bolt app
    with every listener registered, the readiness monitor (the lifecycle server's own /readyz
    when `lifecycle_health_url` names it), and the change-notice ticker. `event_arrived` is
    called as each event arrives, before it is dispatched (`adapters.turns`)."""
    from adapters.ops.health_server import HealthServer
    from adapters.ops.monitor import ReadinessMonitor, http_ready
    from adapters.ops.runtime import WorkerRuntime
    from adapters.ops.ticker import Ticker

    readiness = Readiness()
    url = settings.lifecycle_health_url
    lifecycle = http_ready(url) if url else lifecycle_reachable

    def monitor(socket_connected: Callable[[], bool]) -> ReadinessMonitor:
        return ReadinessMonitor(
            readiness,
            deps.metrics,
            socket_connected=socket_connected,
            lifecycle_reachable=lifecycle,
        )

    return WorkerRuntime(
        socket_mode=lambda: _socket_mode(settings, client, deps, event_arrived),
        health=HealthServer(readiness, host=settings.ops_host, port=settings.health_port),
        metrics=deps.metrics,
        metrics_address=(settings.ops_host, settings.metrics_port),
        readiness=readiness,
        monitor=monitor,
        drain=deps.drain,
        drain_seconds=settings.drain_seconds,
        notices=Ticker(
            notifier.tick, interval=settings.change_notice_interval, name="change-notices"
        )
        if notifier is not None
        else None,
        release=_nothing,
    )


def serve(start: Callable[[], WorkerRuntime], log_level: str) -> None:
    """Run the worker `start` starts until SIGTERM or SIGINT, logging at `log_level`."""
    from adapters.ops.signals import run_until_signal
    from truthexpiry.ops.logs import configure_logging

    configure_logging(log_level)
    run_until_signal(start)


def _socket_mode(
    settings: WorkerSettings,
    client: WebClient,
    deps: ListenerDependencies,
    event_arrived: Callable[[], None],
) -> EarlyAckSocketModeHandler:
    """The Bolt app with every listener registered, on Socket Mode; its listeners' thread pool
    has room for the questions waiting their turn beside those answered (`adapters.turns`)."""
    from concurrent.futures import ThreadPoolExecutor

    from slack_bolt import App

    from adapters.ops.logging_setup import quiet_library_logger
    from adapters.socket_mode import EarlyAckSocketModeHandler
    from adapters.turns import LISTENER_THREADS
    from listeners import register_listeners

    app = App(
        client=client,
        logger=quiet_library_logger("slack_bolt.App"),
        listener_executor=ThreadPoolExecutor(LISTENER_THREADS, thread_name_prefix="listener"),
    )
    register_listeners(app, deps)
    return EarlyAckSocketModeHandler(
        app,
        settings.slack_app_token.get_secret_value(),
        ping_interval=settings.socket_ping_interval,
        event_arrived=event_arrived,
    )


def _nothing() -> None:
    return None
