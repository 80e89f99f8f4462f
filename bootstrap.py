"""The composition root: the one place that chooses adapters and wires them to the pipeline.

`build_pipeline` takes every port as a keyword; what is not given gets the default (the demo
corpus, the embedded dataset, the rules, the system clock). `build_worker` chooses the Slack
worker's adapters from its settings and returns what the listeners need. The CLI, the worker,
the demo, the benchmarks and the tests all call these two functions, tests with fakes.

Each adapter is imported in the branch that chooses it, so an offline answer never loads the
Slack, MCP or language-model libraries.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from adapters.authority.policy_file import startup_policy
from adapters.clock import SystemClock
from adapters.dedup.memory import InMemoryEventDedup
from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, demo_messages_path
from adapters.ops.instrumented import TimedEvidence, TimedExtractor, TimedSearch
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.requests import MAX_QUESTION_CHARS
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.ops.metrics import Metrics, NullMetrics
from truthexpiry.ops.readiness import Readiness
from truthexpiry.ports import (
    ClaimExtractor,
    Clock,
    EventDedup,
    LifecycleEvidence,
    LifecycleHistory,
    MessageSearch,
    NoticeLedger,
)
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.services.pipeline import TruthExpiryPipeline
from truthexpiry.time.feed import ChangeFeed, ChangeNotifier

# A claimed notice is remembered this many days past the notice window, so that it can never
# be posted twice while its record is inside the window, whatever the clocks say.
NOTICE_MEMORY_DAYS = 30

if TYPE_CHECKING:
    from pydantic import SecretStr
    from slack_sdk import WebClient

    from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
    from adapters.llm.extractor import PydanticAiClaimExtractor
    from adapters.ops.runtime import WorkerRuntime
    from adapters.ops.startup_checks import Finding
    from adapters.socket_mode import EarlyAckSocketModeHandler
    from listeners.dependencies import ListenerDependencies
    from listeners.draining import Drain
    from settings.model import ModelSettings
    from settings.worker import WorkerSettings
    from truthexpiry.models.errors import EvidenceUnavailableError
    from truthexpiry.models.records.catalog import Catalog


def build_pipeline(
    *,
    search: MessageSearch | None = None,
    evidence: LifecycleEvidence | None = None,
    extractor: ClaimExtractor | None = None,
    clock: Clock | None = None,
    authority: AuthorityPolicy | None = None,
    history: LifecycleHistory | None = None,
) -> TruthExpiryPipeline:
    """The pipeline over the given ports; defaults: the demo corpus, the embedded dataset read
    in this process, the rules extractor and the system clock. The records by date for change
    questions (`history`) come from the evidence source when it lists them."""
    evidence = dataset_evidence(None) if evidence is None else evidence
    if history is None and isinstance(evidence, LifecycleHistory):
        history = evidence
    return TruthExpiryPipeline(
        search=corpus_search(None) if search is None else search,
        evidence=evidence,
        extractor=RulesClaimExtractor() if extractor is None else extractor,
        clock=SystemClock() if clock is None else clock,
        authority=authority,
        history=history,
    )


def corpus_search(messages: Path | Sequence[SearchMessage] | None) -> MessageSearch:
    """Search over a corpus file, a list of messages, or (None) the embedded demo corpus."""
    if messages is None or isinstance(messages, Path):
        return CorpusMessageSearch.from_path(messages or demo_messages_path())
    return CorpusMessageSearch(messages)


def dataset_evidence(
    lifecycle_data: Path | LifecycleRecordRepository | None,
) -> InProcessLifecycleEvidence:
    """Evidence from a dataset file, a loaded dataset, or (None) the embedded demo dataset, read
    in this process."""
    if isinstance(lifecycle_data, LifecycleRecordRepository):
        return InProcessLifecycleEvidence(lifecycle_data)
    repository = (
        LifecycleRecordRepository.from_path(lifecycle_data)
        if lifecycle_data
        else LifecycleRecordRepository.packaged()
    )
    return InProcessLifecycleEvidence(repository)


def mcp_evidence(url: str, *, token: str | None, timeout: float = 2.0) -> McpLifecycleEvidence:
    """Evidence from a lifecycle MCP server; close it when done."""
    from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence

    return McpLifecycleEvidence(url, token=token, timeout=timeout)


def live_extractor(settings: ModelSettings) -> PydanticAiClaimExtractor:
    """Claims proposed by the configured model, grounded, with the rules as the fallback;
    close it when done."""
    from adapters.llm.extractor import PydanticAiClaimExtractor
    from adapters.llm.model import openai_compatible_model
    from agent.factory import build_claim_agent

    model = openai_compatible_model(
        settings.llm_model,
        api_key=_revealed(settings.openai_api_key) or "",
        base_url=settings.llm_base_url,
        timeout=settings.llm_timeout_seconds,
    )
    return PydanticAiClaimExtractor(
        build_claim_agent(model),
        rules=RulesClaimExtractor(every_message=True),  # the model may add topics
        timeout=settings.llm_timeout_seconds,
    )


def build_metrics(enabled: bool) -> Metrics:
    """Prometheus metrics when enabled, else metrics that record nothing."""
    if not enabled:
        return NullMetrics()
    from adapters.ops.prometheus_metrics import PrometheusMetrics

    return PrometheusMetrics()


@dataclass
class Worker:
    """A composed Slack worker, not yet started: the listeners' dependencies, the change
    notifier when this replica posts change notices, the runtime that starts and stops every
    part, and the adapters to release (`close()`, for a worker that is never started)."""

    deps: ListenerDependencies
    notifier: ChangeNotifier | None
    runtime: WorkerRuntime
    closers: list[Callable[[], None]] = field(default_factory=list)

    def start(self) -> WorkerRuntime:
        return self.runtime.start()

    def close(self) -> None:
        while self.closers:
            self.closers.pop()()


def build_worker(
    settings: WorkerSettings,
    client: WebClient | None = None,
    *,
    metrics: Metrics | None = None,
    dedup: EventDedup | None = None,
    search: MessageSearch | None = None,
    evidence: LifecycleEvidence | None = None,
    history: LifecycleHistory | None = None,
    extractor: ClaimExtractor | None = None,
    clock: Clock | None = None,
) -> Worker:
    """Everything the worker runs, chosen from `settings`: the Web API client (unless given),
    Slack search and the MCP server or (when offline) the demo corpus and the embedded dataset,
    the listeners' dependencies, the notifier, the probe and metrics servers, Socket Mode, the
    readiness monitor and the ticker. Given ports replace the chosen ones; a given `evidence`
    without a `history` leaves the App Home and notices without changes."""
    from listeners.draining import Drain

    client = slack_client(settings) if client is None else client
    metrics = build_metrics(settings.metrics_enabled) if metrics is None else metrics
    clock = SystemClock() if clock is None else clock
    closers: list[Callable[[], None]] = []
    reachable: Callable[[], bool] = _always
    if evidence is None and not settings.offline and settings.lifecycle_mcp_url is not None:
        mcp = mcp_evidence(
            settings.lifecycle_mcp_url,
            token=_revealed(settings.lifecycle_mcp_token),
            timeout=settings.lifecycle_timeout_seconds,
        )
        closers.append(mcp.close)
        evidence, history, reachable = mcp, history or mcp, mcp.reachable
    if evidence is None:
        local = dataset_evidence(None)
        evidence, history = local, history or local
    search = _worker_search(settings, client) if search is None else search
    timed_evidence = TimedEvidence(evidence, metrics)
    authority = startup_policy(settings.authority_policy_path, evidence.catalog)
    pipeline = build_pipeline(
        search=TimedSearch(search, metrics),
        evidence=timed_evidence,
        extractor=TimedExtractor(
            _worker_extractor(settings, closers, metrics) if extractor is None else extractor,
            metrics,
        ),
        clock=clock,
        authority=authority,
    )
    feed = (
        ChangeFeed(history=history, evidence=timed_evidence, clock=clock, authority=authority)
        if history is not None
        else None
    )
    deps = _listener_dependencies(
        client,
        pipeline=pipeline,
        catalog=timed_evidence.catalog,
        dedup=_event_dedup(settings, closers) if dedup is None else dedup,
        authority=authority,
        metrics=metrics,
        drain=Drain(),
        changes=feed,
    )
    notifier = _change_notifier(settings, client, feed, closers)
    worker = Worker(deps, notifier, _runtime(settings, client, deps, reachable, notifier), closers)
    worker.runtime.release = worker.close
    return worker


def slack_client(settings: WorkerSettings) -> WebClient:
    """The worker's one Web API client: Bolt's, and every Slack adapter's."""
    from slack_sdk import WebClient

    client = WebClient(token=settings.slack_bot_token.get_secret_value())
    if settings.slack_api_url:
        client.base_url = settings.slack_api_url  # also where apps.connections.open goes
    return client


def _listener_dependencies(
    client: WebClient,
    *,
    pipeline: TruthExpiryPipeline,
    catalog: Callable[[], Catalog],
    dedup: EventDedup,
    authority: AuthorityPolicy | None,
    metrics: Metrics,
    drain: Drain,
    changes: ChangeFeed | None,
) -> ListenerDependencies:
    """The listeners' dependencies, with the Slack facts they need read through `client`."""
    from adapters.slack.audience import Audience
    from adapters.slack.permalinks import SlackPermalinks
    from adapters.slack.threads import SlackThreads
    from adapters.slack.workspace import SlackWorkspaceFacts
    from listeners.dependencies import ListenerDependencies

    return ListenerDependencies(
        pipeline=pipeline,
        catalog=catalog,
        dedup=dedup,
        audience=Audience(SlackWorkspaceFacts(client)),
        threads=SlackThreads(client),
        permalinks=SlackPermalinks(client),
        max_question_chars=MAX_QUESTION_CHARS,
        authority=authority,
        metrics=metrics,
        drain=drain,
        changes=changes,
    )


def _runtime(
    settings: WorkerSettings,
    client: WebClient,
    deps: ListenerDependencies,
    lifecycle_reachable: Callable[[], bool],
    notifier: ChangeNotifier | None,
) -> WorkerRuntime:
    """The parts that run: the probe server, the metrics server, Socket Mode over the Bolt app
    with every listener registered, the readiness monitor (the lifecycle server's own /readyz
    when `lifecycle_health_url` names it), and the change-notice ticker."""
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
        socket_mode=lambda: _socket_mode(settings, client, deps),
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


def _socket_mode(
    settings: WorkerSettings, client: WebClient, deps: ListenerDependencies
) -> EarlyAckSocketModeHandler:
    """The Bolt app with every listener registered, on Socket Mode."""
    from slack_bolt import App

    from adapters.ops.logging_setup import quiet_library_logger
    from adapters.socket_mode import EarlyAckSocketModeHandler
    from listeners import register_listeners

    app = App(client=client, logger=quiet_library_logger("slack_bolt.App"))
    register_listeners(app, deps)
    return EarlyAckSocketModeHandler(
        app,
        settings.slack_app_token.get_secret_value(),
        ping_interval=settings.socket_ping_interval,
    )


def preflight(
    argv: Sequence[str] | None, environ: Mapping[str, str] | None
) -> tuple[WorkerSettings | None, int]:
    """`python app.py`'s command and settings checked, each problem one line on stderr: every
    configuration problem at once (exit 2), then unless `--check` alone, what Slack and the
    lifecycle server say (exit 1 when unreachable). The settings come back only when the
    worker is to run; the status is the exit status. `environ` replaces the process
    environment and `.env` (for tests)."""
    from settings.command_line import worker_command
    from settings.environment import ConfigError
    from settings.worker import WorkerSettings

    command = worker_command(sys.argv[1:] if argv is None else argv)
    try:
        settings = WorkerSettings.load(environ)
        problems = policy_problems(settings) if command.check else []
    except ConfigError as error:
        problems = error.problems
    for problem in problems:
        print(f"config: {problem}", file=sys.stderr)
    if problems:
        return None, 2
    status = 0
    if not command.check or command.live:
        from adapters.ops.startup_checks import reported

        status = reported(startup_findings(settings), checking=command.check, out=sys.stderr)
    if command.check and status == 0:
        print("configuration OK")
    return (None if command.check or status else settings), status


def serve(start: Callable[[], WorkerRuntime], log_level: str) -> None:
    """Run the worker `start` starts until SIGTERM or SIGINT, logging at `log_level`."""
    from adapters.ops.signals import run_until_signal
    from truthexpiry.ops.logs import configure_logging

    configure_logging(log_level)
    run_until_signal(start)


def worker_catalog(settings: WorkerSettings) -> Catalog:
    """The catalog the worker would use, fetched once (for `app.py --check`)."""
    if settings.offline or settings.lifecycle_mcp_url is None:
        return dataset_evidence(None).catalog()
    evidence = mcp_evidence(
        settings.lifecycle_mcp_url,
        token=_revealed(settings.lifecycle_mcp_token),
        timeout=settings.lifecycle_timeout_seconds,
    )
    try:
        return evidence.catalog()
    finally:
        evidence.close()


def policy_problems(settings: WorkerSettings) -> list[str]:
    """Problems only a look at the lifecycle catalog finds (the authority policy's names), for
    `python app.py --check`."""
    if settings.authority_policy_path is None:
        return []
    from adapters.authority.startup_check import authority_policy_problems
    from settings.remedies import variable

    return authority_policy_problems(
        Path(settings.authority_policy_path),
        lambda: worker_catalog(settings),
        setting=variable("authority_policy_path"),
        remedy_for=_remedy(settings),
    )


def startup_findings(settings: WorkerSettings) -> list[Finding]:
    """What Slack says to both tokens and, unless offline, what the lifecycle server says to
    one catalog fetch (`python app.py` before serving, and `--check --live`)."""
    from adapters.ops.startup_checks import SlackSettingNames, lifecycle_finding, slack_findings
    from settings.remedies import variable

    findings = slack_findings(
        settings.slack_bot_token.get_secret_value(),
        settings.slack_app_token.get_secret_value(),
        settings.slack_api_url,
        settings.slack_startup_timeout,
        SlackSettingNames(
            variable("slack_bot_token"), variable("slack_app_token"), variable("slack_api_url")
        ),
    )
    if not settings.offline and settings.lifecycle_mcp_url is not None:
        lifecycle = lifecycle_finding(
            lambda: worker_catalog(settings),
            url=settings.lifecycle_mcp_url,
            setting=variable("lifecycle_mcp_url"),
            remedy_for=_remedy(settings),
        )
        findings.extend([lifecycle] if lifecycle is not None else [])
    return findings


def _remedy(settings: WorkerSettings) -> Callable[[EvidenceUnavailableError], str | None]:
    """Which setting fixes a refusal from the lifecycle server, for this configuration."""
    from settings.remedies import setting_remedy

    token_set = settings.lifecycle_mcp_token is not None
    return lambda error: setting_remedy(error, token_set=token_set)


def _worker_search(settings: WorkerSettings, client: WebClient) -> MessageSearch:
    if settings.offline or settings.lifecycle_mcp_url is None:
        return corpus_search(None)
    from adapters.slack_rts.search import SlackMessageSearch

    return SlackMessageSearch(client, bot_user_id=client.auth_test().get("user_id"))


def _worker_extractor(
    settings: WorkerSettings, closers: list[Callable[[], None]], metrics: Metrics
) -> ClaimExtractor:
    """The language model when the settings choose the live extractor, else the rules."""
    if settings.live_model is None:
        return RulesClaimExtractor()
    extractor = live_extractor(settings.live_model)
    closers.append(extractor.close)
    metrics.export_counts(
        "truthexpiry_llm_proposals_dropped",
        "Model proposals dropped by grounding, by reason.",
        extractor.dropped.snapshot,
    )
    metrics.export_counts(
        "truthexpiry_llm_fallbacks",
        "Extractions answered by the rules because the model failed, by reason.",
        extractor.fallbacks.snapshot,
    )
    return extractor


def _event_dedup(settings: WorkerSettings, closers: list[Callable[[], None]]) -> EventDedup:
    """Shared across replicas in Redis when a Redis URL is set (`dedup_redis_url`), else memory."""
    if settings.dedup_redis_url is None:
        return InMemoryEventDedup()
    from adapters.dedup.redis import RedisEventDedup

    shared = RedisEventDedup(settings.dedup_redis_url.get_secret_value())
    closers.append(shared.close)
    return shared


def _change_notifier(
    settings: WorkerSettings,
    client: WebClient,
    feed: ChangeFeed | None,
    closers: list[Callable[[], None]],
) -> ChangeNotifier | None:
    """The notifier when this replica posts change notices: claims shared in Redis when
    `dedup_redis_url` is set, else in memory (this replica is the one notifier).
    Either ledger, found empty, gets a new baseline rather than a second round of notices."""
    channel = settings.change_notice_channel
    if feed is None or channel is None or not settings.posts_change_notices:
        return None
    from adapters.dedup.memory import InMemoryNoticeLedger
    from adapters.slack.change_notices import SlackChangeNotices
    from listeners.views.changes import change_notice

    window = settings.change_notice_window_days
    ledger: NoticeLedger
    if settings.dedup_redis_url is not None:
        from adapters.dedup.redis import RedisNoticeLedger

        shared = RedisNoticeLedger(
            settings.dedup_redis_url.get_secret_value(),
            ttl_seconds=(window + NOTICE_MEMORY_DAYS) * 86_400,
        )
        closers.append(shared.close)
        ledger = shared
    else:
        ledger = InMemoryNoticeLedger()
    notices = SlackChangeNotices(client, channel, render=change_notice)
    return ChangeNotifier(feed, ledger, notices, window_days=window)


def _revealed(secret: SecretStr | None) -> str | None:
    return secret.get_secret_value() if secret is not None else None


def _always() -> bool:
    return True


def _nothing() -> None:
    return None
