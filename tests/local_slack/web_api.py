"""`/api/{method}`: Slack's Web API over HTTP, as the Python Slack SDK's `WebClient` calls it.

Arguments are read from the query string, a form-encoded body and a JSON body, merged in that
order; form and query values stay strings as sent (the SDK sends booleans as "1"/"0"). The token
comes from `Authorization: Bearer ...` or a `token` argument. Every call is recorded before it is
answered. Answers follow Slack: HTTP 200 with `{"ok": true, ...}` or `{"ok": false, "error": ...}`;
`unknown_method` for methods not implemented; `invalid_auth` for a missing or wrong token (the app
token for `apps.connections.open`, the bot token for the rest). A reply planned with
`reply_next` (a failure, or any status, body and headers) answers the next call to its method,
before the token check, then is used up.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from tests.local_slack.messages import ApiError
from tests.local_slack.methods import Workspace
from tests.local_slack.records import ApiCall, Journal

APP_TOKEN_METHODS = frozenset({"apps.connections.open"})


@dataclass(frozen=True)
class PlannedReply:
    """What the next call to a method answers instead of its result, byte for byte."""

    status: int
    body: str
    headers: dict[str, str]

    @classmethod
    def failure(cls, error: str, retry_after: int | None, status: int) -> PlannedReply:
        """`{"ok": false, "error": error}` with `status`, or 429 and `Retry-After`."""
        body = json.dumps({"ok": False, "error": error})
        if retry_after is None:
            return cls(status, body, {})
        return cls(429, body, {"Retry-After": str(retry_after)})


class WebApi:
    """Answers Web API requests from a `Workspace`, recording each one in the `Journal`."""

    def __init__(self, workspace: Workspace, journal: Journal) -> None:
        self.workspace = workspace
        self._journal = journal
        self._handlers = workspace.handlers()
        self._lock = threading.Lock()
        self._planned: dict[str, deque[PlannedReply]] = {}
        self.latency: dict[str, float] = {}  # method -> seconds to wait before answering

    def reset(self) -> None:
        """No planned reply and no latency left."""
        with self._lock:
            self._planned.clear()
        self.latency.clear()

    def reply_next(self, method: str, reply: PlannedReply) -> None:
        """Queue a reply for the next call to `method` (several queue up in order)."""
        with self._lock:
            self._planned.setdefault(method, deque()).append(reply)

    async def endpoint(self, request: Request) -> Response:
        """The Starlette endpoint for `GET|POST /api/{method}`."""
        method = str(request.path_params["method"])
        args: dict[str, Any] = dict(request.query_params)
        try:
            args.update(await _body_args(request))
        except ValueError:  # a JSON body that does not parse; Slack says invalid_json
            return JSONResponse({"ok": False, "error": "invalid_json"})
        token = _bearer(request.headers.get("authorization")) or args.pop("token", None)
        args.pop("token", None)
        self._journal.record_call(ApiCall(method, args, token, time.monotonic()))
        if self.latency.get(method):
            await asyncio.sleep(self.latency[method])
        planned = self._planned_reply(method)
        if planned is not None:
            return Response(
                planned.body, planned.status, planned.headers, media_type="application/json"
            )
        return JSONResponse(self._answer(method, args, token))

    def _answer(self, method: str, args: dict[str, Any], token: str | None) -> dict[str, Any]:
        handler = self._handlers.get(method)
        if handler is None:
            return {"ok": False, "error": "unknown_method"}
        ident = self.workspace.identity
        expected = ident.app_token if method in APP_TOKEN_METHODS else ident.bot_token
        if token != expected:
            return {"ok": False, "error": "invalid_auth"}
        try:
            body = handler(args)
        except ApiError as error:
            return {"ok": False, "error": str(error)}
        if method in APP_TOKEN_METHODS:
            self._journal.record_connection_opened()
        return {"ok": True, **body}

    def _planned_reply(self, method: str) -> PlannedReply | None:
        with self._lock:
            queue = self._planned.get(method)
            return queue.popleft() if queue else None


async def _body_args(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw:
        return {}
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("application/json"):
        parsed = json.loads(raw)
        return parsed if isinstance(parsed, dict) else {}
    return dict(parse_qsl(raw.decode("utf-8"), keep_blank_values=True))


def _bearer(header: str | None) -> str | None:
    if header and header.lower().startswith("bearer "):
        return header[len("bearer ") :].strip() or None
    return None
