"""The composition root: the one place that chooses adapters and wires them to the pipeline.

`build_pipeline` takes every port as a keyword; what is not given gets the default (the demo
corpus, the embedded dataset, the rules, the system clock). `build_worker` chooses the Slack
worker's adapters from its settings and returns what the listeners need. The CLI, the worker,
the demo, the benchmarks and the tests all call these two functions, tests with fakes.

Each adapter is imported in the branch that chooses it, so an offline answer never loads the
Slack, MCP or language-model libraries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from adapters.authority.policy_file import startup_policy
from adapters.clock import SystemClock
from adapters.dedup.memory import InMemoryEventDedup
from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, demo_messages_path
from adapters.ops.instrumented import TimedEvidence, TimedExtractor, TimedSearch
from lifecycle_mcp.repository import LifecycleRecordRepository
from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.messages import SearchMessage
from truthexpiry.ops.metrics import Metrics, NullMetrics
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
    from adapters.ops.startup_checks import Finding
    from listeners.dependencies import ListenerDependencies
    from settings.worker import ModelSettings, WorkerSettings
    from truthexpiry.models.catalog import Catalog


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


def dataset_evidence(lifecycle_data: Path | None) -> InProcessLifecycleEvidence:
    """Evidence from a dataset file, or (None) the embedded demo dataset, read in this process."""
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
    """What a running Slack worker needs: the listeners' dependencies, the readiness probe of
    its evidence source, the adapters to release at shutdown, and the change notifier when this
    replica posts change notices."""

    deps: ListenerDependencies
    lifecycle_reachable: Callable[[], bool]
    closers: list[Callable[[], None]] = field(default_factory=list)
    notifier: ChangeNotifier | None = None

    def close(self) -> None:
        while self.closers:
            self.closers.pop()()


def build_worker(
    settings: WorkerSettings,
    client: WebClient,
    *,
    metrics: Metrics | None = None,
    dedup: EventDedup | None = None,
    search: MessageSearch | None = None,
    evidence: LifecycleEvidence | None = None,
    history: LifecycleHistory | None = None,
    extractor: ClaimExtractor | None = None,
    clock: Clock | None = None,
) -> Worker:
    """The worker's adapters chosen from `settings`: Slack search and the MCP server, or (when
    offline) the demo corpus and the embedded dataset. Given ports replace the chosen ones; a
    given `evidence` without a `history` leaves the App Home and notices without changes."""
    from adapters.slack.workspace import SlackWorkspaceFacts
    from listeners.audience import Audience
    from listeners.dependencies import ListenerDependencies

    metrics = NullMetrics() if metrics is None else metrics
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
    deps = ListenerDependencies(
        pipeline=pipeline,
        catalog=timed_evidence.catalog,
        dedup=_event_dedup(settings, closers) if dedup is None else dedup,
        audience=Audience(SlackWorkspaceFacts(client)),
        authority=authority,
        metrics=metrics,
        changes=feed,
    )
    return Worker(deps, reachable, closers, _change_notifier(settings, client, feed, closers))


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

    return authority_policy_problems(
        Path(settings.authority_policy_path),
        lambda: worker_catalog(settings),
        token_set=settings.lifecycle_mcp_token is not None,
    )


def startup_findings(settings: WorkerSettings) -> list[Finding]:
    """What Slack says to both tokens and, unless offline, what the lifecycle server says to
    one catalog fetch (`python app.py` before serving, and `--check --live`)."""
    from adapters.ops.startup_checks import lifecycle_finding, slack_findings

    findings = slack_findings(
        settings.slack_bot_token.get_secret_value(),
        settings.slack_app_token.get_secret_value(),
        settings.slack_api_url,
        settings.slack_startup_timeout,
    )
    if not settings.offline and settings.lifecycle_mcp_url is not None:
        lifecycle = lifecycle_finding(
            lambda: worker_catalog(settings),
            url=settings.lifecycle_mcp_url,
            token_set=settings.lifecycle_mcp_token is not None,
        )
        findings.extend([lifecycle] if lifecycle is not None else [])
    return findings


def _worker_search(settings: WorkerSettings, client: WebClient) -> MessageSearch:
    if settings.offline or settings.lifecycle_mcp_url is None:
        return corpus_search(None)
    from adapters.slack_rts.search import SlackMessageSearch

    return SlackMessageSearch(client, bot_user_id=client.auth_test().get("user_id"))


def _worker_extractor(
    settings: WorkerSettings, closers: list[Callable[[], None]], metrics: Metrics
) -> ClaimExtractor:
    """The language model when `TRUTH_EXPIRY_CLAIM_EXTRACTOR=live`, else the rules."""
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
    """Shared across replicas in Redis when `TRUTH_EXPIRY_DEDUP_REDIS_URL` is set, else memory."""
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
    `TRUTH_EXPIRY_DEDUP_REDIS_URL` is set, else in memory (this replica is the one notifier).
    Either ledger, found empty, gets a new baseline rather than a second round of notices."""
    channel = settings.change_notice_channel
    if feed is None or channel is None or not settings.posts_change_notices:
        return None
    from adapters.dedup.memory import InMemoryNoticeLedger
    from listeners.change_notices import SlackChangeNotices

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
    return ChangeNotifier(feed, ledger, SlackChangeNotices(client, channel), window_days=window)


def _revealed(secret: SecretStr | None) -> str | None:
    return secret.get_secret_value() if secret is not None else None


def _always() -> bool:
    return True
