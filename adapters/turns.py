"""Who runs first when the worker answers questions side by side: simple questions before heavy.

The worker's questions share one interpreter, which runs one thread at a time. A question that
lists records over a window (what changed, what is coming) costs the worker several simple
questions' time (its search and reading, the history call, the transitions, the rendering), and
a simple question answered beside five of them took 3-5x its time alone, most of it waiting for
theirs. So once the pipeline has read a question as such a heavy one, it gives way
(`truthexpiry.ports.Turns`): `QuestionTurns.give_way` lets it go on only when

* no simple question is being answered (each request counts as simple from the moment the
  listener starts it until it gives way or ends),
* no event that has arrived is still on its way to its listener (it may be a simple question
  about to start: events arrived, less requests started; an event that never becomes a request,
  a duplicate or one nobody answers, stops counting `settle` seconds after it arrived), and
* no event has arrived in the last `quiet` seconds (events sent together arrive over a few
  milliseconds: the first heavy one to start would otherwise go on before the rest arrive),
* no other heavy question is going on (they take turns, one at a time),

or, whatever the rest, once it has waited `patience` seconds: a heavy question is delayed, never
starved.

At most `at_once` simple questions are answered at a time; the others wait for a slot, in the
order they came (about). A waiting question costs the interpreter nothing, where one more thread
answering would share it with the rest: the ones ahead finish sooner, and the Socket Mode receive
loop, which acknowledges each event, waits for the interpreter behind fewer threads. A heavy
question gives up its slot while it waits for its turn, and the one heavy question going on has
none: so a heavy question waiting never keeps a simple one from starting, as long as the
listeners' thread pool has threads for both (`LISTENER_THREADS`).

Nothing of a question is kept: counts, arrival times, and each request thread's state.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum

SETTLE_SECONDS = 0.5  # an event's dispatch, ack to listener, takes 2-130 ms on a busy machine
QUIET_SECONDS = 0.02
PATIENCE_SECONDS = 1.0  # the most a heavy question waits for its turn
AT_ONCE = 5  # simple questions answered at a time (Bolt's own listener pool has 5 threads)
LISTENER_THREADS = 32  # for the listeners: the questions answered, waiting for a slot or a turn


class _State(Enum):
    SIMPLE = "simple"  # being answered, has not given way
    WAITING = "waiting"  # gave way, waiting for its turn
    HEAVY = "heavy"  # its turn: the one heavy question going on
    LATE = "late"  # waited out its patience, going on beside the rest


class QuestionTurns:
    def __init__(
        self,
        *,
        settle: float = SETTLE_SECONDS,
        quiet: float = QUIET_SECONDS,
        patience: float = PATIENCE_SECONDS,
        at_once: int = AT_ONCE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._settle = settle
        self._quiet = quiet
        self._patience = patience
        self._clock = clock
        self._changed = threading.Condition()
        self._slots = threading.Semaphore(at_once)
        self._simple = 0
        self._heavy = False
        self._arrivals: deque[float] = deque()  # of the events not yet become requests
        self._last_arrival = -quiet
        self._requests = threading.local()

    def arrived(self) -> None:
        """An event has arrived and is about to be dispatched (Socket Mode calls it)."""
        now = self._clock()
        with self._changed:
            self._arrivals.append(now)
            self._last_arrival = now

    @contextmanager
    def answering(self) -> Iterator[None]:
        """One request answered in this thread, from its start to its reply: simple until the
        pipeline reads it as heavy and it gives way."""
        with self._changed:
            self._simple += 1
            if self._arrivals:  # the oldest: a request does not know which event it came from
                self._arrivals.popleft()
        self._requests.state = _State.SIMPLE
        try:
            self._slots.acquire()
            try:
                yield
            finally:
                if self._requests.state is _State.SIMPLE:  # a heavy one gave it up
                    self._slots.release()
        finally:
            state = self._requests.state
            self._requests.state = None
            with self._changed:
                if state is _State.SIMPLE:
                    self._simple -= 1
                elif state is _State.HEAVY:
                    self._heavy = False
                self._changed.notify_all()

    def give_way(self) -> None:
        """This thread's request is heavy: wait for its turn (see the module docstring). Called
        again during its turn (the pipeline does between its heavy steps), it waits while a
        simple question or an event has come meanwhile, keeping its turn; its patience counts
        from the first call. Outside a request (the command line, a test), nothing happens."""
        state = getattr(self._requests, "state", None)
        if state is _State.SIMPLE:
            self._take_turn()
        elif state in {_State.HEAVY, _State.LATE}:
            with self._changed:
                while (pause := self._pause(self._requests.deadline, others_heavy=False)) > 0:
                    self._changed.wait(pause)

    def _take_turn(self) -> None:
        deadline = self._clock() + self._patience
        self._requests.deadline = deadline
        self._slots.release()
        with self._changed:
            self._simple -= 1
            self._requests.state = _State.WAITING
            self._changed.notify_all()
            while (pause := self._pause(deadline, others_heavy=True)) > 0:
                self._changed.wait(pause)
            if self._heavy:
                self._requests.state = _State.LATE
            else:
                self._heavy = True
                self._requests.state = _State.HEAVY

    def _pause(self, deadline: float, *, others_heavy: bool) -> float:
        """How long to wait before looking again; 0 when this question may go on (or its
        patience is out). `others_heavy`: whether another heavy question's turn stops it too.
        Called with the lock held; a change in the counts wakes the wait."""
        now = self._clock()
        if now >= deadline:
            return 0.0
        while self._arrivals and self._arrivals[0] + self._settle <= now:
            self._arrivals.popleft()  # an event that became no request
        if self._simple or (others_heavy and self._heavy):
            return deadline - now
        if self._arrivals:  # until it starts (which wakes the wait) or stops counting
            return min(self._arrivals[0] + self._settle - now, deadline - now)
        if others_heavy and (quiet_in := self._last_arrival + self._quiet - now) > 0:
            return min(quiet_in, deadline - now)
        return 0.0

    @property
    def simple_in_flight(self) -> int:
        with self._changed:
            return self._simple
