"""`TRUTH_EXPIRY_DEDUP_REDIS_URL`: its shape checked, its value secret, the store it selects."""

from __future__ import annotations

import pytest
from slack_sdk import WebClient

from adapters.dedup.memory import InMemoryEventDedup, InMemoryNoticeLedger
from adapters.dedup.redis import RedisEventDedup, RedisNoticeLedger
from bootstrap import build_worker
from settings.environment import ConfigError
from settings.worker import WorkerSettings

OFFLINE = {
    "SLACK_BOT_TOKEN": "xoxb-secret-bot-value",
    "SLACK_APP_TOKEN": "xapp-secret-app-value",
    "TRUTH_EXPIRY_USE_FAKES": "1",
}
NAME = "TRUTH_EXPIRY_DEDUP_REDIS_URL"


@pytest.mark.parametrize(
    "url",
    [
        "redis://127.0.0.1:6379/0",
        "redis://truthexpiry-redis",
        "rediss://:pa55word@redis.internal:6380/2",
        "redis://worker:pa55word@[::1]:6379",
        "rediss://redis.example.com:6380/0?ssl_cert_reqs=required",
    ],
)
def test_redis_and_rediss_urls_are_accepted_and_kept_secret(url: str) -> None:
    settings = WorkerSettings.load({**OFFLINE, NAME: url})

    assert settings.dedup_redis_url is not None
    assert settings.dedup_redis_url.get_secret_value() == url
    assert "pa55word" not in repr(settings)
    assert "pa55word" not in str(settings.dedup_redis_url)


@pytest.mark.parametrize(
    "url",
    [
        "http://:pa55word@redis:6379",
        "redis:/pa55word@redis",
        "redis://:pa55word@",
        "redis://:pa55word@redis:99999",
        "redis://:pa55word@redis:6379/not-a-db",
        "redis://:pa55word@re dis:6379",
    ],
)
def test_a_malformed_url_is_named_without_its_value(url: str) -> None:
    with pytest.raises(ConfigError) as raised:
        WorkerSettings.load({**OFFLINE, NAME: url})

    assert any(NAME in problem for problem in raised.value.problems)
    assert "pa55word" not in str(raised.value)


def test_unset_means_in_memory_dedup() -> None:
    settings = WorkerSettings.load(OFFLINE)
    worker = build_worker(settings, WebClient(token="xoxb-unused"))

    assert settings.dedup_redis_url is None
    assert isinstance(worker.deps.dedup, InMemoryEventDedup)


def test_set_means_redis_dedup_released_with_the_worker() -> None:
    settings = WorkerSettings.load({**OFFLINE, NAME: "redis://127.0.0.1:1/0"})
    worker = build_worker(settings, WebClient(token="xoxb-unused"))

    assert isinstance(worker.deps.dedup, RedisEventDedup)
    worker.close()  # nothing was connected yet: closing must still be clean


NOTICES = {"TRUTH_EXPIRY_CHANGE_NOTICE_CHANNEL": "C0NOTICES"}


def test_change_notices_share_their_claims_in_the_same_redis() -> None:
    settings = WorkerSettings.load({**OFFLINE, NAME: "redis://127.0.0.1:1/0", **NOTICES})
    worker = build_worker(settings, WebClient(token="xoxb-unused"))

    assert worker.notifier is not None
    assert isinstance(worker.notifier._ledger, RedisNoticeLedger)
    worker.close()


def test_the_one_notifier_without_redis_claims_in_memory_from_a_new_baseline() -> None:
    notifier = {**OFFLINE, **NOTICES, "TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER": "1"}
    other = {**OFFLINE, **NOTICES, "TRUTH_EXPIRY_CHANGE_NOTICE_NOTIFIER": "0"}

    worker = build_worker(WorkerSettings.load(notifier), WebClient(token="xoxb-unused"))

    assert worker.notifier is not None
    assert isinstance(worker.notifier._ledger, InMemoryNoticeLedger)
    assert not worker.notifier._ledger.remembers()  # a new baseline at the first look
    assert build_worker(WorkerSettings.load(other), WebClient(token="xoxb-unused")).notifier is None
    assert (
        build_worker(WorkerSettings.load(OFFLINE), WebClient(token="xoxb-unused")).notifier is None
    )
