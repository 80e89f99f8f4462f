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

`RedisNoticeLedger` keeps, per announced record, `<prefix><record_id>` = a fingerprint of the
record's value (a hash, no Slack content), with a TTL longer than the notice window, and a
baseline key with no TTL. A claim is one script: no baseline key means Redis lost what it knew
(LOST: the notifier takes a new baseline and announces nothing already in the window); the same
fingerprint means announced; none or another one is claimed for this caller (a notice, or a
correction). When Redis cannot answer, nothing is claimed (a notice waits for the next try
rather than risk being posted twice).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from adapters.dedup.memory import InMemoryEventDedup
from truthexpiry.models.time.change_notices import Claimed, NoticeClaim

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


# One round trip, atomic: no claim is taken in a ledger that has lost its baseline.
_CLAIM = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {'lost'} end
local previous = redis.call('GET', KEYS[2])
if previous == ARGV[1] then return {'announced'} end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
if not previous then return {'new'} end
return {'corrected', previous}
"""
# Give back only a claim still ours: another replica may have claimed since.
_RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then return redis.call('DEL', KEYS[1]) end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return 1
"""

_REBASELINE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 2, #KEYS do redis.call('SET', KEYS[i], ARGV[i], 'EX', ARGV[1]) end
redis.call('SET', KEYS[1], '1')
return 1
"""


class RedisNoticeLedger:
    """The `NoticeLedger` port in Redis: one key per record ID holding its fingerprint, kept
    for `ttl_seconds`, and a baseline key (`<prefix without its colon>-ledger`, no TTL) whose
    absence says Redis has lost what it knew (it came back empty, or was flushed)."""

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
        self.baseline_key = key_prefix.rstrip(":") + "-ledger"
        self._claim = self._client.register_script(_CLAIM)
        self._release = self._client.register_script(_RELEASE)
        self._rebaseline = self._client.register_script(_REBASELINE)

    def remembers(self) -> bool | None:
        try:
            return bool(self._client.exists(self.baseline_key))
        except redis.RedisError as error:
            _unavailable("not read", error)
            return None

    def claim(self, record_id: str, fingerprint: str) -> Claimed:
        keys = [self.baseline_key, self._prefix + record_id]
        try:
            answer = self._claim(keys=keys, args=[fingerprint, self._ttl])
        except redis.RedisError as error:
            _unavailable("not claimed", error)
            return Claimed(NoticeClaim.UNKNOWN)
        outcome, *previous = (_text(part) for part in answer)
        return Claimed(NoticeClaim(outcome), previous[0] if previous else None)

    def release(self, record_id: str, fingerprint: str, claimed: Claimed) -> None:
        args: list[str | int] = [fingerprint, claimed.previous or "", self._ttl]
        try:
            self._release(keys=[self._prefix + record_id], args=args)
        except redis.RedisError as error:  # the notice is then lost, never posted twice
            _unavailable("claim not released", error)

    def rebaseline(self, announced: Sequence[tuple[str, str]]) -> bool:
        """Every fingerprint and the baseline key in one script: a replica never sees the
        baseline without the claims it stands for, and a replica whose look began before
        another's baseline does not take one over it."""
        keys = [self.baseline_key, *(self._prefix + record_id for record_id, _ in announced)]
        args: list[str | int] = [self._ttl, *(mark for _, mark in announced)]
        try:
            taken = self._rebaseline(keys=keys, args=args)
        except redis.RedisError as error:
            _unavailable("no new baseline", error)
            return False
        if taken:
            logger.warning(
                "change notices: the ledger was empty (first start, or Redis lost its data); "
                "new baseline, nothing in the window announced",
                extra={"count": len(announced)},
            )
        return bool(taken)

    def close(self) -> None:
        if self._owns_client:
            self._client.close()


def _text(part: bytes | str) -> str:
    return part.decode() if isinstance(part, bytes) else part


def _unavailable(what: str, error: redis.RedisError) -> None:
    logger.warning("change notices: Redis unavailable, %s (%s)", what, type(error).__name__)


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
