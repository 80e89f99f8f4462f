"""Event deduplication shared by every worker replica, in Redis.

Each event ID is claimed with one `SET <prefix><event_id> 1 NX EX <ttl>`: the replica whose SET
succeeds answers, the others acknowledge and stay silent. Only the event ID (Slack's opaque
`Ev...` identifier) is stored, never anything from the message, and it expires after `ttl_seconds`.

Fail-safe: when Redis cannot be reached (or answers with an error) the event is answered. A rare
duplicate reply is better than a question nobody answers. During an outage each replica falls
back to its own in-memory store, which still catches redeliveries to the same replica, and skips
Redis for `retry_seconds` so that every event does not wait out a connect timeout; the first event
after that tries Redis again. Each failure is logged (no event ID, no URL) and counted, and
`on_unavailable` is called so that metrics can see it. Timeouts are short and bounded: the dedup
check runs before the event is acknowledged.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from adapters.dedup.memory import InMemoryEventDedup

logger = logging.getLogger(__name__)

DEFAULT_KEY_PREFIX = "truthexpiry:event:"
DEFAULT_TTL_SECONDS = 600  # Slack retries an event three times within about five minutes
DEFAULT_TIMEOUT_SECONDS = 0.25


class RedisEventDedup:
    def __init__(
        self,
        client: redis.Redis | str,
        *,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        key_prefix: str = DEFAULT_KEY_PREFIX,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        retry_seconds: float = 5.0,
        on_unavailable: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if ttl_seconds < 1:
            raise ValueError("ttl_seconds must be at least 1")
        self._owns_client = not isinstance(client, redis.Redis)
        self._client = (
            _client_from_url(client, timeout_seconds) if isinstance(client, str) else client
        )
        self._ttl = ttl_seconds
        self._prefix = key_prefix
        self._retry_seconds = retry_seconds
        self._on_unavailable = on_unavailable
        self._clock = clock
        self._fallback = InMemoryEventDedup(ttl_seconds=ttl_seconds, clock=clock)
        self._lock = threading.Lock()
        self._skip_until = float("-inf")
        self.failures = 0  # how many checks Redis could not answer since start

    def first_time(self, event_id: str) -> bool:
        if self._clock() < self._skip_until:
            return self._fallback.first_time(event_id)
        try:
            claimed = self._client.set(self._prefix + event_id, b"1", nx=True, ex=self._ttl)
        except redis.RedisError as error:
            self._unavailable(error)
            return self._fallback.first_time(event_id)
        return bool(claimed)

    def close(self) -> None:
        if self._owns_client:
            self._client.close()

    def _unavailable(self, error: redis.RedisError) -> None:
        with self._lock:
            self.failures += 1
            self._skip_until = self._clock() + self._retry_seconds
        logger.warning(
            "event dedup: Redis unavailable (%s); answering, with per-replica dedup for %g s",
            type(error).__name__,
            self._retry_seconds,
        )
        if self._on_unavailable is not None:
            self._on_unavailable()


def _client_from_url(url: str, timeout_seconds: float) -> redis.Redis:
    """A client for a `redis://` or `rediss://` URL; one quick try per call, no retries."""
    return redis.Redis.from_url(
        url,
        socket_timeout=timeout_seconds,
        socket_connect_timeout=timeout_seconds,
        retry_on_timeout=False,
        retry=Retry(NoBackoff(), 0),
        health_check_interval=30,
    )
