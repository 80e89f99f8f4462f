"""The whole worker against the local Slack protocol server, with Slack's way of delivering.

`SlackRig` starts `LocalSlack` (tests/local_slack: the Web API and Socket Mode on loopback) in this
process and one or more workers as `python app.py` processes (so that the measuring side does not
share an interpreter lock with the measured side), connected over real Socket Mode and pointed at a
lifecycle MCP server the caller runs. `ask` delivers questions as `app_mention` events the way
Slack does, at least once: an event that cannot be written (no open socket) or is not acked within
`ACK_TIMEOUT` is delivered again with the same event ID and the next `retry_attempt`, up to
`MAX_ATTEMPTS` times. Replies are the `chat.postMessage` calls in each question's thread.

`SlackRig(..., bare_bolt=True)` runs `BARE_BOLT` instead of the worker: the least a Socket Mode
Bolt app is (an `app_mention` listener that posts a fixed reply in the thread) on the same Socket
Mode client as the worker (`websocket-client`) and the same ping interval, the reference that
`bench.e2e` measures beside the worker in the same run.

Each question carries an action token of its own, as each Slack event does, so that its search
call can be told from the others': `collect_replies` records when the search call of each
question arrived (`searched_at`), which splits its reply time into the part before its search
and the part after.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from types import TracebackType
from typing import IO, Any

from adapters.offline.search import demo_messages_path
from devtools.processes import ROOT, start_worker, stop_process
from tests.local_slack import ApiCall, LocalSlack, events

ACK_TIMEOUT = 1.0  # Slack waits 3 s; shorter keeps the fault runs short, the logic is the same
MAX_ATTEMPTS = 20
RETRY_PAUSE = 0.1
ACTION_TOKEN = "action-token-bench"
BARE_BOLT = """
import os
from slack_bolt import App
from slack_bolt.adapter.socket_mode.websocket_client import SocketModeHandler
from slack_sdk import WebClient

client = WebClient(token=os.environ["SLACK_BOT_TOKEN"], base_url=os.environ["SLACK_API_URL"])
app = App(client=client)


@app.event("app_mention")
def mention(event, say):
    say(text="ok", thread_ts=event.get("thread_ts") or event["ts"])


interval = float(os.environ["TRUTH_EXPIRY_SOCKET_PING_INTERVAL"])
SocketModeHandler(app, os.environ["SLACK_APP_TOKEN"], ping_interval=interval).start()
"""


@dataclass
class Question:
    text: str
    event: dict[str, Any]
    event_id: str
    first_sent: float | None = None  # monotonic, when the first delivery was written
    acked_sent: float | None = None  # when the delivery that was acked was written
    acked_at: float | None = None
    attempts: int = 0
    replies: list[ApiCall] = field(default_factory=list)
    action_token: str = ""  # its event's, its own
    searched_at: float | None = None  # when its first search call arrived

    @property
    def thread_ts(self) -> str:
        return str(self.event["ts"])

    @property
    def ack_seconds(self) -> float | None:
        if self.acked_at is None or self.acked_sent is None:
            return None
        return self.acked_at - self.acked_sent

    @property
    def reply_seconds(self) -> float | None:
        if not self.replies or self.first_sent is None:
            return None
        return self.replies[0].at - self.first_sent

    @property
    def to_search_seconds(self) -> float | None:
        """From its first delivery to its search call."""
        if self.searched_at is None or self.first_sent is None:
            return None
        return self.searched_at - self.first_sent

    @property
    def after_search_seconds(self) -> float | None:
        """From its search call to its reply."""
        if self.searched_at is None or not self.replies:
            return None
        return self.replies[0].at - self.searched_at


class SlackRig:
    def __init__(
        self,
        lifecycle_url: str,
        lifecycle_token: str,
        *,
        workers: int = 1,
        extra_env: dict[str, str] | None = None,
        ping_interval: float = 0.25,
        bare_bolt: bool = False,
    ) -> None:
        self.slack = LocalSlack()
        self._env = {
            "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": lifecycle_url,
            "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN": lifecycle_token,
            "TRUTH_EXPIRY_LIFECYCLE_MCP_TIMEOUT": "1.5",
            "TRUTH_EXPIRY_OPS_HOST": "127.0.0.1",
            "TRUTH_EXPIRY_SOCKET_PING_INTERVAL": str(ping_interval),
            "TRUTH_EXPIRY_DRAIN_SECONDS": "5",
            "TRUTH_EXPIRY_LOG_LEVEL": "WARNING",
            **(extra_env or {}),
        }
        self._workers = workers
        self._bare_bolt = bare_bolt
        self.processes: list[subprocess.Popen[bytes]] = []
        self._logs: list[IO[bytes]] = []
        self._serial = 0

    def start(self) -> SlackRig:
        self.slack.start()
        self.slack.search_corpus = json.loads(demo_messages_path().read_text())
        inherited = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("TRUTH_EXPIRY_", "SLACK_", "OPENAI_"))
        }
        env = (
            inherited
            | self._env
            | {
                "SLACK_BOT_TOKEN": self.slack.bot_token,
                "SLACK_APP_TOKEN": self.slack.app_token,
                "SLACK_API_URL": self.slack.api_url,
            }
        )
        for count in range(1, self._workers + 1):
            log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in stop()
            self._logs.append(log)
            self.processes.append(
                _start_bare_bolt(env, log) if self._bare_bolt else start_worker(env, log)
            )
            self.slack.wait_for_open_connections(count, timeout=30)
        return self

    def stop(self) -> None:
        for process in self.processes:  # SIGTERM: drain, close the socket, exit
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:  # all drain at once; each waited for in turn
            stop_process(process, timeout=15)
        self.processes.clear()
        for log in self._logs:
            log.close()
        self._logs.clear()
        self.slack.stop()

    def __enter__(self) -> SlackRig:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- questions ---------------------------------------------------------------------------

    def question(self, text: str) -> Question:
        self._serial += 1
        token = f"{ACTION_TOKEN}-{self._serial:08d}"
        event = events.app_mention(f"<@UBOT> {text}", action_token=token)
        return Question(text, event, f"EvBENCH{self._serial:08d}", action_token=token)

    def deliver(self, question: Question) -> None:
        """Deliver until acked, as Slack does (see the module docstring)."""
        while question.attempts < MAX_ATTEMPTS and question.acked_at is None:
            attempt = question.attempts
            question.attempts += 1
            try:
                envelope = self.slack.send_event(
                    question.event,
                    event_id=question.event_id,
                    retry_attempt=attempt,
                    retry_reason="timeout" if attempt else "",
                )
            except AssertionError:  # no open socket right now
                time.sleep(RETRY_PAUSE)
                continue
            sent = self.slack.sent_at(envelope)
            question.first_sent = question.first_sent or sent
            try:
                ack = self.slack.wait_for_ack(envelope, timeout=ACK_TIMEOUT)
            except AssertionError:
                continue
            question.acked_sent, question.acked_at = sent, ack.received_at

    def ask(
        self,
        questions: list[Question],
        *,
        concurrency: int,
        pace: float = 0.0,
        deliver: Callable[[Question], None] | None = None,
    ) -> None:
        """Deliver `questions` with `concurrency` senders; `pace` seconds between starts."""
        with ThreadPoolExecutor(max_workers=concurrency) as pool:
            for question in questions:
                pool.submit(deliver or self.deliver, question)
                if pace:
                    time.sleep(pace)

    def collect_replies(
        self, questions: list[Question], *, timeout: float, quiet: float = 0.0
    ) -> None:
        """Wait until every question has a reply (or `timeout`), then `quiet` seconds more for
        duplicates, and record every reply in its question's thread and when its search call
        arrived."""
        deadline = time.monotonic() + timeout
        wanted = {q.thread_ts for q in questions}
        while time.monotonic() < deadline:
            if wanted <= set(self._replies_by_thread()):
                break
            time.sleep(0.01)
        time.sleep(quiet)
        replies = self._replies_by_thread()
        searched = self._searches_by_token()
        for question in questions:
            question.replies = replies.get(question.thread_ts, [])
            question.searched_at = searched.get(question.action_token)

    def _replies_by_thread(self) -> dict[str, list[ApiCall]]:
        found: dict[str, list[ApiCall]] = {}
        for call in self.slack.calls_to("chat.postMessage"):
            thread = call.args.get("thread_ts")
            if isinstance(thread, str):
                found.setdefault(thread, []).append(call)
        return found

    def _searches_by_token(self) -> dict[str, float]:
        first: dict[str, float] = {}
        for call in self.slack.calls_to("assistant.search.context"):
            token = call.args.get("action_token")
            if isinstance(token, str):
                first.setdefault(token, call.at)
        return first

    def calls_per_method(self, since: int = 0) -> dict[str, int]:
        """How many Web API calls of each method the server received, from the `since`-th on
        (`len(rig.slack.calls)` taken before)."""
        counts: dict[str, int] = {}
        for call in self.slack.calls[since:]:
            counts[call.method] = counts.get(call.method, 0) + 1
        return counts


def _start_bare_bolt(env: dict[str, str], log: IO[bytes]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", BARE_BOLT],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
