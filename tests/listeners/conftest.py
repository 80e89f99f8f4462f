"""Listener callbacks called directly, as Bolt would call them, with recording stand-ins for
Bolt's arguments (`say`, `ack`, `set_status`, the Web API client) and the dependencies wired by
the composition root over fakes. The demo dataset's stale claim is the question throughout."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
from slack_bolt import BoltContext
from slack_sdk.errors import SlackApiError

from adapters.dedup.memory import InMemoryEventDedup
from adapters.offline.evidence import InProcessLifecycleEvidence
from bootstrap import build_worker, dataset_evidence
from listeners.dependencies import ListenerDependencies
from settings.worker import WorkerSettings
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock, RecordingMetrics
from truthexpiry.ports import ClaimExtractor

TODAY = date(2026, 11, 30)
STALE = "<@UBOT> is report export still available on Starter?"
TOKEN = "action-token-listeners"
HOME_TEAM = "T0TEST"
CHANNELS = {
    "C0PUBLIC": {"is_channel": True, "is_private": False},
    "C0PRIVATE": {"is_channel": True, "is_private": True},
    "C0CONNECT": {
        "is_channel": True,
        "is_private": False,
        "is_shared": True,
        "is_ext_shared": True,
    },
    "C0INVITED": {"is_channel": True, "is_private": False, "is_pending_ext_shared": True},
    "C0ORGWIDE": {
        "is_channel": True,
        "is_private": False,
        "is_shared": True,
        "is_org_shared": True,
    },
}
TEAMS = {"U0GUEST": "T0OTHER"}  # people from another team; everyone else is from HOME_TEAM
SETTINGS = {
    "SLACK_BOT_TOKEN": "xoxb-listeners",
    "SLACK_APP_TOKEN": "xapp-listeners",
    "TRUTH_EXPIRY_USE_FAKES": "1",
}


@dataclass
class Recorder:
    """A callable Bolt argument (`say`, `ack`, `set_status`, ...) that keeps each call."""

    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = field(default_factory=list)

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append((args, kwargs))

    @property
    def texts(self) -> list[str]:
        """Every text said: positional or `text=`, and the blocks' text, joined."""
        return [
            str(args[0] if args else kwargs.get("text", "")) + str(kwargs.get("blocks", ""))
            for args, kwargs in self.calls
        ]


@dataclass
class FakeWebClient:
    """The Web API methods the listeners call, over a table of channels; records each call."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    threads: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # by thread ts
    thread_error: str | None = None  # every `conversations.replies` fails with this code

    def conversations_info(self, *, channel: str, **_: Any) -> dict[str, Any]:
        self.calls.append(("conversations.info", {"channel": channel}))
        if channel not in CHANNELS:
            raise SlackApiError("channel_not_found", {"ok": False})  # type: ignore[no-untyped-call]
        return {"ok": True, "channel": CHANNELS[channel]}

    def conversations_replies(self, **kwargs: Any) -> dict[str, Any]:
        """The thread's messages within `oldest`..`latest` (bounds kept when `inclusive`), oldest
        first, the first `limit` of them, `has_more` when there were more: as Slack answers."""
        self.calls.append(("conversations.replies", kwargs))
        if self.thread_error is not None:
            failure = {"ok": False, "error": self.thread_error}
            raise SlackApiError(self.thread_error, failure)  # type: ignore[no-untyped-call]
        low, high = float(kwargs.get("oldest") or 0), float(kwargs.get("latest") or "inf")
        inclusive = bool(kwargs.get("inclusive"))
        within = [
            m
            for m in self.threads.get(kwargs["ts"], [])
            if (low <= float(m["ts"]) <= high if inclusive else low < float(m["ts"]) < high)
        ]
        limit = int(kwargs.get("limit") or 1000)
        return {"ok": True, "messages": within[:limit], "has_more": len(within) > limit}

    def auth_test(self, **_: Any) -> dict[str, Any]:
        self.calls.append(("auth.test", {}))
        return {"ok": True, "team_id": HOME_TEAM, "user_id": "UBOT", "is_enterprise_install": False}

    def users_info(self, *, user: str, **_: Any) -> dict[str, Any]:
        self.calls.append(("users.info", {"user": user}))
        return {"ok": True, "user": {"id": user, "team_id": TEAMS.get(user, HOME_TEAM)}}

    def chat_getPermalink(self, *, channel: str, message_ts: str) -> dict[str, Any]:  # noqa: N802
        self.calls.append(("chat.getPermalink", {"channel": channel, "message_ts": message_ts}))
        return {"ok": True, "permalink": f"https://example.slack.com/archives/{channel}/p1"}

    def chat_postMessage(self, **kwargs: Any) -> None:  # noqa: N802
        self.calls.append(("chat.postMessage", kwargs))

    def views_publish(self, **kwargs: Any) -> None:
        self.calls.append(("views.publish", kwargs))

    def made(self, method: str) -> list[dict[str, Any]]:
        return [args for name, args in self.calls if name == method]


def dependencies(
    evidence: FakeLifecycleEvidence | InProcessLifecycleEvidence | None = None,
    search: FakeMessageSearch | None = None,
    *,
    client: FakeWebClient | None = None,
    extractor: ClaimExtractor | None = None,
) -> ListenerDependencies:
    """The listeners' dependencies as the composition root builds them, over fakes; the Slack
    facts (channels, people, threads, permalinks) are read through `client`."""
    evidence = evidence or dataset_evidence(None)
    worker = build_worker(
        WorkerSettings.load(SETTINGS),
        client or FakeWebClient(),  # type: ignore[arg-type]
        metrics=RecordingMetrics(),
        dedup=InMemoryEventDedup(),
        search=search or FakeMessageSearch(),
        evidence=evidence,
        history=evidence,
        extractor=extractor,
        clock=FixedClock(TODAY),
    )
    return worker.deps


@pytest.fixture
def deps(client: FakeWebClient) -> ListenerDependencies:
    return dependencies(client=client)


@pytest.fixture
def down() -> ListenerDependencies:
    """Dependencies whose lifecycle evidence cannot even give its catalog."""
    return dependencies(FakeLifecycleEvidence([], catalog_unavailable=True))


@pytest.fixture
def context() -> BoltContext:
    return BoltContext({"bot_user_id": "UBOT"})


@pytest.fixture
def say() -> Recorder:
    return Recorder()


@pytest.fixture
def client() -> FakeWebClient:
    return FakeWebClient()


def metrics_of(deps: ListenerDependencies) -> RecordingMetrics:
    assert isinstance(deps.metrics, RecordingMetrics)
    return deps.metrics
