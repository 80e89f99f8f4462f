"""The bearer-token middleware, driven directly with a tiny ASGI app."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.types import Message, Receive, Scope, Send

from lifecycle_mcp.http.auth import REALM, UNAUTHORIZED_CODE, BearerAuthMiddleware

CURRENT = "current-token-0123456789"
NEXT = "next-token-0123456789abc"


class EchoApp:
    """Answers 200 and records the scopes it was called with."""

    def __init__(self) -> None:
        self.calls: list[Scope] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.calls.append(scope)
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})


def request(
    app: BearerAuthMiddleware, headers: list[tuple[bytes, bytes]], kind: str = "http"
) -> list[Message]:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: dict[str, Any] = {"type": kind, "method": "POST", "path": "/mcp", "headers": headers}
    asyncio.run(app(scope, receive, send))
    return sent


def bearer(token: str) -> list[tuple[bytes, bytes]]:
    return [(b"authorization", f"Bearer {token}".encode())]


def status_of(sent: list[Message]) -> int:
    return int(sent[0]["status"])


def header(sent: list[Message], name: bytes) -> str:
    headers: dict[bytes, bytes] = dict(sent[0]["headers"])
    return headers[name].decode()


@pytest.fixture
def inner() -> EchoApp:
    return EchoApp()


@pytest.fixture
def guarded(inner: EchoApp) -> BearerAuthMiddleware:
    return BearerAuthMiddleware(inner, [CURRENT, NEXT])


def test_every_accepted_token_passes_through(guarded: BearerAuthMiddleware, inner: EchoApp) -> None:
    assert status_of(request(guarded, bearer(CURRENT))) == 200
    assert status_of(request(guarded, bearer(NEXT))) == 200
    assert len(inner.calls) == 2


def test_the_scheme_is_case_insensitive(guarded: BearerAuthMiddleware) -> None:
    sent = request(guarded, [(b"Authorization", f"bearer {CURRENT}".encode())])

    assert status_of(sent) == 200


def test_no_token_is_refused_with_a_bearer_challenge(
    guarded: BearerAuthMiddleware, inner: EchoApp
) -> None:
    sent = request(guarded, [])

    assert status_of(sent) == 401
    assert header(sent, b"www-authenticate") == f'Bearer realm="{REALM}"'
    assert inner.calls == []


def test_a_wrong_token_is_refused_as_an_invalid_token(guarded: BearerAuthMiddleware) -> None:
    sent = request(guarded, bearer(CURRENT + "x"))

    assert status_of(sent) == 401
    assert header(sent, b"www-authenticate") == f'Bearer realm="{REALM}", error="invalid_token"'


@pytest.mark.parametrize(
    "value", [b"Basic dXNlcjpwYXNz", b"Bearer", b"Bearer    ", CURRENT.encode()]
)
def test_anything_but_a_bearer_token_is_refused(
    guarded: BearerAuthMiddleware, value: bytes
) -> None:
    assert status_of(request(guarded, [(b"authorization", value)])) == 401


def test_the_refusal_body_is_a_small_json_rpc_error_without_the_token(
    guarded: BearerAuthMiddleware,
) -> None:
    wrong = "wrong-token-0123456789"
    sent = request(guarded, bearer(wrong))

    body = json.loads(sent[1]["body"])
    assert header(sent, b"content-type") == "application/json"
    assert body["error"]["code"] == UNAUTHORIZED_CODE
    assert body["error"]["message"] == "401 Unauthorized: the bearer token is not accepted"
    assert wrong not in sent[1]["body"].decode()


def test_non_http_scopes_such_as_lifespan_pass_through(
    guarded: BearerAuthMiddleware, inner: EchoApp
) -> None:
    request(guarded, [], kind="lifespan")

    assert [scope["type"] for scope in inner.calls] == ["lifespan"]


def test_at_least_one_token_is_required(inner: EchoApp) -> None:
    with pytest.raises(ValueError, match="at least one"):
        BearerAuthMiddleware(inner, [])
