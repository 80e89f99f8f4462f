"""The Slack worker composed from its settings: `build_worker` chooses the adapters (Slack search
and the MCP server, or offline the demo corpus and the embedded dataset), wires them to the
pipeline and the listeners, and returns the `Worker` that `app.py` starts.

Each adapter is imported in the branch that chooses it, so importing the composition root loads
neither Slack's SDK nor the MCP or language-model libraries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adapters.authority.policy_file import startup_policy
from adapters.clock import SystemClock
from adapters.ops.instrumented import TimedEvidence, TimedExtractor, TimedSearch
from bootstrap.pipeline import (
    build_pipeline,
    corpus_search,
    dataset_evidence,
    live_extractor,
    mcp_evidence,
    revealed,
)
from bootstrap.replicas import change_notifier, event_dedup
from bootstrap.runtime import worker_runtime
from truthexpiry.models.answering.requests import MAX_QUESTION_CHARS
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.ops.metrics import Metrics, NullMetrics
from truthexpiry.ports import (
    ClaimExtractor,
    Clock,
    EventDedup,
    LifecycleEvidence,
    LifecycleHistory,
    MessageSearch,
)
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.services.pipeline import TruthExpiryPipeline
from truthexpiry.time.feed import ChangeFeed, ChangeNotifier

if TYPE_CHECKING:
    from slack_sdk import WebClient

    from adapters.ops.runtime import WorkerRuntime
    from adapters.slack.web_client import KeepAliveWebClient
    from adapters.turns import QuestionTurns
    from listeners.dependencies import ListenerDependencies
    from listeners.draining import Drain
    from settings.worker import WorkerSettings
    from truthexpiry.models.records.catalog import Catalog


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
    from adapters.turns import QuestionTurns
    from listeners.draining import Drain

    closers: list[Callable[[], None]] = []
    if client is None:
        client = slack_client(settings)
        closers.append(client.close)
    metrics = build_metrics(settings.metrics_enabled) if metrics is None else metrics
    clock = SystemClock() if clock is None else clock
    reachable: Callable[[], bool] = _always
    if evidence is None and not settings.offline and settings.lifecycle_mcp_url is not None:
        mcp = mcp_evidence(
            settings.lifecycle_mcp_url,
            token=revealed(settings.lifecycle_mcp_token),
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
    turns = QuestionTurns()
    pipeline = build_pipeline(
        search=TimedSearch(search, metrics),
        evidence=timed_evidence,
        extractor=TimedExtractor(
            _worker_extractor(settings, closers, metrics) if extractor is None else extractor,
            metrics,
        ),
        clock=clock,
        authority=authority,
        turns=turns,
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
        dedup=event_dedup(settings, closers) if dedup is None else dedup,
        authority=authority,
        metrics=metrics,
        drain=Drain(),
        changes=feed,
        turns=turns,
    )
    notifier = change_notifier(settings, client, feed, closers)
    runtime = worker_runtime(
        settings, client, deps, reachable, notifier, event_arrived=turns.arrived
    )
    worker = Worker(deps, notifier, runtime, closers)
    worker.runtime.release = worker.close
    return worker


def slack_client(settings: WorkerSettings) -> KeepAliveWebClient:
    """The worker's one Web API client: Bolt's, and every Slack adapter's, over connections kept
    open between calls (`adapters.slack.web_client`)."""
    from adapters.slack.web_client import KeepAliveWebClient

    client = KeepAliveWebClient(token=settings.slack_bot_token.get_secret_value())
    if settings.slack_api_url:
        client.base_url = settings.slack_api_url  # also where apps.connections.open goes
    return client


def build_metrics(enabled: bool) -> Metrics:
    """Prometheus metrics when enabled, else metrics that record nothing."""
    if not enabled:
        return NullMetrics()
    from adapters.ops.prometheus_metrics import PrometheusMetrics

    return PrometheusMetrics()


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
    turns: QuestionTurns,
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
        turns=turns,
    )


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


def _always() -> bool:
    return True
