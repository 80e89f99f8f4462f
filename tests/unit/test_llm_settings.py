"""Settings of the live extractor: rules by default, live needs a key, no secret in any message."""

from __future__ import annotations

import pytest
from prometheus_client import generate_latest
from slack_sdk import WebClient

from adapters.ops.prometheus_metrics import PrometheusMetrics
from bootstrap import build_worker
from cli.main import main
from settings.environment import ConfigError
from settings.worker import ExtractorChoice, WorkerSettings
from tests.fakes import RecordingMetrics

WORKER = {
    "SLACK_BOT_TOKEN": "xoxb-bot",
    "SLACK_APP_TOKEN": "xapp-app",
    "TRUTH_EXPIRY_LIFECYCLE_MCP_URL": "http://127.0.0.1:8000/mcp",
}
LIVE = {**WORKER, "TRUTH_EXPIRY_CLAIM_EXTRACTOR": "live", "OPENAI_API_KEY": "sk-very-secret"}


def test_rules_is_the_default_and_needs_no_model_settings() -> None:
    settings = WorkerSettings.load(WORKER)

    assert settings.extractor is ExtractorChoice.RULES
    assert settings.live_model is None


def test_live_loads_the_model_settings_with_the_key_as_a_secret() -> None:
    settings = WorkerSettings.load(
        {
            **LIVE,
            "TRUTH_EXPIRY_LLM_BASE_URL": "http://127.0.0.1:11434/v1",
            "TRUTH_EXPIRY_LLM_MODEL": "llama3.1:8b",
            "TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS": "2.5",
        }
    )

    assert settings.extractor is ExtractorChoice.LIVE
    model = settings.live_model
    assert model is not None
    assert model.openai_api_key is not None
    assert model.openai_api_key.get_secret_value() == "sk-very-secret"
    assert (model.llm_base_url, model.llm_model, model.llm_timeout_seconds) == (
        "http://127.0.0.1:11434/v1",
        "llama3.1:8b",
        2.5,
    )
    assert "sk-very-secret" not in repr(settings)


def test_live_without_a_key_is_a_configuration_problem() -> None:
    with pytest.raises(ConfigError) as raised:
        WorkerSettings.load({**LIVE, "OPENAI_API_KEY": ""})

    assert any(p.startswith("OPENAI_API_KEY is not set") for p in raised.value.problems)


def test_every_model_setting_problem_is_named_without_values() -> None:
    environ = {
        **LIVE,
        "TRUTH_EXPIRY_LLM_BASE_URL": "ftp://sk-very-secret@host",
        "TRUTH_EXPIRY_LLM_MODEL": "two words",
        "TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS": "600",
    }

    with pytest.raises(ConfigError) as raised:
        WorkerSettings.load(environ)

    problems = raised.value.problems
    assert [p.split()[0] for p in problems] == [
        "TRUTH_EXPIRY_LLM_BASE_URL",
        "TRUTH_EXPIRY_LLM_MODEL",
        "TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS",
    ]
    assert "sk-very-secret" not in str(raised.value)


def test_the_cli_refuses_live_without_a_key(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)

    code = main(["ask", "Is report export on for Starter?", "--extractor", "live"])

    assert code == 2
    assert "OPENAI_API_KEY is not set" in capsys.readouterr().err


CLIENT = WebClient(token="xoxb-unused")  # an offline worker never calls Slack
OFFLINE = {"TRUTH_EXPIRY_USE_FAKES": "1"}


def test_the_worker_builds_the_live_extractor_and_closes_it() -> None:
    metrics = RecordingMetrics()
    worker = build_worker(WorkerSettings.load(LIVE | OFFLINE), CLIENT, metrics=metrics)

    assert set(metrics.exported) == {
        "truthexpiry_llm_proposals_dropped",
        "truthexpiry_llm_fallbacks",
    }
    assert len(worker.closers) == 1
    worker.close()
    assert worker.closers == []


def test_the_worker_keeps_the_rules_by_default() -> None:
    metrics = RecordingMetrics()
    worker = build_worker(WorkerSettings.load(WORKER | OFFLINE), CLIENT, metrics=metrics)

    assert metrics.exported == {}
    assert worker.closers == []


def test_the_live_extractors_counts_are_exported_with_the_worker_metrics() -> None:
    metrics = PrometheusMetrics()
    worker = build_worker(WorkerSettings.load(LIVE | OFFLINE), CLIENT, metrics=metrics)

    text = generate_latest(metrics.registry).decode()
    assert "truthexpiry_llm_proposals_dropped" in text
    assert "truthexpiry_llm_fallbacks" in text
    worker.close()
