"""Worker memory: resident set size at rest and after 10,000 questions.

Builds the worker's services the way `app.py` does, offline (`TRUTH_EXPIRY_USE_FAKES=1`: the demo
corpus and the embedded dataset, no network), and answers questions through the same function
the Slack listeners call (`listeners.answering.answer`: pipeline, rendering, metrics). If nothing
from a request is retained, RSS after 10,000 questions is RSS after the warm-up plus noise.
Run: `python -m bench.memory [--questions N]`.
"""

from __future__ import annotations

import argparse
import gc
from typing import Any

from slack_sdk import WebClient

from bench.pipeline import DEMO_QUESTIONS
from bench.stats import rss_mb
from bootstrap import build_worker
from listeners.answering import answer
from listeners.dependencies import ListenerDependencies
from settings.worker import WorkerSettings
from truthexpiry.models.answering.requests import EntryPoint

WARM_UP = 200


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


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=10_000)
    args = parser.parse_args(argv)
    result = measure(args.questions)
    report(result)
    return result


if __name__ == "__main__":
    main()
