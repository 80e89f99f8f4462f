"""Global middleware: answer each Slack event once, however often it is delivered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import BoltRequest, BoltResponse

from truthexpiry.ports import EventDedup


def deduplicate_events(dedup: EventDedup) -> Callable[..., BoltResponse | None]:
    def deduplicate(
        body: dict[str, Any], request: BoltRequest, next_: Callable[[], None]
    ) -> BoltResponse | None:
        event_id = body.get("event_id")
        if isinstance(event_id, str) and event_id:
            retries = request.headers.get("x-slack-retry-num", ["0"])
            redelivery = bool(retries) and retries[0] not in ("", "0")
            if not dedup.first_time(event_id, redelivery=redelivery):
                return BoltResponse(status=200, body="")  # acknowledged, not answered again
        next_()
        return None

    return deduplicate
