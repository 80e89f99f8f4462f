"""`KeepAliveWebClient` against a scripted HTTP/1.1 server on loopback: calls share a connection,
a connection the server closed is replaced, and every answer or failure reaches the SDK as it
does through the SDK's own urllib path (the same `WebClient` beside it, where it matters)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

from adapters.slack.web_client import KeepAliveWebClient

pytestmark = pytest.mark.integration

TOKEN = "xoxb-keepalive-test"
OK = json.dumps({"ok": True})


class ScriptedSlack(ThreadingHTTPServer):
    """Answers each request with the next planned step (`ok` once the plan is used up):
    `ok`, `ok then close` (the connection closed after the answer, without saying so),
    `drop` (the request read, the connection closed unanswered) or `429` (rate limited)."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.plan: list[str] = []
        self.answered: list[tuple[str, int]] = []  # (method, the client's port) per answer
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/api/"

    def next_step(self) -> str:
        with self.lock:
            return self.plan.pop(0) if self.plan else "ok"


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: ScriptedSlack

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        step = self.server.next_step()
        if step == "drop":
            self.close_connection = True
            return
        status, body = (429, json.dumps({"ok": False, "error": "ratelimited"}))
        if step != "429":
            status, body = 200, OK
        with self.server.lock:  # before the answer goes out: the client may look at once
            self.server.answered.append((self.path, self.client_address[1]))
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        if step == "429":
            self.send_header("Retry-After", "0")
        self.end_headers()
        self.wfile.write(body.encode())
        self.close_connection = step == "ok then close"

    def log_message(self, *_: object) -> None:
        return None


@pytest.fixture
def slack() -> Iterator[ScriptedSlack]:
    server = ScriptedSlack()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def ports(slack: ScriptedSlack) -> list[int]:
    return [port for _, port in slack.answered]


def test_calls_share_one_connection(slack: ScriptedSlack) -> None:
    client = KeepAliveWebClient(token=TOKEN, base_url=slack.url)

    for method in ("auth.test", "chat.postMessage", "assistant.search.context"):
        assert client.api_call(method, json={"text": "hi"})["ok"] is True

    assert len(set(ports(slack))) == 1
    client.close()


def test_a_connection_the_server_closed_after_answering_is_replaced(slack: ScriptedSlack) -> None:
    slack.plan = ["ok then close"]
    client = KeepAliveWebClient(token=TOKEN, base_url=slack.url)

    client.api_call("auth.test")
    assert client.api_call("chat.postMessage")["ok"] is True

    assert len(slack.answered) == 2
    assert ports(slack)[0] != ports(slack)[1]


def test_a_request_dropped_unanswered_on_a_kept_connection_is_sent_again_once(
    slack: ScriptedSlack,
) -> None:
    client = KeepAliveWebClient(token=TOKEN, base_url=slack.url, retry_handlers=[])
    client.api_call("auth.test")
    slack.plan = ["drop"]

    assert client.api_call("chat.postMessage")["ok"] is True

    assert [path for path, _ in slack.answered] == ["/api/auth.test", "/api/chat.postMessage"]


@pytest.mark.parametrize("client_type", [WebClient, KeepAliveWebClient])
def test_a_request_dropped_on_a_new_connection_fails_as_through_urllib(
    slack: ScriptedSlack, client_type: type[WebClient]
) -> None:
    slack.plan = ["drop"]
    client = client_type(token=TOKEN, base_url=slack.url, retry_handlers=[])

    with pytest.raises(ConnectionError):  # http.client's RemoteDisconnected, not resent
        client.api_call("chat.postMessage")

    assert slack.answered == []


@pytest.mark.parametrize("client_type", [WebClient, KeepAliveWebClient])
def test_a_rate_limit_reaches_the_sdk_as_through_urllib(
    slack: ScriptedSlack, client_type: type[WebClient]
) -> None:
    slack.plan = ["429"]
    client = client_type(token=TOKEN, base_url=slack.url, retry_handlers=[])

    with pytest.raises(SlackApiError) as raised:
        client.api_call("assistant.search.context")

    assert raised.value.response.status_code == 429
    assert raised.value.response.headers["Retry-After"] == "0"
    assert raised.value.response["error"] == "ratelimited"


def test_the_sdks_rate_limit_retry_runs_on_a_kept_connection(slack: ScriptedSlack) -> None:
    slack.plan = ["429"]
    client = KeepAliveWebClient(
        token=TOKEN, base_url=slack.url, retry_handlers=[RateLimitErrorRetryHandler()]
    )

    assert client.api_call("assistant.search.context")["ok"] is True

    assert len(set(ports(slack))) == 1
