"""The `heavy_questions` scenario of `bench.faults`: the widest change question, five at once,
beside one simple question, on a 20,000-record dataset.

A worker, LocalSlack and the lifecycle MCP server (metrics on, so its requests can be counted)
run on loopback. Measured in one run:
* the MCP requests one worst-case change question makes, alone (the server's request counter
  before and after, the fewest of three; the worker's readiness uses the server's probe port,
  so nothing else calls);
* the simple question's reply latency alone (the reference), and while five worst-case change
  questions are asked at the same moment, and while five more simple questions are (what any
  six questions at once cost, the floor of the first ratio); `ROUNDS` rounds of each, taking
  turns (alone, beside the worst-case ones, beside simple ones, alone, ...) so that a change in
  the machine's load falls on all alike; the ratios of the medians to the one alone;
* whether each worst-case reply says the window is too wide.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from bench.common.datasets import write_dataset
from bench.common.slack_rig import Question, SlackRig
from devtools.lifecycle_server import LocalLifecycleServer, free_port

RECORDS = 20_000
HEAVY = "What changed between 0001-01-01 and 9999-12-31?"
SIMPLE = "Is report export still available on Starter?"
AT_ONCE = 5
ROUNDS = 11
TOO_WIDE = "too wide"
_REQUESTS = "lifecycle_mcp_http_requests_total"


def heavy_questions() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as directory:
        path = write_dataset(Path(directory) / "records.json", RECORDS, with_demo=True)
        metrics_port = free_port()
        server_env = {
            "TRUTH_EXPIRY_METRICS_ENABLED": "1",
            "TRUTH_EXPIRY_METRICS_PORT": str(metrics_port),
        }
        with LocalLifecycleServer(path, extra_env=server_env, start_timeout=60) as lifecycle:
            worker_env = {"TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_URL": lifecycle.health_url}
            with SlackRig(lifecycle.url, lifecycle.token, extra_env=worker_env) as rig:
                return _measure(rig, f"http://127.0.0.1:{metrics_port}/metrics")


def _measure(rig: SlackRig, metrics_url: str) -> dict[str, Any]:
    # Warm: both sessions open, the catalog cached, the server's date index built.
    _ask(rig, [rig.question(SIMPLE), rig.question(HEAVY)])
    heavy: list[Question] = []
    counts = []
    for _ in range(3):  # the fewest of three: a session reopened after a timeout costs more
        before = _requests(metrics_url)
        heavy += _ask(rig, [rig.question(HEAVY)])
        counts.append(_requests(metrics_url) - before)
    calls = min(counts)
    alone: list[float] = []
    loaded: list[float] = []
    crowded: list[float] = []
    for _ in range(ROUNDS):
        alone.append(_seconds(_ask(rig, [rig.question(SIMPLE)])[0]))
        batch = [rig.question(HEAVY) for _ in range(AT_ONCE)]
        simple = rig.question(SIMPLE)
        _ask(rig, [*batch, simple])
        loaded.append(_seconds(simple))
        heavy += batch
        others = [rig.question(SIMPLE) for _ in range(AT_ONCE)]
        simple = rig.question(SIMPLE)
        _ask(rig, [*others, simple])
        crowded.append(_seconds(simple))
    heavy_seconds = [_seconds(q) for q in heavy]
    alone_ms, loaded_ms = statistics.median(alone) * 1000, statistics.median(loaded) * 1000
    crowded_ms = statistics.median(crowded) * 1000
    return {
        "records": RECORDS,
        "load_average": os.getloadavg()[0],
        "heavy_at_once": AT_ONCE,
        "rounds": ROUNDS,
        "mcp_requests_per_heavy_question": calls,
        "heavy_reply_median_ms": statistics.median(heavy_seconds) * 1000,
        "heavy_reply_max_ms": max(heavy_seconds) * 1000,
        "heavy_replies_say_too_wide": sum(1 for q in heavy if TOO_WIDE in _text(q)),
        "heavy_replies": len(heavy),
        "simple_alone_median_ms": alone_ms,
        "simple_loaded_median_ms": loaded_ms,
        "simple_loaded_max_ms": max(loaded) * 1000,
        "simple_loaded_ratio": loaded_ms / alone_ms,
        "simple_crowded_median_ms": crowded_ms,
        "simple_crowded_ratio": crowded_ms / alone_ms,
    }


def _ask(rig: SlackRig, questions: list[Question]) -> list[Question]:
    rig.ask(questions, concurrency=len(questions))
    rig.collect_replies(questions, timeout=120)
    if missing := [q.text for q in questions if not q.replies]:
        raise RuntimeError(f"no reply to {missing}")
    return questions


def _seconds(question: Question) -> float:
    seconds = question.reply_seconds
    if seconds is None:
        raise RuntimeError("a question has no reply")
    return seconds


def _text(question: Question) -> str:
    reply = question.replies[0].args
    return f"{reply.get('text', '')} {reply.get('blocks', '')}"


def _requests(metrics_url: str) -> float:
    with urllib.request.urlopen(metrics_url, timeout=5) as response:
        text = response.read().decode()
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(_REQUESTS))


def report_heavy(r: dict[str, Any]) -> None:
    print(
        f"heavy_questions, {r['records']} records, {r['heavy_at_once']} worst-case change "
        f"questions + 1 simple, {r['rounds']} rounds (load {r['load_average']:.2f})\n"
        f"  MCP requests per worst-case question: {r['mcp_requests_per_heavy_question']:g}; "
        f"its reply median {r['heavy_reply_median_ms']:.0f} ms, max "
        f"{r['heavy_reply_max_ms']:.0f} ms; 'too wide' in {r['heavy_replies_say_too_wide']}"
        f"/{r['heavy_replies']} replies\n"
        f"  simple question: alone {r['simple_alone_median_ms']:.0f} ms (reference), beside them "
        f"{r['simple_loaded_median_ms']:.0f} ms (max {r['simple_loaded_max_ms']:.0f} ms): "
        f"{r['simple_loaded_ratio']:.2f}x\n"
        f"  simple question beside five simple ones (the floor): "
        f"{r['simple_crowded_median_ms']:.0f} ms: {r['simple_crowded_ratio']:.2f}x"
    )
