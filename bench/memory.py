"""Worker memory: resident set size at rest and after 10,000 questions.

Builds the worker's services the way `app.py` does, offline (`TRUTH_EXPIRY_USE_FAKES=1`: the demo
corpus and the embedded dataset, no network), and answers questions through the same function
the Slack listeners call (`listeners.answering.answer`: pipeline, rendering, metrics). If nothing
from a request is retained, RSS after 10,000 questions is RSS after the warm-up plus noise.

At start: the RSS of `python app.py` plus the pages of its own (private) of the Socket Mode relay
it starts (`adapters.socket_relay`; the pages it shares with other processes, the interpreter's
code and libraries, are in the worker's RSS already), once connected to the local Slack server
(`tests/local_slack`, through `bench.common.slack_rig`) and pointed at a lifecycle MCP server
with the demo dataset, beside a bare Bolt app (one `app_mention` listener, Bolt's own
Socket Mode handler) connected to the same server, measured in the same run.
Run: `python -m bench.memory [--questions N] [--start-only]`.
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import time
from typing import Any

from slack_sdk import WebClient

from bench.common.slack_rig import SlackRig
from bench.common.stats import children, private_mb, process_memory_mb, rss_mb
from bench.pipeline import DEMO_QUESTIONS
from bootstrap import build_worker
from devtools.lifecycle_server import LocalLifecycleServer
from listeners.answering import answer
from listeners.dependencies import ListenerDependencies
from settings.worker import WorkerSettings
from truthexpiry.models.answering.requests import EntryPoint

WARM_UP = 200
SETTLE_S = 3.0  # after connecting: the worker's background catalog fetch and first pings
# The reference: the least a Socket Mode Bolt worker is (an app, a listener, a connection).
BARE_BOLT = """
import os, time
from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_sdk import WebClient
client = WebClient(token=os.environ["SLACK_BOT_TOKEN"], base_url=os.environ["SLACK_API_URL"])
app = App(client=client)
@app.event("app_mention")
def mention(event, say):
    say("ok")
SocketModeHandler(app, os.environ["SLACK_APP_TOKEN"]).connect()
time.sleep(600)
"""


def measure_start() -> dict[str, float]:
    """RSS (MiB) of the worker and of a bare Bolt app, each connected and settled."""
    with LocalLifecycleServer() as lifecycle, SlackRig(lifecycle.url, lifecycle.token) as rig:
        time.sleep(SETTLE_S)
        worker = rig.processes[0].pid
        worker_now, worker_peak = process_memory_mb(worker)
        relays = children(worker)
        relay_rss = sum(process_memory_mb(pid)[0] for pid in relays)
        relay_private = sum(private_mb(pid) for pid in relays)
        env = {
            "SLACK_BOT_TOKEN": rig.slack.bot_token,
            "SLACK_APP_TOKEN": rig.slack.app_token,
            "SLACK_API_URL": rig.slack.api_url,
            "PATH": "/usr/bin:/bin",
        }
        bare = subprocess.Popen(
            [sys.executable, "-c", BARE_BOLT],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            rig.slack.wait_for_open_connections(2, timeout=30)
            time.sleep(SETTLE_S)
            bare_now, bare_peak = process_memory_mb(bare.pid)
        finally:
            bare.kill()
            bare.wait(timeout=10)
    return {
        "worker_rss_mb": worker_now,
        "worker_peak_mb": worker_peak,
        "relay_rss_mb": relay_rss,
        "relay_private_mb": relay_private,
        "worker_total_mb": worker_now + relay_private,
        "bare_bolt_rss_mb": bare_now,
        "bare_bolt_peak_mb": bare_peak,
    }


def measure(questions: int) -> dict[str, Any]:
    settings = WorkerSettings.load(
        {
            "SLACK_BOT_TOKEN": "xoxb-bench",
            "SLACK_APP_TOKEN": "xapp-bench",
            "TRUTH_EXPIRY_USE_FAKES": "1",
        }
    )
    worker = build_worker(settings, WebClient(token="xoxb-bench"))
    try:
        gc.collect()
        at_rest = rss_mb()
        ask(worker.deps, WARM_UP, salt="warm")
        gc.collect()
        warm = rss_mb()
        ask(worker.deps, questions, salt="load")
        gc.collect()
        after = rss_mb()
    finally:
        worker.close()
    return {
        "questions": questions,
        "rss_at_rest_mb": at_rest,
        "rss_after_warm_up_mb": warm,
        "rss_after_mb": after,
        "growth_mb": after - warm,
    }


def ask(deps: ListenerDependencies, count: int, *, salt: str) -> None:
    """Every question is unique text (a numbered suffix), as real traffic would be."""
    for n in range(count):
        question = f"{DEMO_QUESTIONS[n % len(DEMO_QUESTIONS)]} ({salt} {n})"
        answer(deps, question, entry_point=EntryPoint.MENTION)


def report(result: dict[str, Any]) -> None:
    print("worker memory (RSS), offline services, in process")
    print(
        f"  at rest {result['rss_at_rest_mb']:.1f} MB   after {WARM_UP} warm-up questions "
        f"{result['rss_after_warm_up_mb']:.1f} MB   after {result['questions']:,} more "
        f"{result['rss_after_mb']:.1f} MB   growth {result['growth_mb']:+.2f} MB (target <= 10 MB)"
    )


def report_start(start: dict[str, float]) -> None:
    worker, bare = start["worker_total_mb"], start["bare_bolt_rss_mb"]
    print("worker RSS at start, connected to the local Slack server (same run):")
    print(
        f"  python app.py  {start['worker_rss_mb']:6.1f} MB (peak {start['worker_peak_mb']:.1f} MB)"
    )
    print(
        f"  its Socket Mode relay {start['relay_private_mb']:.1f} MB of its own "
        f"(RSS {start['relay_rss_mb']:.1f} MB, the rest shared with other processes)"
    )
    print(f"  the two        {worker:6.1f} MB")
    print(f"  bare Bolt app  {bare:6.1f} MB (peak {start['bare_bolt_peak_mb']:.1f} MB)")
    print(f"  worker / bare Bolt: {worker / bare:.2f}x (target <= 2x)")


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=10_000)
    parser.add_argument("--start-only", action="store_true", help="only the RSS at start")
    args = parser.parse_args(argv)
    start = measure_start()
    report_start(start)
    if args.start_only:
        return {"start": start}
    result = measure(args.questions)
    report(result)
    return {**result, "start": start}


if __name__ == "__main__":
    main()
