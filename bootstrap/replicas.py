"""What the worker's replicas share: which events have been answered, and which change notices
have been posted. Both live in Redis when `dedup_redis_url` is set, else in this replica's
memory.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from adapters.dedup.memory import InMemoryEventDedup
from truthexpiry.ports import EventDedup, NoticeLedger
from truthexpiry.time.feed import ChangeFeed, ChangeNotifier

if TYPE_CHECKING:
    from slack_sdk import WebClient

    from settings.worker import WorkerSettings

# A claimed notice is remembered this many days past the notice window, so that it can never
# be posted twice while its record is inside the window, whatever the clocks say.
NOTICE_MEMORY_DAYS = 30


def event_dedup(settings: WorkerSettings, closers: list[Callable[[], None]]) -> EventDedup:
    """Shared across replicas in Redis when a Redis URL is set (`dedup_redis_url`), else memory."""
    if settings.dedup_redis_url is None:
        return InMemoryEventDedup()
    from adapters.dedup.redis import RedisEventDedup

    shared = RedisEventDedup(settings.dedup_redis_url.get_secret_value())
    closers.append(shared.close)
    return shared


def change_notifier(
    settings: WorkerSettings,
    client: WebClient,
    feed: ChangeFeed | None,
    closers: list[Callable[[], None]],
) -> ChangeNotifier | None:
    """The notifier when this replica posts change notices: claims shared in Redis when
    `dedup_redis_url` is set, else in memory (this replica is the one notifier).
    Either ledger, found empty, gets a new baseline rather than a second round of notices."""
    channel = settings.change_notice_channel
    if feed is None or channel is None or not settings.posts_change_notices:
        return None
    from adapters.dedup.memory import InMemoryNoticeLedger
    from adapters.slack.change_notices import SlackChangeNotices
    from listeners.views.changes import change_notice

    window = settings.change_notice_window_days
    ledger: NoticeLedger
    if settings.dedup_redis_url is not None:
        from adapters.dedup.redis import RedisNoticeLedger

        shared = RedisNoticeLedger(
            settings.dedup_redis_url.get_secret_value(),
            ttl_seconds=(window + NOTICE_MEMORY_DAYS) * 86_400,
        )
        closers.append(shared.close)
        ledger = shared
    else:
        ledger = InMemoryNoticeLedger()
    notices = SlackChangeNotices(client, channel, render=change_notice)
    return ChangeNotifier(feed, ledger, notices, window_days=window)
