"""`adapters.turns.QuestionTurns`: a heavy question waits for the simple ones beside it, and for
events still on their way, takes its turn alone, and is never starved."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import date

import pytest

from adapters.turns import QuestionTurns
from bootstrap import build_pipeline
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock
from tests.unit.test_pipeline_time import RECORDS
from truthexpiry.models.answering.requests import TruthExpiryRequest

WAIT = 5.0
AS_OF = date(2026, 11, 30)


def _heavy(turns: QuestionTurns, ran: list[str], name: str, done: threading.Event) -> None:
    with turns.answering():
        turns.give_way()
        ran.append(name)
    done.set()


def _start(target: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def test_a_heavy_question_waits_until_the_simple_one_beside_it_is_done() -> None:
    turns = QuestionTurns(settle=0.01, patience=WAIT)
    ran: list[str] = []
    heavy_done = threading.Event()
    with turns.answering():  # a simple question being answered
        _start(lambda: _heavy(turns, ran, "heavy", heavy_done))
        assert not heavy_done.wait(0.2)
        ran.append("simple")
    assert heavy_done.wait(WAIT)
    assert ran == ["simple", "heavy"]


def test_a_heavy_question_waits_for_an_event_still_on_its_way() -> None:
    turns = QuestionTurns(settle=WAIT, patience=WAIT)
    ran: list[str] = []
    heavy_done = threading.Event()
    turns.arrived()  # the heavy question's own event
    turns.arrived()  # the simple question's, not yet at its listener
    _start(lambda: _heavy(turns, ran, "heavy", heavy_done))
    assert not heavy_done.wait(0.2)
    with turns.answering():  # the simple question starts: now it is what the heavy waits for
        assert not heavy_done.wait(0.1)
        ran.append("simple")
    assert heavy_done.wait(WAIT)
    assert ran == ["simple", "heavy"]


def test_an_event_that_becomes_no_request_stops_counting_after_settle() -> None:
    turns = QuestionTurns(settle=0.2, patience=WAIT)
    turns.arrived()  # the heavy question's event
    turns.arrived()  # a duplicate, or an event nobody answers
    started = time.monotonic()
    with turns.answering():
        turns.give_way()
    assert 0.15 <= time.monotonic() - started < WAIT


def test_heavy_questions_take_turns_one_at_a_time() -> None:
    turns = QuestionTurns(settle=0.0, patience=WAIT)
    inside = 0
    most = 0
    lock = threading.Lock()

    def heavy() -> None:
        nonlocal inside, most
        with turns.answering():
            turns.give_way()
            with lock:
                inside += 1
                most = max(most, inside)
            time.sleep(0.02)
            with lock:
                inside -= 1

    threads = [_start(heavy) for _ in range(5)]
    for thread in threads:
        thread.join(WAIT)
    assert most == 1


def test_a_heavy_question_is_never_starved() -> None:
    turns = QuestionTurns(settle=0.0, patience=0.2)
    ran: list[str] = []
    heavy_done = threading.Event()
    with turns.answering():  # a simple question that outlasts the heavy one's patience
        _start(lambda: _heavy(turns, ran, "heavy", heavy_done))
        assert heavy_done.wait(WAIT)
    assert ran == ["heavy"]


def test_at_most_at_once_simple_questions_are_answered_and_a_waiting_heavy_one_keeps_no_slot() -> (
    None
):
    turns = QuestionTurns(settle=0.0, patience=WAIT, at_once=1)
    heavy_waiting = threading.Event()
    release_simple = threading.Event()
    second_started = threading.Event()

    def heavy() -> None:
        with turns.answering():
            heavy_waiting.set()
            turns.give_way()

    def simple(started: threading.Event, release: threading.Event | None) -> None:
        with turns.answering():
            started.set()
            if release is not None:
                release.wait(WAIT)

    first_started = threading.Event()
    _start(lambda: simple(first_started, release_simple))
    assert first_started.wait(WAIT)
    _start(lambda: simple(second_started, None))
    assert not second_started.wait(0.1)  # the one slot is taken
    release_simple.set()
    assert second_started.wait(WAIT)
    heavy_thread = _start(heavy)
    assert heavy_waiting.wait(WAIT)
    heavy_thread.join(WAIT)
    third = threading.Event()
    _start(lambda: simple(third, None))
    assert third.wait(WAIT)  # the slot the heavy question gave up is free again


def test_outside_a_request_giving_way_does_nothing() -> None:
    turns = QuestionTurns(settle=WAIT, patience=WAIT)
    turns.arrived()
    started = time.monotonic()
    turns.give_way()  # the command line: no request, nothing to wait for
    assert time.monotonic() - started < 0.1
    assert turns.simple_in_flight == 0


class _Recording:
    """A `Turns` that records how many searches the pipeline had made each time it gave way."""

    def __init__(self, search: FakeMessageSearch) -> None:
        self.searched_before: list[int] = []
        self._search = search

    def give_way(self) -> None:
        self.searched_before.append(self._search.calls)


@pytest.mark.parametrize(
    ("question", "gives_way"),
    [
        ("What changed between 2025-01-01 and 2026-06-30?", True),
        ("What is coming in the next 90 days?", True),
        ("Is report export still available on Starter?", False),
        ("Was report export available on Starter in March 2025?", False),
    ],
)
def test_the_pipeline_gives_way_before_searching_only_for_a_question_that_lists_records(
    question: str, gives_way: bool
) -> None:
    search = FakeMessageSearch()
    turns = _Recording(search)
    pipeline = build_pipeline(
        search=search, evidence=FakeLifecycleEvidence(RECORDS), clock=FixedClock(AS_OF), turns=turns
    )
    pipeline.run(TruthExpiryRequest(question, as_of=AS_OF))
    assert turns.searched_before == ([0, 1] if gives_way else [])  # before and after searching


def test_during_its_turn_a_heavy_question_waits_again_for_a_simple_one_that_came_meanwhile() -> (
    None
):
    turns = QuestionTurns(settle=0.0, patience=WAIT)
    in_turn = threading.Event()
    simple_started = threading.Event()
    simple_may_end = threading.Event()
    ran: list[str] = []

    def heavy() -> None:
        with turns.answering():
            turns.give_way()
            in_turn.set()
            simple_started.wait(WAIT)
            turns.give_way()  # between its heavy steps
            ran.append("heavy")

    def simple() -> None:
        with turns.answering():
            simple_started.set()
            simple_may_end.wait(WAIT)
            ran.append("simple")

    heavy_thread = _start(heavy)
    assert in_turn.wait(WAIT)
    _start(simple)
    assert simple_started.wait(WAIT)
    time.sleep(0.1)
    assert ran == []  # the heavy question waits while the simple one is answered
    simple_may_end.set()
    heavy_thread.join(WAIT)
    assert ran == ["simple", "heavy"]
