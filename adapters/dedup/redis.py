"""Event deduplication and the change-notice ledger, shared by every worker replica, in Redis.

Each event ID is claimed with one `SET <prefix><event_id> 1 NX EX <ttl>`: the replica whose SET
succeeds answers, the others acknowledge and stay silent. Only the event ID (Slack's opaque
`Ev...` identifier) is stored, never anything from the message, and it expires after `ttl_seconds`.

When Redis cannot be reached (or answers with an error) each replica falls back to its own
in-memory store and skips Redis for `retry_seconds`, so that every event does not wait out a
connect timeout; the first event after that tries Redis again. During such an outage:
- a first delivery (Slack's retry count 0) is answered: Slack sends it to one connection only,
  so no other replica has it, and a question must not be lost;
- a redelivery this replica has not seen is not answered: Slack redelivers only what it saw
  unacknowledged, the worker acknowledges before dispatching, so the first delivery almost surely
  reached a replica that answered it (`dropped_redeliveries` counts these);
- the event IDs answered are kept and written to Redis once it is back, so that a redelivery
  after the outage is not answered a second time by another replica.
Failures are logged (no event ID, no URL) and counted, and `on_unavailable` is called so that
metrics can see them. Timeouts are short and bounded.

`RedisNoticeLedger` claims each change notice the same way, `SET <prefix><record_id> 1 NX EX
<ttl>`, with a TTL longer than the notice window so that a record is never announced twice. When
Redis cannot answer, nothing is claimed (a notice waits for the next try rather than risk being
posted twice).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from adapters.dedup.memory import InMemoryEventDedup

logger = logging.getLogger(__name__)

DEFAULT_KEY_PREFIX = "truthexpiry:event:"
NOTICE_KEY_PREFIX = "truthexpiry:notice:"
DEFAULT_TTL_SECONDS = 600  # Slack retries an event three times within about five minutes
DEFAULT_TIMEOUT_SECONDS = 0.25
_MAX_OUTAGE_CLAIMS = 10_000  # event IDs remembered for Redis during one outage, newest kept


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
        self._client, self._owns_client = connected(client, timeout_seconds)
        self._ttl = ttl_seconds
        self._prefix = key_prefix
        self._retry_seconds = retry_seconds
        self._on_unavailable = on_unavailable
        self._clock = clock
        self._fallback = InMemoryEventDedup(ttl_seconds=ttl_seconds, clock=clock)
        self._lock = threading.Lock()
        self._skip_until = float("-inf")
        self._answered_during_outage: deque[str] = deque(maxlen=_MAX_OUTAGE_CLAIMS)
        self.failures = 0  # how many checks Redis could not answer since start
        self.dropped_redeliveries = 0  # redeliveries not answered while Redis was unavailable

    def first_time(self, event_id: str, *, redelivery: bool = False) -> bool:
        if self._clock() >= self._skip_until:
            try:
                self._write_outage_claims()
                claimed = self._client.set(self._prefix + event_id, b"1", nx=True, ex=self._ttl)
            except redis.RedisError as error:
                self._unavailable(error)
            else:
                return bool(claimed)
        return self._first_time_without_redis(event_id, redelivery)

    def _first_time_without_redis(self, event_id: str, redelivery: bool) -> bool:
        if not self._fallback.first_time(event_id):
            return False
        with self._lock:
            if redelivery:
                self.dropped_redeliveries += 1
                return False
            self._answered_during_outage.append(event_id)
        return True

    def _write_outage_claims(self) -> None:
        """Claim in Redis, in one round trip, what was answered while it was away."""
        with self._lock:
            pending = list(self._answered_during_outage)
            self._answered_during_outage.clear()
        if not pending:
            return
        try:
            pipeline = self._client.pipeline(transaction=False)
            for event_id in pending:
                pipeline.set(self._prefix + event_id, b"1", nx=True, ex=self._ttl)
            pipeline.execute()
        except redis.RedisError:
            with self._lock:
                self._answered_during_outage.extendleft(reversed(pending))
            raise

    def close(self) -> None:
        if self._owns_client:
            self._client.close()

    def _unavailable(self, error: redis.RedisError) -> None:
        with self._lock:
            self.failures += 1
            self._skip_until = self._clock() + self._retry_seconds
        logger.warning(
            "event dedup: Redis unavailable (%s); per-replica dedup for %g s",
            type(error).__name__,
            self._retry_seconds,
        )
        if self._on_unavailable is not None:
            self._on_unavailable()


class RedisNoticeLedger:
    """The `NoticeLedger` port in Redis: one key per record ID, kept for `ttl_seconds`."""

    def __init__(
        self,
        client: redis.Redis | str,
        *,
        ttl_seconds: int,
        key_prefix: str = NOTICE_KEY_PREFIX,
        timeout_seconds: float = 1.0,
    ) -> None:
        if ttl_seconds < 1:
            raise ValueError("ttl_seconds must be at least 1")
        self._client, self._owns_client = connected(client, timeout_seconds)
        self._ttl = ttl_seconds
        self._prefix = key_prefix

    def claim(self, record_id: str) -> bool:
        try:
            return bool(self._client.set(self._prefix + record_id, b"1", nx=True, ex=self._ttl))
        except redis.RedisError as error:
            logger.warning("change notices: Redis unavailable (%s)", type(error).__name__)
            return False

    def release(self, record_id: str) -> None:
        try:
            self._client.delete(self._prefix + record_id)
        except redis.RedisError as error:  # the notice is then lost, never posted twice
            logger.warning("change notices: claim not released (%s)", type(error).__name__)

    def close(self) -> None:
        if self._owns_client:
            self._client.close()


def connected(client: redis.Redis | str, timeout_seconds: float) -> tuple[redis.Redis, bool]:
    """The client to use, and whether it is ours to close: one made from a URL is."""
    if isinstance(client, str):
        return _client_from_url(client, timeout_seconds), True
    return client, False


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
