"""One load run with a fault in the middle, and how its replies are judged.

`run_with_fault` asks a stream of questions through a `SlackRig`, calls `inject` part-way (it
breaks something and returns once the fault is over), collects every reply and counts: questions
asked, questions answered, replies that were wrong, duplicate replies, and the time to recover.

A reply is judged against the reply the same worker gave to the same question before the fault
(the baseline, from the records as served). It is *correct* when its text is the baseline's; an
*honest degradation* when it differs only by lines that assert nothing (UNVERIFIED, "evidence
unavailable", "ask again"); *wrong* when it has a CURRENT, SUPERSEDED or CONFLICTING line that the
baseline does not have. Time to recover runs from the end of the fault to the first correct reply
to a question first sent after it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

from bench.common.slack_rig import Question, SlackRig
from bench.common.stats import p99
from bench.pipeline import DEMO_QUESTIONS

ASSERTIVE = ("CURRENT", "SUPERSEDED", "CONFLICTING")
Inject = Callable[[SlackRig], float]  # returns time.monotonic() when the fault ended


def baseline(rig: SlackRig) -> dict[str, str]:
    """Each demo question's reply text with nothing broken."""
    asked = [rig.question(text) for text in DEMO_QUESTIONS]
    rig.ask(asked, concurrency=1)
    rig.collect_replies(asked, timeout=30)
    missing = [q.text for q in asked if not q.replies]
    if missing:
        raise RuntimeError(f"no baseline reply for {missing}")
    texts = {q.text: reply_text(q) for q in asked}
    if any("unavailable" in text.lower() for text in texts.values()):
        raise RuntimeError("the baseline is degraded: the worker did not reach its evidence")
    return texts


def reply_text(question: Question, index: int = 0) -> str:
    return str(question.replies[index].args.get("text", ""))


def judge(text: str, expected: str) -> str:
    if text == expected:
        return "correct"
    known = set(expected.splitlines())
    for line in text.splitlines():
        if line not in known and any(status in line for status in ASSERTIVE):
            return "wrong"
    return "degraded"


def send(rig: SlackRig, question: Question, redeliver: bool) -> None:
    rig.deliver(question)
    if redeliver:
        redeliver_everywhere(rig, question)


def run_with_fault(
    rig: SlackRig,
    inject: Inject,
    *,
    questions: int = 150,
    pace: float = 0.04,
    fault_after: float = 1.5,
    redeliver_every: int = 0,
) -> dict[str, Any]:
    """`redeliver_every` k > 0: every k-th question is also redelivered to every connection
    with the same event ID, as Slack does when it retries an event on another replica."""
    expected = baseline(rig)
    asked = [rig.question(DEMO_QUESTIONS[n % len(DEMO_QUESTIONS)]) for n in range(questions)]

    def deliver(question: Question) -> None:
        number = int(question.event_id[-8:])
        send(rig, question, bool(redeliver_every) and number % redeliver_every == 0)

    sender = threading.Thread(
        target=rig.ask, args=(asked,), kwargs={"concurrency": 8, "pace": pace, "deliver": deliver}
    )
    started = time.monotonic()
    sender.start()
    time.sleep(fault_after)
    fault_started = time.monotonic()
    fault_ended = inject(rig)
    sender.join()
    rig.collect_replies(asked, timeout=60, quiet=1.5)
    return summarise(asked, expected, started, fault_started, fault_ended)


def redeliver_everywhere(rig: SlackRig, question: Question) -> None:
    # With no connection open Slack would try again later; the first delivery stands.
    with contextlib.suppress(AssertionError):
        rig.slack.send_event_to_each_connection(
            question.event, event_id=question.event_id, retry_attempt=1, retry_reason="timeout"
        )


def summarise(
    asked: list[Question],
    expected: dict[str, str],
    started: float,
    fault_started: float,
    fault_ended: float,
) -> dict[str, Any]:
    verdicts = [
        judge(reply_text(q, i), expected[q.text]) for q in asked for i in range(len(q.replies))
    ]
    after = [
        q.replies[0].at
        for q in asked
        if q.first_sent is not None
        and q.first_sent >= fault_ended
        and q.replies
        and judge(reply_text(q), expected[q.text]) == "correct"
    ]
    latencies = [q.reply_seconds * 1000 for q in asked if q.reply_seconds is not None]
    return {
        "questions": len(asked),
        "answered": sum(1 for q in asked if q.replies),
        "answered_exactly_once": sum(1 for q in asked if len(q.replies) == 1),
        "replies": sum(len(q.replies) for q in asked),
        "duplicates": sum(max(0, len(q.replies) - 1) for q in asked),
        "unanswered": sum(1 for q in asked if not q.replies),
        "correct": verdicts.count("correct"),
        "degraded": verdicts.count("degraded"),
        "wrong": verdicts.count("wrong"),
        "redelivered": sum(1 for q in asked if q.attempts > 1),
        "fault_at_s": fault_started - started,
        "fault_s": fault_ended - fault_started,
        "recovery_s": (min(after) - fault_ended) if after else None,
        "reply_p99_ms": p99(latencies),
    }
