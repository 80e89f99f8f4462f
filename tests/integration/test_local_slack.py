"""The local Slack server speaks Socket Mode and the Web API well enough for the real SDK and Bolt.

Drives `tests.local_slack.LocalSlack` with the builtin `SocketModeClient`, a minimal real Bolt
`App` on the builtin `SocketModeHandler`, and a plain `WebClient`. The Bolt app and its server are
shared by the module (closing a builtin client costs about a second); each test waits only for
its own envelopes and calls.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from slack_bolt import Ack as BoltAck
from slack_bolt import App, Assistant, Say, SetStatus, SetSuggestedPrompts
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.socket_mode.builtin import SocketModeClient
from slack_sdk.socket_mode.client import BaseSocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse

from tests.local_slack import LocalSlack, events, interactions

pytestmark = pytest.mark.integration

PING_INTERVAL = 0.1  # drop detection ≈ 6 intervals; see tests/local_slack/server.py
WAIT = 5.0
CORPUS = [
    {
        "message_ts": "1700000001.000100",
        "channel_id": "C0PLANS",
        "channel_name": "plans",
        "author_user_id": "U0ALICE",
        "author_name": "alice",
        "content": "Report export is available on Starter",
        "permalink": "https://truthexpiry-test.slack.com/archives/C0PLANS/p1700000001000100",
    },
    {
        "message_ts": "1700000002.000200",
        "channel_id": "C0PLANS",
        "channel_name": "plans",
        "author_user_id": "U0BOB",
        "author_name": "bob",
        "content": "Report export moved to the Pro plan; Starter no longer has report export",
        "permalink": "https://truthexpiry-test.slack.com/archives/C0PLANS/p1700000002000200",
    },
    {
        "message_ts": "1700000003.000300",
        "channel_id": "C0LUNCH",
        "channel_name": "lunch",
        "author_user_id": "U0CAROL",
        "author_name": "carol",
        "content": "Pizza on Friday",
        "permalink": "https://truthexpiry-test.slack.com/archives/C0LUNCH/p1700000003000300",
    },
]


@dataclass
class Seen:
    """What the Bolt listeners were called with, waited on with a deadline."""

    items: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)
    gate: threading.Event = field(default_factory=threading.Event)  # holds "slow" mentions

    def add(self, listener: str, body: dict[str, Any]) -> None:
        with self.changed:
            self.items.append((listener, body))
            self.changed.notify_all()

    def wait_for(self, listener: str, matches: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        def found() -> dict[str, Any] | None:
            return next((b for name, b in self.items if name == listener and matches(b)), None)

        with self.changed:
            body = self.changed.wait_for(found, timeout=WAIT)
        assert body is not None, f"{listener} was not called with a matching body"
        return body


@dataclass(frozen=True)
class BoltRun:
    slack: LocalSlack
    seen: Seen


def event_text(text: str) -> Callable[[dict[str, Any]], bool]:
    return lambda body: body.get("event", {}).get("text") == text


def build_app(slack: LocalSlack, seen: Seen) -> App:
    app = App(client=WebClient(token=slack.bot_token, base_url=slack.api_url))
    assistant = Assistant()

    @app.event("app_mention")
    def on_mention(body: dict[str, Any], say: Say) -> None:
        if body["event"]["text"].endswith("slow"):
            seen.gate.wait(WAIT)
        say(text="checking", thread_ts=body["event"]["ts"])
        seen.add("app_mention", body)

    @app.event("message")
    def on_message(body: dict[str, Any]) -> None:
        seen.add("message", body)

    @app.event("app_home_opened")
    def on_home(body: dict[str, Any]) -> None:
        seen.add("app_home_opened", body)

    @app.shortcut("check_message")
    def on_shortcut(ack: BoltAck, body: dict[str, Any]) -> None:
        ack()
        seen.add("shortcut", body)

    @app.action("feedback_up")
    def on_feedback(ack: BoltAck, body: dict[str, Any]) -> None:
        ack()
        seen.add("action", body)

    @assistant.thread_started
    def on_thread(body: dict[str, Any], set_suggested_prompts: SetSuggestedPrompts) -> None:
        set_suggested_prompts(prompts=["Is report export on Starter?"])
        seen.add("thread_started", body)

    @assistant.user_message
    def on_user_message(body: dict[str, Any], set_status: SetStatus, say: Say) -> None:
        set_status("is checking...")
        say(text="answer")
        seen.add("user_message", body)

    app.assistant(assistant)
    return app


@pytest.fixture(scope="module")
def bolt() -> Iterator[BoltRun]:
    with LocalSlack() as slack:
        seen = Seen()
        handler = SocketModeHandler(
            build_app(slack, seen), slack.app_token, ping_interval=PING_INTERVAL
        )
        try:
            # `handler.connect()` is the same call, but untyped for mypy --strict.
            handler.client.connect()
            slack.wait_for_connection(1)
            yield BoltRun(slack, seen)
        finally:
            handler.client.close()


@pytest.fixture
def slack() -> Iterator[LocalSlack]:
    with LocalSlack() as server:
        yield server


@pytest.fixture
def web(slack: LocalSlack) -> WebClient:
    return WebClient(token=slack.bot_token, base_url=slack.api_url)


def answer_every_request(client: BaseSocketModeClient, request: SocketModeRequest) -> None:
    client.send_socket_mode_response(SocketModeResponse(envelope_id=request.envelope_id))


@pytest.fixture(scope="module")
def sdk() -> Iterator[tuple[LocalSlack, Seen]]:
    """A builtin `SocketModeClient` that acks every envelope and records every frame."""
    with LocalSlack() as slack:
        seen = Seen()
        web = WebClient(token=slack.bot_token, base_url=slack.api_url)
        client = SocketModeClient(app_token=slack.app_token, web_client=web, ping_interval=0.2)
        client.message_listeners.append(lambda _c, message, _raw: seen.add("frame", message))
        client.socket_mode_request_listeners.append(answer_every_request)
        try:
            client.connect()
            slack.wait_for_connection(1)
            yield slack, seen
        finally:
            client.close()


# -- Socket Mode, with the SDK's builtin client ------------------------------------------------


def test_the_builtin_client_is_greeted_with_hello(sdk: tuple[LocalSlack, Seen]) -> None:
    slack, seen = sdk
    hello = seen.wait_for("frame", lambda frame: frame.get("type") == "hello")
    assert hello["num_connections"] == 1
    assert hello["connection_info"] == {"app_id": "A0TEST"}
    assert set(hello["debug_info"]) >= {"host", "approximate_connection_time"}
    opened = slack.wait_for_call("apps.connections.open")
    assert opened.token == "xapp-test-app"
    assert slack.connections_opened == 1


def test_a_redelivered_event_keeps_its_event_id_and_carries_its_retry_fields(
    sdk: tuple[LocalSlack, Seen],
) -> None:
    slack, seen = sdk
    event = events.app_mention("<@UBOT> retried?")
    first = slack.send_event(event, event_id="Ev0RETRY")
    again = slack.send_event(event, event_id="Ev0RETRY", retry_attempt=1, retry_reason="timeout")
    envelope = seen.wait_for("frame", lambda frame: frame.get("envelope_id") == again)
    assert envelope["type"] == "events_api"
    assert envelope["accepts_response_payload"] is False
    assert (envelope["retry_attempt"], envelope["retry_reason"]) == (1, "timeout")
    assert envelope["payload"]["event_id"] == "Ev0RETRY"
    assert envelope["payload"]["type"] == "event_callback"
    assert envelope["payload"]["authorizations"][0]["user_id"] == "UBOT"
    assert slack.wait_for_ack(first).envelope_id != slack.wait_for_ack(again).envelope_id


# -- Socket Mode, with a real Bolt app -----------------------------------------------------------


def test_an_events_api_envelope_reaches_the_bolt_listener_and_is_acked(bolt: BoltRun) -> None:
    slack = bolt.slack
    envelope_id = slack.send_event(events.app_mention("<@UBOT> is export on Starter?"))
    body = bolt.seen.wait_for("app_mention", event_text("<@UBOT> is export on Starter?"))
    ack = slack.wait_for_ack(envelope_id)
    assert ack.payload is None
    assert ack.received_at >= slack.sent_at(envelope_id)
    reply = slack.wait_for_call(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == body["event"]["ts"]
    )
    assert reply.token == "xoxb-test-bot"
    assert reply.args["channel"] == "C0PUBLIC"


def test_bolt_acks_an_event_before_its_listener_finishes(bolt: BoltRun) -> None:
    slack = bolt.slack
    event = events.app_mention("<@UBOT> slow")
    envelope_id = slack.send_event(event)
    slack.wait_for_ack(envelope_id)
    replies = slack.calls_to("chat.postMessage")
    assert all(call.args.get("thread_ts") != event["ts"] for call in replies)
    bolt.seen.gate.set()
    slack.wait_for_call("chat.postMessage", lambda c: c.args.get("thread_ts") == event["ts"])


@pytest.mark.parametrize(
    ("payload", "listener"),
    [
        (interactions.message_action("check_message", text="Export is on Starter"), "shortcut"),
        (interactions.block_actions("feedback_up", value="helpful"), "action"),
    ],
    ids=["message shortcut", "block action"],
)
def test_an_interactive_envelope_reaches_the_bolt_listener_and_is_acked(
    bolt: BoltRun, payload: dict[str, Any], listener: str
) -> None:
    envelope_id = bolt.slack.send_interactive(payload)
    bolt.slack.wait_for_ack(envelope_id)
    bolt.seen.wait_for(listener, lambda body: body.get("trigger_id") == payload["trigger_id"])


def test_the_assistant_panel_events_reach_the_bolt_assistant(bolt: BoltRun) -> None:
    slack = bolt.slack
    started = events.assistant_thread_started(channel="D0PANEL", action_token="act-1")
    thread_ts = started["assistant_thread"]["thread_ts"]
    slack.wait_for_ack(slack.send_event(started))
    bolt.seen.wait_for("thread_started", lambda body: body["event"] == started)
    slack.wait_for_call(
        "assistant.threads.setSuggestedPrompts", lambda c: c.args["thread_ts"] == thread_ts
    )

    question = events.direct_message(
        "Is export on Starter?", channel="D0PANEL", thread_ts=thread_ts
    )
    slack.wait_for_ack(slack.send_event(question))
    bolt.seen.wait_for("user_message", event_text("Is export on Starter?"))
    slack.wait_for_call("assistant.threads.setStatus", lambda c: c.args["thread_ts"] == thread_ts)
    slack.wait_for_call("conversations.replies", lambda c: c.args["ts"] == thread_ts)
    slack.wait_for_call("chat.postMessage", lambda c: c.args.get("thread_ts") == thread_ts)


def test_a_thread_read_back_holds_the_questions_delivered_as_events(bolt: BoltRun) -> None:
    slack = bolt.slack
    thread_ts = events.new_ts()
    first = events.direct_message("Is export on Starter?", channel="D0READ", thread_ts=thread_ts)
    slack.wait_for_ack(slack.send_event(first))
    later = events.direct_message("and on Pro?", channel="D0READ", thread_ts=thread_ts)
    slack.wait_for_ack(slack.send_event(later))
    web = WebClient(token=slack.bot_token, base_url=slack.api_url)

    before = web.conversations_replies(
        channel="D0READ", ts=thread_ts, latest=later["ts"], inclusive=False
    )
    everything = web.conversations_replies(channel="D0READ", ts=thread_ts)

    asked = [m["text"] for m in before["messages"] if m.get("user") == "U0ASKER"]
    assert asked == ["Is export on Starter?"]
    assert [m["text"] for m in everything["messages"] if m.get("user") == "U0ASKER"] == [
        "Is export on Starter?",
        "and on Pro?",
    ]


def test_a_direct_message_and_the_home_tab_reach_their_bolt_listeners(bolt: BoltRun) -> None:
    slack = bolt.slack
    slack.wait_for_ack(slack.send_event(events.direct_message("plain DM")))
    bolt.seen.wait_for("message", event_text("plain DM"))
    slack.wait_for_ack(slack.send_event(events.app_home_opened(user="U0HOME")))
    bolt.seen.wait_for("app_home_opened", lambda body: body["event"]["user"] == "U0HOME")


def test_a_disconnect_message_leads_to_a_reconnect_and_a_later_event_arrives(bolt: BoltRun) -> None:
    slack = bolt.slack
    opened = slack.connections_opened
    slack.send_disconnect()
    slack.wait_for_connection(opened + 1)
    assert slack.connections_opened == opened + 1
    envelope_id = slack.send_event(events.app_mention("<@UBOT> after disconnect"))
    bolt.seen.wait_for("app_mention", event_text("<@UBOT> after disconnect"))
    slack.wait_for_ack(envelope_id)


@pytest.mark.parametrize("close_code", [None, 1001], ids=["tcp only", "close frame"])
def test_a_dropped_socket_leads_to_a_reconnect_and_a_later_event_arrives(
    bolt: BoltRun, close_code: int | None
) -> None:
    slack = bolt.slack
    opened = slack.connections_opened
    slack.drop_socket(close_code=close_code)
    slack.wait_for_connection(opened + 1)
    text = f"<@UBOT> after drop {close_code}"
    envelope_id = slack.send_event(events.app_mention(text))
    bolt.seen.wait_for("app_mention", event_text(text))
    slack.wait_for_ack(envelope_id)


# -- Web API -------------------------------------------------------------------------------------


def test_chat_post_message_is_recorded_with_its_args_and_gets_increasing_timestamps(
    slack: LocalSlack, web: WebClient
) -> None:
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": "*CURRENT*"}}]
    first = web.chat_postMessage(channel="C0PUBLIC", text="hello", blocks=blocks)
    second = web.chat_postMessage(channel="C0PUBLIC", text="again", thread_ts=first["ts"])
    assert float(second["ts"]) > float(first["ts"])
    assert first["channel"] == "C0PUBLIC"
    assert first["message"]["text"] == "hello"
    assert first["message"]["user"] == "UBOT"
    call = slack.calls_to("chat.postMessage")[0]
    assert call.args == {"channel": "C0PUBLIC", "text": "hello", "blocks": blocks}
    assert call.token == "xoxb-test-bot"
    assert [c.method for c in slack.calls] == ["chat.postMessage", "chat.postMessage"]
    updated = web.chat_update(channel="C0PUBLIC", ts=first["ts"], text="edited")
    assert updated["message"]["text"] == "edited"


def test_fail_next_answers_the_next_call_once(slack: LocalSlack, web: WebClient) -> None:
    slack.fail_next("chat.postMessage", "channel_not_found")
    with pytest.raises(SlackApiError) as failure:
        web.chat_postMessage(channel="C0PUBLIC", text="hello")
    assert failure.value.response.status_code == 200
    assert failure.value.response["error"] == "channel_not_found"
    assert web.chat_postMessage(channel="C0PUBLIC", text="hello")["ok"] is True


def test_fail_next_with_retry_after_answers_429(slack: LocalSlack, web: WebClient) -> None:
    slack.fail_next("assistant.search.context", "ratelimited", retry_after=7)
    with pytest.raises(SlackApiError) as failure:
        web.api_call("assistant.search.context", json={"query": "export", "action_token": "a"})
    response = failure.value.response
    assert (response.status_code, response["error"]) == (429, "ratelimited")
    assert response.headers["Retry-After"] == "7"


def test_search_ranks_the_corpus_by_query_words_and_honours_limit(
    slack: LocalSlack, web: WebClient
) -> None:
    slack.search_corpus = CORPUS
    found = web.api_call(
        "assistant.search.context",
        json={"query": "report export pro", "action_token": "act-1", "limit": 5},
    )
    messages = found["results"]["messages"]
    assert [m["message_ts"] for m in messages] == ["1700000002.000200", "1700000001.000100"]
    assert messages[1] == {**CORPUS[0], "team_id": "T0TEST", "is_author_bot": False}
    limited = web.api_call(
        "assistant.search.context",
        params={"query": "report export", "action_token": "act-1", "limit": 1},
    )
    assert len(limited["results"]["messages"]) == 1
    assert (
        slack.calls_to("assistant.search.context")[1].args["limit"] == "1"
    )  # form values stay text


def test_search_rejects_a_missing_action_token(slack: LocalSlack, web: WebClient) -> None:
    slack.search_corpus = CORPUS
    with pytest.raises(SlackApiError) as failure:
        web.api_call("assistant.search.context", json={"query": "report export"})
    assert failure.value.response["error"] == "invalid_action_token"


def test_a_wrong_token_and_an_unknown_method_are_refused(slack: LocalSlack) -> None:
    intruder = WebClient(token="xoxb-wrong", base_url=slack.api_url)
    with pytest.raises(SlackApiError, match="invalid_auth"):
        intruder.auth_test()
    app_level = WebClient(token=slack.app_token, base_url=slack.api_url)
    with pytest.raises(SlackApiError, match="invalid_auth"):
        app_level.chat_postMessage(channel="C0PUBLIC", text="hi")
    bot = WebClient(token=slack.bot_token, base_url=slack.api_url)
    with pytest.raises(SlackApiError, match="invalid_auth"):
        bot.apps_connections_open(app_token=slack.bot_token)
    with pytest.raises(SlackApiError, match="unknown_method"):
        bot.api_call("chat.scheduleMessage", json={"channel": "C0PUBLIC"})
    assert slack.connections_opened == 0


def test_conversations_info_reports_private_channels(slack: LocalSlack, web: WebClient) -> None:
    slack.private_channels.add("C0SECRET")
    assert web.conversations_info(channel="C0PUBLIC")["channel"]["is_private"] is False
    assert web.conversations_info(channel="G0GROUP")["channel"]["is_private"] is True
    assert web.conversations_info(channel="C0SECRET")["channel"]["is_private"] is True


def test_waits_fail_with_an_assertion_when_nothing_comes(slack: LocalSlack) -> None:
    started = time.monotonic()
    with pytest.raises(AssertionError, match=r"chat\.postMessage"):
        slack.wait_for_call("chat.postMessage", timeout=0.05)
    with pytest.raises(AssertionError, match="not acked"):
        slack.wait_for_ack("no-such-envelope", timeout=0.05)
    with pytest.raises(AssertionError, match="no open Socket Mode connection"):
        slack.send_event(events.app_mention("<@UBOT> nobody listens"))
    assert time.monotonic() - started < 20  # the waits' own 0.05 s, not their 30 s default
