"""Composition of the Slack worker: the adapters behind the listeners, chosen from settings.

Live: Slack's search (assistant.search.context) and the lifecycle MCP server. Offline
(`TRUTH_EXPIRY_USE_FAKES=1`): the demo corpus and the embedded dataset, for trying the Slack side
without search access or a server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from slack_sdk import WebClient

from adapters.composition import build_pipeline, corpus_search, in_process_evidence, mcp_evidence
from adapters.dedup.memory import InMemoryEventDedup
from adapters.slack_rts.search import SlackMessageSearch
from listeners.services import ListenerServices
from truthexpiry.config.worker import WorkerSettings
from truthexpiry.ports import EventDedup, LifecycleEvidence, MessageSearch


@dataclass
class Worker:
    services: ListenerServices
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        while self.closers:
            self.closers.pop()()


def build_worker(
    settings: WorkerSettings, client: WebClient, *, dedup: EventDedup | None = None
) -> Worker:
    closers: list[Callable[[], None]] = []
    evidence: LifecycleEvidence
    search: MessageSearch
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
        evidence = mcp
        bot_user_id = client.auth_test().get("user_id")
        search = SlackMessageSearch(client, bot_user_id=bot_user_id)
    services = ListenerServices(
        pipeline=build_pipeline(search=search, evidence=evidence),
        catalog=evidence.catalog,
        dedup=dedup or InMemoryEventDedup(),
        max_question_chars=settings.max_question_chars,
    )
    return Worker(services, closers)
