"""Composition of the Slack worker: the adapters behind the listeners, chosen from settings.

Live: Slack's search (assistant.search.context) and the lifecycle MCP server. Offline
(`TRUTH_EXPIRY_USE_FAKES=1`): the demo corpus and the embedded dataset, for trying the Slack side
without search access or a server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from slack_sdk import WebClient

from adapters.authority.policy_file import startup_policy
from adapters.composition import (
    build_pipeline,
    corpus_search,
    in_process_evidence,
    live_claim_extractor,
    mcp_evidence,
)
from adapters.dedup.memory import InMemoryEventDedup
from adapters.dedup.redis import RedisEventDedup
from adapters.ops.instrumented import TimedEvidence, TimedExtractor, TimedSearch
from adapters.ops.prometheus_metrics import PrometheusMetrics
from adapters.slack_rts.search import SlackMessageSearch
from listeners.services import ListenerServices
from truthexpiry.config.worker import ExtractorChoice, WorkerSettings
from truthexpiry.ops.metrics import Metrics, NullMetrics
from truthexpiry.ports import ClaimExtractor, EventDedup, LifecycleEvidence, MessageSearch
from truthexpiry.services.extraction.rules import RulesClaimExtractor


@dataclass
class Worker:
    services: ListenerServices
    closers: list[Callable[[], None]] = field(default_factory=list)
    lifecycle_reachable: Callable[[], bool] = field(default=lambda: True)  # for readiness

    def close(self) -> None:
        while self.closers:
            self.closers.pop()()


def build_worker(
    settings: WorkerSettings,
    client: WebClient,
    *,
    dedup: EventDedup | None = None,
    metrics: Metrics | None = None,
) -> Worker:
    closers: list[Callable[[], None]] = []
    evidence: LifecycleEvidence
    search: MessageSearch
    reachable: Callable[[], bool] = _always
    if settings.offline or settings.lifecycle_mcp_url is None:
        evidence = in_process_evidence(None)
        search = corpus_search(None)
    else:
        token = settings.lifecycle_mcp_token
        mcp = mcp_evidence(
            settings.lifecycle_mcp_url,
            token=token.reveal() if token else None,
            timeout=settings.lifecycle_timeout_seconds,
        )
        closers.append(mcp.close)
        evidence, reachable = mcp, mcp.reachable
        search = SlackMessageSearch(client, bot_user_id=client.auth_test().get("user_id"))
    metrics = metrics or NullMetrics()
    timed_evidence = TimedEvidence(evidence, metrics)
    authority = startup_policy(settings.authority_policy_path, evidence.catalog)
    services = ListenerServices(
        pipeline=build_pipeline(
            search=TimedSearch(search, metrics),
            evidence=timed_evidence,
            extractor=TimedExtractor(
                claim_extractor(settings, closers, metrics) or RulesClaimExtractor(), metrics
            ),
            authority=authority,
        ),
        catalog=timed_evidence.catalog,
        dedup=dedup or event_dedup(settings, closers),
        max_question_chars=settings.max_question_chars,
        metrics=metrics,
        authority=authority,
    )
    return Worker(services, closers, reachable)


def _always() -> bool:
    return True


def event_dedup(settings: WorkerSettings, closers: list[Callable[[], None]]) -> EventDedup:
    """Shared across replicas in Redis when `TRUTH_EXPIRY_DEDUP_REDIS_URL` is set, else memory."""
    if settings.dedup_redis_url is None:
        return InMemoryEventDedup()
    shared = RedisEventDedup(settings.dedup_redis_url.reveal())
    closers.append(shared.close)
    return shared


def claim_extractor(
    settings: WorkerSettings, closers: list[Callable[[], None]], metrics: Metrics | None = None
) -> ClaimExtractor | None:
    """The language model when `TRUTH_EXPIRY_CLAIM_EXTRACTOR=live`, else None (the rules)."""
    if settings.extractor is not ExtractorChoice.LIVE or settings.llm is None:
        return None
    extractor = live_claim_extractor(settings.llm)
    closers.append(extractor.close)
    if isinstance(metrics, PrometheusMetrics):
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
