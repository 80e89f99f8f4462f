"""The live extractor over real HTTP, against a local OpenAI-compatible server on loopback:
the wire path (request shape, key, tool-call answer, grounding) with no internet."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic_ai import models

from bootstrap import dataset_evidence, live_extractor
from cli.main import main
from settings.model import ModelSettings
from tests.integration.openai_compatible import OpenAiCompatibleServer
from tests.readings import reading
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.notices import FallbackReason
from truthexpiry.reading.extractor import RulesClaimExtractor

pytestmark = pytest.mark.integration

KEY = "sk-local-test-key"
QUESTION = "Is report export available on Starter?"
MESSAGES = [
    SearchMessage(
        "1747100000.000200",
        "C0PROD",
        "product",
        "U0PM",
        "Priya",
        "Report export has been turned off for Starter since May (LC-101).",
    ),
    SearchMessage(
        "1718000000.000400", "C0ENG", "eng", "U0KIM", "Kim", "Starter rate limit is 50 rpm."
    ),
]


@pytest.fixture
def server() -> Iterator[OpenAiCompatibleServer]:
    running = OpenAiCompatibleServer(dataset_evidence(None).catalog())
    running.start()
    with models.override_allow_model_requests(True):
        yield running
    running.stop()


def _settings(base_url: str, timeout: float = 60.0) -> ModelSettings:
    """A deadline only a hang reaches: these tests are about what comes back, not how fast."""
    return ModelSettings.load(
        {
            "OPENAI_API_KEY": KEY,
            "TRUTH_EXPIRY_LLM_BASE_URL": base_url,
            "TRUTH_EXPIRY_LLM_MODEL": "local-model",
            "TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS": str(timeout),
        }
    )


def test_claims_come_back_over_http_grounded(server: OpenAiCompatibleServer) -> None:
    catalog = dataset_evidence(None).catalog()
    live = live_extractor(_settings(server.base_url))

    extraction = live.extract(reading(QUESTION, catalog), MESSAGES, catalog)
    live.close()

    expected = RulesClaimExtractor().extract(reading(QUESTION, catalog), MESSAGES, catalog)
    assert extraction.question_claims == expected.question_claims
    assert extraction.message_claims == expected.message_claims
    assert extraction.fallback is None
    [seen] = server.requests
    assert seen.authorization == f"Bearer {KEY}"
    assert seen.body["model"] == "local-model"
    assert seen.body["tools"][0]["function"]["name"]
    sent = json.dumps(seen.body)
    assert "evidence-1" in sent
    assert "evidence-2" in sent
    assert "1747100000" not in sent
    assert "SHIPPED" not in sent


def test_a_server_error_falls_back_to_the_rules(server: OpenAiCompatibleServer) -> None:
    server.status = 503
    live = live_extractor(_settings(server.base_url))

    extraction = live.extract(
        reading(QUESTION, dataset_evidence(None).catalog()),
        MESSAGES,
        dataset_evidence(None).catalog(),
    )
    live.close()

    assert extraction.fallback is FallbackReason.UNAVAILABLE
    assert live.fallbacks.snapshot() == {FallbackReason.UNAVAILABLE.value: 1}
    assert len(server.requests) == 1  # no retries behind the deadline's back


def test_a_server_that_is_not_there_falls_back_to_the_rules() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    live = live_extractor(_settings(f"http://127.0.0.1:{port}/v1"))

    with models.override_allow_model_requests(True):
        extraction = live.extract(
            reading(QUESTION, dataset_evidence(None).catalog()),
            MESSAGES,
            dataset_evidence(None).catalog(),
        )
    live.close()

    assert extraction.question_claims  # the rules answered
    assert live.fallbacks.snapshot() == {FallbackReason.UNAVAILABLE.value: 1}


def test_the_cli_asks_through_the_live_extractor(
    server: OpenAiCompatibleServer,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("TRUTH_EXPIRY_LLM_BASE_URL", server.base_url)
    monkeypatch.setenv("TRUTH_EXPIRY_LLM_MODEL", "local-model")

    code = main(["ask", QUESTION, "--extractor", "live", "--as-of", "2026-11-30", "--json"])

    output = json.loads(capsys.readouterr().out)
    assert code == 0
    assert output["notice"] is None
    [question] = [v for v in output["verdicts"] if v["source"] == "question"]
    assert question["status"] == "SUPERSEDED"
    assert question["current_values"] == ["disabled"]
    assert len(server.requests) == 1


def _reply(choices: object) -> str:
    return json.dumps({"id": "c1", "object": "chat.completion", "created": 1, "choices": choices})


def _completion(message: dict[str, object]) -> str:
    return _reply([{"index": 0, "finish_reason": "tool_calls", "message": message}])


def _tool_call(name: str, arguments: str) -> str:
    call = {"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}
    return _completion({"role": "assistant", "content": None, "tool_calls": [call]})


GARBAGE = {
    "not JSON": "<html>502 Bad Gateway</html>",
    "a JSON array": "[]",
    "no choices": _reply([]),
    "choices that are a string": _reply("none"),
    "a choice that is a number": _reply([7]),
    "a choice without a message": _reply([{"index": 0}]),
    "a message of the wrong type": _completion({"role": "assistant", "content": 42}),
    "tool call arguments that are not JSON": _tool_call("final_result", '{"claims": ['),
    "a tool call to a tool that was not offered": _tool_call("rm", "{}"),
}


@pytest.mark.parametrize("raw", [pytest.param(body, id=name) for name, body in GARBAGE.items()])
def test_the_cli_answers_with_the_rules_when_the_server_answers_garbage(
    server: OpenAiCompatibleServer,
    raw: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    server.raw = raw
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("TRUTH_EXPIRY_LLM_BASE_URL", server.base_url)

    code = main(["ask", QUESTION, "--extractor", "live", "--as-of", "2026-11-30", "--json"])

    printed = capsys.readouterr()
    assert (code, printed.err) == (0, "")
    output = json.loads(printed.out)
    assert "so the built-in rules found these claims" in output["notice"]
    [question] = [v for v in output["verdicts"] if v["source"] == "question"]
    assert question["status"] == "SUPERSEDED"


def test_python_dash_m_truthexpiry_ask_live_prints_no_traceback(
    server: OpenAiCompatibleServer,
) -> None:
    server.raw = GARBAGE["choices that are a string"]  # pydantic-ai raises AttributeError
    environment = {
        **os.environ,
        "OPENAI_API_KEY": KEY,
        "TRUTH_EXPIRY_LLM_BASE_URL": server.base_url,
        "TRUTH_EXPIRY_LLM_MODEL": "local-model",
    }
    command = [sys.executable, "-m", "truthexpiry", "ask", QUESTION, "--extractor", "live"]

    result = subprocess.run(
        [*command, "--as-of", "2026-11-30"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
        timeout=60,
    )

    assert (result.returncode, result.stderr) == (0, "")
    assert "SUPERSEDED" in result.stdout
    assert "so the built-in rules found these claims" in result.stdout
