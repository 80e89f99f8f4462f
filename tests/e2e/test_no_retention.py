"""No retention: a unique canary string, carried by questions, by the messages search finds and
by a thread read again for a follow-up, must be nowhere after the replies: not in logs (captured
at DEBUG), metrics, files, or the worker's objects, even when every adapter fails on the way."""

from __future__ import annotations

import io
import logging
import os
import stat
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import app
from adapters.ops.prometheus_metrics import PrometheusMetrics
from devtools.lifecycle_server import LocalLifecycleServer
from settings.worker import WorkerSettings
from tests.e2e.conftest import worker_env
from tests.e2e.test_worker import posted_in_thread
from tests.local_slack import ApiCall, LocalSlack, events, interactions
from truthexpiry.ops.logs import configure_logging
from truthexpiry.reading.extractor import RulesClaimExtractor

pytestmark = pytest.mark.e2e
CANARY = f"zq{uuid.uuid4().hex[:12]}canary"
ROOT = Path(__file__).resolve().parents[2]


def corpus() -> list[dict[str, Any]]:
    return [
        {
            "message_ts": f"17{n}0000000.000100",
            "channel_id": "C0CANARY",
            "channel_name": "general",
            "author_user_id": "U0AUTHOR",
            "author_name": "Ana",
            "content": f"{text} {CANARY}",
            "permalink": f"https://example.slack.com/archives/C0CANARY/p17{n}0000000000100",
        }
        for n, text in enumerate(
            [
                "Report export is available on Starter.",
                "The Starter API rate limit is 100 requests per minute.",
            ]
        )
    ]


def reachable_strings(root: object, limit: int = 200_000) -> Iterator[str]:
    """Every string reachable from `root` through attributes and containers."""
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack and len(seen) < limit:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (int, float, bool, bytes, type(None))):
            continue
        seen.add(id(item))
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif not isinstance(item, (type, type(os))):
            stack.extend(getattr(item, "__dict__", {}).values())
            for slot in getattr(type(item), "__slots__", ()):
                stack.append(getattr(item, slot, None))


def files_under(directory: Path) -> Iterator[str]:
    """Every file below `directory` but in `.git`, skipping what vanishes while it is walked:
    the temp dir is shared with every other process on the machine (another test run's servers
    among them)."""
    for parent, folders, names in os.walk(directory, onerror=lambda _error: None):
        folders[:] = [folder for folder in folders if folder != ".git"]
        yield from (os.path.join(parent, name) for name in names)


def files_containing(directory: Path, since: float, needle: bytes) -> list[Path]:
    """Every regular file below `directory` changed since `since` that holds `needle`; one
    `stat` a file (the tree holds 30,000 files, the venv's among them)."""
    found = []
    for path in files_under(directory):
        try:
            status = os.stat(path)  # follows links, as `Path.is_file` does
            if not stat.S_ISREG(status.st_mode) or status.st_mtime < since:
                continue
            if status.st_size < 20_000_000 and needle in Path(path).read_bytes():
                found.append(Path(path))
        except OSError:
            continue
    return found


def follow_up_in_a_thread(slack: LocalSlack) -> None:
    """A question and its follow-up in an assistant thread, both carrying the canary."""
    opened = events.assistant_thread_started(action_token="t")
    thread_ts = opened["assistant_thread"]["thread_ts"]
    slack.send_event(opened)
    asked = [("what is the API rate limit on Starter?", "LC-111"), ("and on Team?", "LC-112")]
    for text, record in asked:
        slack.send_event(
            events.direct_message(f"{text} {CANARY}", thread_ts=thread_ts, action_token="t")
        )

        def answered(call: ApiCall, record: str = record) -> bool:
            return call.args.get("thread_ts") == thread_ts and record in str(call.args)

        slack.wait_for_call("chat.postMessage", answered, timeout=30)


def test_the_canary_is_nowhere_after_the_replies(monkeypatch: pytest.MonkeyPatch) -> None:
    started = time.time() - 1
    logs = io.StringIO()
    configure_logging("DEBUG", logs)
    with LocalLifecycleServer() as lifecycle, LocalSlack() as slack:
        slack.search_corpus = corpus()
        environ = worker_env(slack, lifecycle)
        metrics = PrometheusMetrics()
        settings = WorkerSettings.load(environ)
        running = app.start(settings, metrics=metrics)
        slack.wait_for_connection()
        try:

            def ask(text: str) -> None:
                event = events.app_mention(f"<@UBOT> {text} {CANARY}", action_token="t")
                slack.send_event(event)
                posted_in_thread(slack, event["ts"])

            ask("is report export available on Starter?")
            ask("what is the API rate limit on Starter?")
            slack.send_event(events.direct_message(f"is report export on Starter? {CANARY}"))
            slack.send_interactive(
                interactions.message_action(
                    "check_message", text=f"Report export is available on Starter. {CANARY}"
                )
            )
            slack.wait_for_call("chat.postMessage", lambda c: c.args.get("channel") == "U0ASKER")

            follow_up_in_a_thread(slack)  # the earlier question comes back from Slack
            thread_read = slack.calls_to("conversations.replies")

            slack.fail_next("assistant.search.context", "internal_error")  # search fails
            ask("is report export available on Starter?")

            def explode(*_: object, **__: object) -> None:
                raise ValueError(f"extractor failed on {CANARY}")

            monkeypatch.setattr(RulesClaimExtractor, "extract", explode)  # extraction fails
            ask("is report export available on Starter?")
            monkeypatch.undo()

            lifecycle.stop()  # evidence fails
            ask("is report export available on Starter?")

            with urllib.request.urlopen(f"http://127.0.0.1:{metrics.port}/metrics") as scraped:
                metrics_text = scraped.read().decode()
            leaked_objects = [s for s in reachable_strings(running) if CANARY in s]
        finally:
            running.shutdown()
            logging.getLogger().handlers[:] = []

    assert any(call.args.get("latest") for call in thread_read)  # the follow-up read its thread
    assert CANARY not in logs.getvalue()
    assert logs.getvalue().count("correlation_id") >= 5  # the logs were captured
    assert CANARY not in metrics_text
    assert leaked_objects == []
    assert files_containing(Path(tempfile.gettempdir()), started, CANARY.encode()) == []
    assert files_containing(ROOT, started, CANARY.encode()) == []
