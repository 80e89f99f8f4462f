"""Running a started service until SIGTERM or SIGINT, then stopping it once.

The main thread wakes every 0.2 s: Python runs a signal handler only in the main thread, between
bytecodes, and a SIGINT the kernel hands to another thread does not wake a main thread blocked
in a lock (`Event.wait()`), so Ctrl-C right after start-up was missed. The handlers are set
before the service starts, so a signal during start-up stops it as soon as it is up.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from types import FrameType
from typing import Protocol

WAKE_SECONDS = 0.2


class Stoppable(Protocol):
    def shutdown(self) -> None: ...


def run_until_signal(start: Callable[[], Stoppable]) -> None:
    """Start the service, wait for SIGTERM or SIGINT, and shut it down."""
    received: list[int] = []

    def request_stop(signum: int, _frame: FrameType | None) -> None:
        received.append(signum)

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    service = start()
    while not received:
        time.sleep(WAKE_SECONDS)
    service.shutdown()
