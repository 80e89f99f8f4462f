"""End to end through the local Slack protocol server: event → ack and event → reply posted.

One worker (app.py's composition, the real Socket Mode client, rules extraction) against
`LocalSlack` and a real lifecycle MCP server on loopback. At each level, bursts of N mentions are
sent at once and every reply is awaited before the next burst. Ack latency runs from the moment
the local server writes the envelope to the moment it reads the ack; reply latency to the moment
it receives the `chat.postMessage` call. Where the worker's reply time goes is split at its
question's search call (event -> search: dispatch, waiting for a turn, reading the question;
search -> reply: the search, reading what it found, the lifecycle lookups, the reply), and the Web
API calls it made are counted per question, by method.

The reference, in the same run: a bare Bolt app (`slack_rig.BARE_BOLT`: one `app_mention`
listener posting a fixed reply, the same Socket Mode client) against a local Slack server of its
own, sent the same bursts, taking turns with the worker burst by burst so that the machine's load
falls on both alike; each figure is printed beside it as a ratio.
Run: `python -m bench.e2e [--rounds R]`.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from bench.common.slack_rig import Question, SlackRig
from bench.common.stats import median, p99
from bench.pipeline import DEMO_QUESTIONS
from devtools.lifecycle_server import LocalLifecycleServer

LEVELS = (1, 20, 100)
QUESTIONS_PER_LEVEL = {1: 100, 20: 400, 100: 500}


def measure(scale: float = 1.0) -> list[dict[str, Any]]:
    results = []
    with (
        LocalLifecycleServer() as lifecycle,
        SlackRig(lifecycle.url, lifecycle.token) as worker,
        SlackRig(lifecycle.url, lifecycle.token, bare_bolt=True) as bare,
    ):
        for rig in (worker, bare):
            warm = [rig.question(q) for q in DEMO_QUESTIONS * 4]
            rig.ask(warm, concurrency=1)
            rig.collect_replies(warm, timeout=30)
        for level in LEVELS:
            total = max(level, int(QUESTIONS_PER_LEVEL[level] * scale))
            asked: list[Question] = []
            reference: list[Question] = []
            since = len(worker.slack.calls)
            for _ in range(max(1, total // level)):
                asked += _burst(worker, level)
                reference += _burst(bare, level)
            calls = worker.calls_per_method(since)
            results.append(
                summarise(level, asked)
                | _stages(asked, calls)
                | _reference(summarise(level, reference))
            )
    return results


def _burst(rig: SlackRig, level: int) -> list[Question]:
    burst = [rig.question(DEMO_QUESTIONS[n % len(DEMO_QUESTIONS)]) for n in range(level)]
    rig.ask(burst, concurrency=level)
    rig.collect_replies(burst, timeout=60)
    return burst


def summarise(level: int, asked: list[Question]) -> dict[str, Any]:
    acks = [q.ack_seconds * 1000 for q in asked if q.ack_seconds is not None]
    replies = [q.reply_seconds * 1000 for q in asked if q.reply_seconds is not None]
    return {
        "concurrent": level,
        "questions": len(asked),
        "replied_once": sum(1 for q in asked if len(q.replies) == 1),
        "ack_median_ms": median(acks),
        "ack_p99_ms": p99(acks),
        "reply_median_ms": median(replies),
        "reply_p99_ms": p99(replies),
    }


def _stages(asked: list[Question], calls: dict[str, int]) -> dict[str, Any]:
    """Where the worker's reply time went, split at each question's search call, and its Web API
    calls per question by method."""
    to_search = [q.to_search_seconds * 1000 for q in asked if q.to_search_seconds is not None]
    after = [q.after_search_seconds * 1000 for q in asked if q.after_search_seconds is not None]
    return {
        "to_search_median_ms": median(to_search),
        "to_search_p99_ms": p99(to_search),
        "after_search_median_ms": median(after),
        "after_search_p99_ms": p99(after),
        "calls_per_question": {
            method: count / len(asked) for method, count in sorted(calls.items())
        },
    }


def _reference(bare: dict[str, Any]) -> dict[str, Any]:
    """The bare Bolt app's figures, as `bare_...`."""
    keys = ("replied_once", "ack_median_ms", "ack_p99_ms", "reply_median_ms", "reply_p99_ms")
    return {f"bare_{key}": bare[key] for key in keys}


def ratio(value: float, reference: float) -> float:
    """`value / reference`, with the reference floored at 0.1 ms (an idle ack takes about that)."""
    return value / max(reference, 0.1)


def report(results: list[dict[str, Any]]) -> None:
    print(
        "end to end through LocalSlack, real MCP server, rules extraction; "
        f"beside a bare Bolt app, taking turns (load {os.getloadavg()[0]:.2f})"
    )
    for r in results:
        print(
            f"  {r['concurrent']:>3} concurrent: ack median {r['ack_median_ms']:6.1f} ms "
            f"p99 {r['ack_p99_ms']:6.1f} ms   reply median {r['reply_median_ms']:7.1f} ms "
            f"p99 {r['reply_p99_ms']:7.1f} ms   ({r['questions']} questions, "
            f"{r['replied_once']} answered exactly once)\n"
            f"       event -> search median {r['to_search_median_ms']:6.1f} ms "
            f"p99 {r['to_search_p99_ms']:6.1f} ms   search -> reply median "
            f"{r['after_search_median_ms']:6.1f} ms p99 {r['after_search_p99_ms']:6.1f} ms\n"
            f"       Web API calls per question: {_calls(r['calls_per_question'])}\n"
            f"       bare Bolt: ack median {r['bare_ack_median_ms']:6.1f} ms "
            f"p99 {r['bare_ack_p99_ms']:6.1f} ms   reply median {r['bare_reply_median_ms']:7.1f} "
            f"ms p99 {r['bare_reply_p99_ms']:7.1f} ms   ({r['bare_replied_once']} answered "
            f"exactly once)\n"
            f"       worker / bare Bolt: ack p99 "
            f"{ratio(r['ack_p99_ms'], r['bare_ack_p99_ms']):.2f}x, reply p99 "
            f"{ratio(r['reply_p99_ms'], r['bare_reply_p99_ms']):.2f}x"
        )
    print("  targets at 20 concurrent: ack p99 <= 1.0x bare Bolt's, reply p99 <= 250 ms")


def _calls(per_question: dict[str, float]) -> str:
    return ", ".join(f"{method} {count:.2f}" for method, count in per_question.items()) or "none"


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the questions")
    args = parser.parse_args(argv)
    results = measure(args.scale)
    report(results)
    return results


if __name__ == "__main__":
    main()
