"""Global middleware: answer each Slack event once, however often it is delivered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import BoltResponse

from truthexpiry.ports import EventDedup


def deduplicate_events(dedup: EventDedup) -> Callable[..., BoltResponse | None]:
    def deduplicate(body: dict[str, Any], next_: Callable[[], None]) -> BoltResponse | None:
        event_id = body.get("event_id")
        if isinstance(event_id, str) and event_id and not dedup.first_time(event_id):
            return BoltResponse(status=200, body="")  # acknowledged, not answered again
        next_()
        return None

    return deduplicate
