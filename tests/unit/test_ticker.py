"""The background ticker: runs at once and then on its interval, survives a failing run, and
lets a run in progress finish when closed."""

from __future__ import annotations

import io
import json
import logging
import threading
import time

import pytest

from adapters.ops.ticker import Ticker
from truthexpiry.models.errors import NoticeNotPostedError
from truthexpiry.ops.logs import configure_logging


def test_it_runs_at_once_then_every_interval_until_closed() -> None:
    ran = threading.Semaphore(0)
    ticker = Ticker(ran.release, interval=0.01, name="test-ticker").start()

    for _ in range(3):
        assert ran.acquire(timeout=5)
    assert ticker.close()
    runs = ticker.runs
    time.sleep(0.05)
    assert ticker.runs == runs


def test_a_failing_run_is_logged_by_its_code_and_the_next_one_comes() -> None:
    logs = io.StringIO()
    configure_logging("INFO", logs)
    calls: list[int] = []

    def work() -> int:
        calls.append(1)
        if len(calls) == 1:
            raise NoticeNotPostedError("not_in_channel")
        if len(calls) == 2:
            raise RuntimeError("secret detail")
        return 2

    try:
        ticker = Ticker(work, interval=60, name="change-notices")
        for _ in range(3):
            ticker.run_once()
    finally:
        logging.getLogger().handlers[:] = []

    lines = [json.loads(line) for line in logs.getvalue().splitlines()]
    assert [(line["message"], line.get("category"), line.get("count")) for line in lines] == [
        ("change-notices failed", "not_in_channel", None),
        ("change-notices failed", "RuntimeError", None),
        ("change-notices done", None, 2),
    ]
    assert "secret detail" not in logs.getvalue()


def test_close_waits_for_the_run_in_progress() -> None:
    started, finished = threading.Event(), threading.Event()

    def slow() -> None:
        started.set()
        time.sleep(0.2)
        finished.set()

    ticker = Ticker(slow, interval=60, name="slow").start()
    assert started.wait(5)

    assert ticker.close(timeout=5)
    assert finished.is_set()


def test_the_interval_is_positive() -> None:
    with pytest.raises(ValueError, match="interval"):
        Ticker(lambda: None, interval=0, name="never")
