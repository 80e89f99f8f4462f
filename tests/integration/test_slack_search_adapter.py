"""The Slack search adapter: the real `WebClient` against the local Slack's Web API
(`tests/local_slack`), which records each call and answers what the test planned, so the SDK's
real request path (JSON body, headers, error handling) runs."""

from __future__ import annotations

import json
import logging
import socket
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from slack_sdk import WebClient

from adapters.slack_rts import SlackMessageSearch
from tests.local_slack import LocalSlack
from tests.local_slack.search import raw_message
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.errors import SearchUnavailableError

pytestmark = pytest.mark.integration

SEARCH = "assistant.search.context"
BOT_TOKEN = "xoxb-bottokencanary"
ACTION_TOKEN = "98765.43210.actiontokencanary"
QUESTION = "<@U0BOT> hey, is Zanzibarexport still on for Quokkaplan?"
PLANNED = "Zanzibarexport Quokkaplan"
CONTENT_CANARY = "slackcontentcanary"
SECRETS = ("Zanzibarexport", "Quokkaplan", ACTION_TOKEN, "actiontokencanary", BOT_TOKEN)


@dataclass(frozen=True)
class Reply:
    """What the search method answers next, byte for byte."""

    status: int = 200
    body: str = json.dumps({"ok": True, "results": {"messages": []}})
    headers: dict[str, str] = field(default_factory=dict)

    def plan(self, slack: LocalSlack) -> None:
        slack.reply_next(SEARCH, self.body, status=self.status, headers=self.headers)


@pytest.fixture(scope="module")
def local_slack() -> Iterator[LocalSlack]:
    with LocalSlack(bot_token=BOT_TOKEN) as slack:
        yield slack


@pytest.fixture
def slack(local_slack: LocalSlack) -> LocalSlack:
    """The module's local Slack with nothing recorded and nothing planned."""
    local_slack.reset()
    return local_slack


def client_for(slack: LocalSlack, *, timeout: int = 5) -> WebClient:
    return WebClient(token=BOT_TOKEN, base_url=slack.api_url, timeout=timeout)


def ok(*messages: dict[str, Any]) -> str:
    return json.dumps({"ok": True, "results": {"messages": list(messages)}})


def failed(error: str, **extra: Any) -> str:
    return json.dumps({"ok": False, "error": error, **extra})


def search_failure(search: SlackMessageSearch) -> SearchUnavailableError:
    with pytest.raises(SearchUnavailableError) as caught:
        search.search(QUESTION, limit=5, action_token=ACTION_TOKEN)
    return caught.value


def assert_leaks_nothing(error: BaseException) -> None:
    shown = " ".join((str(error), repr(error), "".join(traceback.format_exception(error))))
    for secret in (*SECRETS, CONTENT_CANARY):
        assert secret not in shown
    assert error.__cause__ is None
    assert error.__context__ is None


# --------------------------------------------------------------------------- the search call


def test_one_question_makes_one_search_call_for_public_messages_with_semantic_search_on(
    slack: LocalSlack,
) -> None:
    SlackMessageSearch(client_for(slack)).search(QUESTION, limit=5, action_token=ACTION_TOKEN)

    [request] = slack.calls
    assert request.method == SEARCH
    assert request.token == BOT_TOKEN  # sent as `Authorization: Bearer`
    assert request.args == {  # a JSON body: the list and the boolean arrive typed
        "query": PLANNED,
        "action_token": ACTION_TOKEN,
        "channel_types": ["public_channel"],
        "content_types": ["messages"],
        "include_bots": False,
        "disable_semantic_search": False,
        "limit": 5,
    }


@pytest.mark.parametrize(
    ("limit", "max_results", "sent"), [(50, 20, 20), (50, 80, 20), (5, 3, 3), (2, 20, 2)]
)
def test_the_limit_sent_is_the_smallest_of_the_request_the_adapter_and_slacks_page_of_20(
    slack: LocalSlack, limit: int, max_results: int, sent: int
) -> None:
    search = SlackMessageSearch(client_for(slack), max_results=max_results)

    search.search(QUESTION, limit=limit, action_token=ACTION_TOKEN)

    assert slack.calls_to(SEARCH)[0].args["limit"] == sent


@pytest.mark.parametrize("token", [None, ""])
def test_a_missing_action_token_fails_without_calling_slack(
    slack: LocalSlack, token: str | None
) -> None:
    with pytest.raises(SearchUnavailableError) as caught:
        SlackMessageSearch(client_for(slack)).search(QUESTION, limit=5, action_token=token)

    assert caught.value.category == "missing_action_token"
    assert slack.calls == []
    assert_leaks_nothing(caught.value)


@pytest.mark.parametrize("question", ["hi there?", "<@U0BOT> :wave:", "", "   "])
def test_a_question_with_nothing_to_search_finds_nothing_without_calling_slack(
    slack: LocalSlack, question: str
) -> None:
    found = SlackMessageSearch(client_for(slack)).search(
        question, limit=5, action_token=ACTION_TOKEN
    )

    assert found == ()
    assert slack.calls == []


def test_results_become_sanitized_search_messages(slack: LocalSlack) -> None:
    slack.reply_next(
        SEARCH,
        ok(
            raw_message(content="*Report export* is off for Starter :x: (PROD-482)"),
            raw_message(message_ts="1.2", channel_id="G0SECRET"),
            raw_message(message_ts="1.3", is_author_bot=True),
            raw_message(message_ts="1.4", author_user_id="U0BOT"),
        ),
    )
    search = SlackMessageSearch(client_for(slack), bot_user_id="U0BOT")

    found = search.search(QUESTION, limit=5, action_token=ACTION_TOKEN)

    assert found == (
        SearchMessage(
            message_ts="1747100000.000200",
            channel_id="C0PRODUCT",
            channel_name="product",
            author_user_id="U0ANA",
            author_name="Ana",
            content="Report export is off for Starter (PROD-482)",
            permalink="https://example.slack.com/archives/C0PRODUCT/p1747100000000200",
            tickets=("PROD-482",),
        ),
    )


def test_results_without_messages_are_an_empty_search(slack: LocalSlack) -> None:
    slack.reply_next(SEARCH, json.dumps({"ok": True, "results": {}}))

    found = SlackMessageSearch(client_for(slack)).search(
        QUESTION, limit=5, action_token=ACTION_TOKEN
    )

    assert found == ()


def test_the_sdk_logs_nothing_from_the_question_or_the_tokens_at_info_level(
    slack: LocalSlack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    search = SlackMessageSearch(client_for(slack))
    slack.reply_next(SEARCH, ok(raw_message(content=f"{CONTENT_CANARY} is on")))
    search.search(QUESTION, limit=5, action_token=ACTION_TOKEN)
    slack.reply_next(SEARCH, failed("invalid_action_token"))
    search_failure(search)

    for secret in (*SECRETS, CONTENT_CANARY):
        assert secret not in caplog.text


# --------------------------------------------------------------------------- failures

SLACK_ERRORS = [
    (Reply(body=failed("invalid_action_token")), "invalid_action_token"),
    (Reply(body=failed("feature_not_enabled")), "feature_not_enabled"),
    (Reply(body=failed("missing_scope", needed="search:read.public")), "missing_scope"),
    (Reply(body=failed("not_allowed_token_type")), "not_allowed"),
    (Reply(body=failed("access_denied")), "not_allowed"),
    (Reply(body=failed("invalid_auth", detail=CONTENT_CANARY)), "slack_error"),
    (Reply(body=failed("internal_error")), "slack_error"),
    (Reply(status=503, body=failed("service_unavailable")), "slack_error"),
    (Reply(status=500, body=f"<html>{CONTENT_CANARY}</html>"), "slack_error"),
    (Reply(body=f"<html>{CONTENT_CANARY}</html>"), "invalid_response"),
    (Reply(body='{"ok": true, "results": [' + CONTENT_CANARY), "invalid_response"),
    (Reply(body=json.dumps([{"content": CONTENT_CANARY}])), "invalid_response"),
    (Reply(body=json.dumps({"ok": True})), "invalid_response"),
    (Reply(body=json.dumps({"ok": True, "results": [CONTENT_CANARY]})), "invalid_response"),
    (Reply(body=json.dumps({"ok": True, "results": {"messages": {}}})), "invalid_response"),
    (Reply(body=json.dumps({"ok": False})), "invalid_response"),
]


@pytest.mark.parametrize(("reply", "category"), SLACK_ERRORS)
def test_each_slack_failure_maps_to_its_category_and_leaks_nothing(
    slack: LocalSlack, reply: Reply, category: str
) -> None:
    reply.plan(slack)

    error = search_failure(SlackMessageSearch(client_for(slack)))

    assert error.category == category
    assert error.retry_after is None
    assert len(slack.calls) == 1
    assert_leaks_nothing(error)


def test_an_unknown_slack_error_is_named_by_its_code(slack: LocalSlack) -> None:
    slack.reply_next(SEARCH, failed("invalid_auth"))

    error = search_failure(SlackMessageSearch(client_for(slack)))

    assert "invalid_auth" in str(error)


@pytest.mark.parametrize(
    ("reply", "retry_after"),
    [
        (Reply(429, failed("ratelimited"), {"Retry-After": "7"}), 7),
        (Reply(429, "", {"Retry-After": "30"}), 30),
        (Reply(429, failed("ratelimited"), {"Retry-After": "999999"}), 3600),
        (Reply(429, failed("ratelimited"), {"Retry-After": "soon"}), None),
        (Reply(429, failed("ratelimited")), None),
        (Reply(200, failed("rate_limited")), None),
        (Reply(200, failed("ratelimited")), None),
    ],
)
def test_rate_limiting_carries_the_retry_after_seconds_when_slack_gives_them(
    slack: LocalSlack, reply: Reply, retry_after: int | None
) -> None:
    reply.plan(slack)

    error = search_failure(SlackMessageSearch(client_for(slack)))

    assert error.category == "ratelimited"
    assert error.retry_after == retry_after
    assert len(slack.calls) == 1
    assert_leaks_nothing(error)


def test_a_refused_connection_is_a_transport_failure() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = WebClient(token=BOT_TOKEN, base_url=f"http://127.0.0.1:{port}/api/", timeout=2)

    error = search_failure(SlackMessageSearch(client))

    assert error.category == "transport"
    assert_leaks_nothing(error)


def test_a_slow_answer_is_a_transport_failure_after_the_client_timeout(
    slack: LocalSlack,
) -> None:
    slack.set_latency(SEARCH, 3.0)

    error = search_failure(SlackMessageSearch(client_for(slack, timeout=1)))

    assert error.category == "transport"
    assert_leaks_nothing(error)


def test_max_results_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="max_results"):
        SlackMessageSearch(WebClient(token=BOT_TOKEN), max_results=0)
