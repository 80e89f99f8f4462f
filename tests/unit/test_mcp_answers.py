"""What the worker's MCP client reads from an HTTP answer: the response to its request, in JSON or
in an SSE stream, and a clear reason, repeating nothing sent, when there is none."""

from __future__ import annotations

import json

import pytest

from adapters.lifecycle_mcp_client.answers import jsonrpc_result, tool_result
from adapters.lifecycle_mcp_client.sockets import Answer
from truthexpiry.models.errors import EvidenceUnavailableError

RESULT = {"structuredContent": {"a": 1}, "isError": False}


def _json(message: object, status: int = 200) -> Answer:
    return Answer(status, "application/json", json.dumps(message).encode())


def test_a_json_answer_gives_the_result_of_the_request() -> None:
    answer = _json({"jsonrpc": "2.0", "id": 7, "result": RESULT})

    result = tool_result(jsonrpc_result(answer, 7))

    assert (result.is_error, result.structured_content) == (False, {"a": 1})


def test_an_sse_answer_gives_the_response_among_other_events() -> None:
    progress = {"jsonrpc": "2.0", "method": "notifications/progress", "params": {}}
    response = {"jsonrpc": "2.0", "id": 3, "result": RESULT}
    stream = (
        f": comment\r\nevent: message\r\ndata: {json.dumps(progress)}\r\n\r\n"
        f"id: 9\ndata: {json.dumps(response)}\n\n"
    )

    result = jsonrpc_result(Answer(200, "text/event-stream; charset=utf-8", stream.encode()), 3)

    assert result == RESULT


def test_a_tool_error_is_a_result_that_says_so() -> None:
    answer = _json({"jsonrpc": "2.0", "id": 1, "result": {"isError": True, "content": []}})

    assert tool_result(jsonrpc_result(answer, 1)).is_error


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (_json({"error": "secret words"}, status=401), "answered HTTP 401"),
        (_json({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "secret words"}}),
         "JSON-RPC error -32602"),
        (_json({"jsonrpc": "2.0", "id": 2, "result": RESULT}), "no response to the request"),
        (Answer(200, "application/json", b"{secret words"), "not valid JSON"),
        (Answer(200, "text/html", b"secret words"), "neither JSON nor SSE"),
        (Answer(202, "application/json", b""), "HTTP 202 without a result"),
    ],
)  # fmt: skip
def test_an_answer_without_a_usable_result_is_unavailable_evidence(
    answer: Answer, reason: str
) -> None:
    with pytest.raises(EvidenceUnavailableError, match=reason) as raised:
        jsonrpc_result(answer, 1)

    assert "secret" not in str(raised.value)


def test_an_http_refusal_keeps_its_status_for_the_remedy() -> None:
    with pytest.raises(EvidenceUnavailableError) as raised:
        jsonrpc_result(_json({}, status=403), 1)

    assert raised.value.http_status == 403
