"""Nothing of a question outlives its reply in the worker's memory: once the reply is posted and
the request has finished, no live object of the worker (its objects, and the local variables
of every thread it runs, the Socket Mode receive loop's included) holds the question's text.

The local Slack server runs in this process and keeps what it was sent, as Slack would: its
threads are not the worker's and are left out."""

from __future__ import annotations

import gc
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from types import FrameType

import pytest

from tests.e2e.conftest import RunningWorker
from tests.e2e.test_worker import posted_in_thread
from tests.local_slack import events

pytestmark = pytest.mark.e2e
SERVER_THREADS = ("local-slack", "AnyIO", "lifecycle")


def text_in(root: object, limit: int = 100_000) -> Iterator[str | bytes]:
    """Every str and bytes reachable from `root` through attributes, slots and containers."""
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack and len(seen) < limit:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (int, float, bool, type(None), type)):
            continue
        seen.add(id(item))
        if isinstance(item, (str, bytes, bytearray)):
            yield bytes(item) if isinstance(item, bytearray) else item
        elif isinstance(item, dict):
            stack.extend([*item.keys(), *item.values()])
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif not isinstance(item, type(sys)):
            stack.extend(getattr(item, "__dict__", {}).values())
            for slot in getattr(type(item), "__slots__", ()):
                stack.append(getattr(item, slot, None))


def worker_frames() -> Iterator[tuple[str, object]]:
    """(thread name, a local variable) for every frame of every thread but this one and the
    local servers'."""
    names = {t.ident: t.name for t in threading.enumerate()}
    for ident, frame in sys._current_frames().items():
        name = names.get(ident, "?")
        if ident == threading.get_ident() or name.startswith(SERVER_THREADS):
            continue
        current: FrameType | None = frame
        while current is not None:
            for value in current.f_locals.values():
                yield f"{name}:{current.f_code.co_name}", value
            current = current.f_back


def holds(root: object, canary: str) -> bool:
    encoded = canary.encode()
    return any(
        (canary in text) if isinstance(text, str) else (encoded in text) for text in text_in(root)
    )


def holders(running: RunningWorker, canary: str) -> list[str]:
    gc.collect()
    found = [where for where, value in worker_frames() if holds(value, canary)]
    if holds(running.runtime, canary):
        found.append("the worker's objects")
    return found


def test_the_question_is_in_no_live_object_after_the_reply(running: RunningWorker) -> None:
    canary = f"zq{uuid.uuid4().hex[:12]}canary"
    event = events.app_mention(f"<@UBOT> is report export on Starter? {canary}", action_token="t")

    running.slack.send_event(event)
    posted_in_thread(running, event["ts"])
    assert running.runtime.drain.wait_idle(5)
    time.sleep(0.3)  # the listener thread returns after posting; pings keep flowing meanwhile

    assert holders(running, canary) == []
