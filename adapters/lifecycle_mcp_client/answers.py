"""What the lifecycle server's HTTP answers mean in MCP terms: a JSON-RPC result, or why there is
none.

Streamable HTTP answers a request with one JSON object (`application/json`) or with an SSE stream
whose `message` events carry JSON-RPC messages (`text/event-stream`); either way the one that
matters is the response with the request's ID. An HTTP error status, a JSON-RPC error, or an
answer without that response raises `EvidenceUnavailableError` with a reason that repeats
nothing the server sent beyond a status or an error code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from adapters.lifecycle_mcp_client.sockets import Answer
from truthexpiry.models.errors import EvidenceUnavailableError

PROTOCOL_VERSION = "2026-07-28"


@dataclass(frozen=True, slots=True)
class ToolResult:
    """A `tools/call` result: whether the tool failed, and its structured content (None when
    it sent none)."""

    is_error: bool
    structured_content: object


def jsonrpc_result(answer: Answer, request_id: int) -> dict[str, Any]:
    """The `result` of the response to request `request_id` in `answer`."""
    if answer.status >= 400:
        raise EvidenceUnavailableError(
            f"the lifecycle server answered HTTP {answer.status}", http_status=answer.status
        )
    if answer.status != 200:
        raise EvidenceUnavailableError(
            f"the lifecycle server answered HTTP {answer.status} without a result"
        )
    response = _response(answer, request_id)
    if "error" in response:
        error = response["error"]
        code = error.get("code") if isinstance(error, dict) else None
        raise EvidenceUnavailableError(
            f"the lifecycle server refused the request (JSON-RPC error {code!r:.12})"
        )
    result = response.get("result")
    if not isinstance(result, dict):
        raise EvidenceUnavailableError("the lifecycle server's response has no result")
    return result


def tool_result(result: dict[str, Any]) -> ToolResult:
    return ToolResult(result.get("isError") is True, result.get("structuredContent"))


def _response(answer: Answer, request_id: int) -> dict[str, Any]:
    kind = answer.content_type.partition(";")[0].strip().lower()
    if kind == "application/json":
        messages: Iterator[object] = iter((_parsed(answer.body),))
    elif kind == "text/event-stream":
        messages = _event_messages(answer.body)
    else:
        raise EvidenceUnavailableError("the lifecycle server's answer is neither JSON nor SSE")
    for message in messages:
        if (
            isinstance(message, dict)
            and message.get("id") == request_id
            and ("result" in message or "error" in message)
        ):
            return message
    raise EvidenceUnavailableError("the lifecycle server's answer has no response to the request")


def _event_messages(stream: bytes) -> Iterator[object]:
    """The JSON-RPC message of each `message` event (the default type) of an SSE stream."""
    text = _decoded(stream).replace("\r\n", "\n").replace("\r", "\n")
    for event in text.split("\n\n"):
        kind, data = "message", []
        for line in event.split("\n"):
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                kind = value
            elif field == "data":
                data.append(value)
        if kind == "message" and data and any(data):
            yield _parsed("\n".join(data))


def _parsed(document: bytes | str) -> object:
    try:
        return json.loads(document)
    except ValueError:
        raise EvidenceUnavailableError("the lifecycle server's answer is not valid JSON") from None


def _decoded(stream: bytes) -> str:
    try:
        return stream.decode()
    except UnicodeDecodeError:
        raise EvidenceUnavailableError("the lifecycle server's answer is not UTF-8") from None
