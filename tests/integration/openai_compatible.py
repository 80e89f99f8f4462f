"""A small OpenAI-compatible chat completions server for tests, on loopback.

It answers `POST /v1/chat/completions` the way vLLM or Ollama would: with a tool call to the
output tool the request offers (or, when a request offers no tools, with JSON content). What it
proposes is what the rules extractor reads in the evidence sent, so replies are deterministic.
It records each request body and its Authorization header for the test to inspect. `raw`, when
set, is sent instead with status 200, to script a server that answers garbage.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.local_slack.uvicorn_thread import ServerThread
from tests.scripted_llm import rules_proposals
from truthexpiry.models.records.catalog import Catalog


@dataclass
class SeenRequest:
    body: dict[str, Any]
    authorization: str | None


@dataclass
class OpenAiCompatibleServer:
    catalog: Catalog
    status: int = 200  # anything else: an error reply, like an overloaded server
    raw: str | None = None  # a body sent as it is, instead of an answer
    requests: list[SeenRequest] = field(default_factory=list)
    _thread: ServerThread | None = None

    @property
    def base_url(self) -> str:
        assert self._thread is not None
        return f"http://127.0.0.1:{self._thread.port}/v1"

    def start(self) -> None:
        app = Starlette(routes=[Route("/v1/chat/completions", self._complete, methods=["POST"])])
        self._thread = ServerThread(app)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._thread.stop()

    async def _complete(self, request: Request) -> Response:
        body = await request.json()
        self.requests.append(SeenRequest(body, request.headers.get("authorization")))
        if self.raw is not None:
            return Response(self.raw, media_type="application/json")
        if self.status != 200:
            error = {"message": "scripted failure", "type": "server_error"}
            return JSONResponse({"error": error}, status_code=self.status)
        proposals = json.dumps(rules_proposals(_evidence(body), self.catalog))
        message: dict[str, Any] = {"role": "assistant", "content": proposals}
        finish = "stop"
        if body.get("tools"):
            name = body["tools"][0]["function"]["name"]
            call = {
                "id": "call_1",
                "type": "function",
                "function": {"name": name, "arguments": proposals},
            }
            message = {"role": "assistant", "content": None, "tool_calls": [call]}
            finish = "tool_calls"
        return JSONResponse(
            {
                "id": f"chatcmpl-{len(self.requests)}",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": body.get("model", "local"),
                "choices": [{"index": 0, "finish_reason": finish, "message": message}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
            }
        )


def _evidence(body: dict[str, Any]) -> dict[str, str]:
    for message in reversed(body["messages"]):
        if message["role"] == "user":
            content = message["content"]
            text = content if isinstance(content, str) else content[0]["text"]
            return {item["id"]: item["text"] for item in json.loads(text)["evidence"]}
    raise AssertionError("no user message in the request")
