"""The dedup middleware: a repeated event is acknowledged and not answered; Slack's retry count
reaches the store as `redelivery`."""

from __future__ import annotations

from collections.abc import Sequence

from slack_bolt import BoltRequest

from listeners.middleware import deduplicate_events


class RecordingDedup:
    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.seen: list[tuple[str, bool]] = []

    def first_time(self, event_id: str, *, redelivery: bool = False) -> bool:
        self.seen.append((event_id, redelivery))
        return self.answer


def run(dedup: RecordingDedup, retry_num: str | None) -> tuple[bool, int | None]:
    headers: dict[str, str | Sequence[str]] | None = (
        {"x-slack-retry-num": [retry_num]} if retry_num is not None else None
    )
    request = BoltRequest(
        body={"event_id": "Ev1", "type": "event_callback"}, mode="socket_mode", headers=headers
    )
    called = []
    response = deduplicate_events(dedup)({"event_id": "Ev1"}, request, lambda: called.append(1))
    return bool(called), None if response is None else response.status


def test_a_first_delivery_goes_on_and_is_not_a_redelivery() -> None:
    dedup = RecordingDedup(answer=True)

    assert run(dedup, None) == (True, None)
    assert dedup.seen == [("Ev1", False)]


def test_a_retry_is_flagged_as_a_redelivery() -> None:
    dedup = RecordingDedup(answer=True)

    run(dedup, "2")

    assert dedup.seen == [("Ev1", True)]


def test_a_repeat_is_acknowledged_and_stops_there() -> None:
    assert run(RecordingDedup(answer=False), "1") == (False, 200)
