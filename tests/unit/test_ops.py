"""Operations as plain objects: readiness, draining, metrics text, the health server, logs."""

from __future__ import annotations

import io
import json
import logging
import threading

import pytest
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from adapters.ops.prometheus_metrics import PrometheusMetrics
from listeners.draining import Drain
from settings.environment import ConfigError
from settings.worker import WorkerSettings
from truthexpiry.ops.logs import JsonFormatter, configure_logging, request_scope
from truthexpiry.ops.readiness import LIFECYCLE_MCP, SOCKET_MODE, Readiness


def test_ready_only_with_every_check_passing_and_no_draining() -> None:
    readiness = Readiness()
    assert not readiness.ready
    readiness.set(SOCKET_MODE, True)
    readiness.set(LIFECYCLE_MCP, True)
    assert readiness.ready
    readiness.set(LIFECYCLE_MCP, False)
    assert not readiness.ready
    readiness.set(LIFECYCLE_MCP, True)
    readiness.draining = True
    assert readiness.snapshot() == {
        "ready": False,
        "draining": True,
        "checks": {"lifecycle_mcp": "ok", "socket_mode": "ok"},
    }


def test_draining_refuses_new_work_and_waits_for_work_in_flight() -> None:
    drain = Drain()
    assert drain.enter()
    drain.start_draining()
    assert not drain.enter()
    assert not drain.wait_idle(0.05)
    threading.Timer(0.05, drain.leave).start()
    assert drain.wait_idle(2.0)
    assert drain.in_flight == 0


def test_metrics_are_valid_prometheus_text_with_bounded_labels() -> None:
    metrics = PrometheusMetrics()
    metrics.request_finished("mention", "answered", 0.02)
    metrics.request_finished("<script>", "whatever", 0.5)  # unknown values are folded
    metrics.verdict("SUPERSEDED")
    metrics.port_call("evidence", 0.003, None)
    metrics.port_call("search", 0.2, "ratelimited")
    metrics.reconnected()
    metrics.set_ready(True)
    metrics.feedback("up")

    families = {
        f.name: f
        for f in text_string_to_metric_families(generate_latest(metrics.registry).decode())
    }

    labels = {
        (s.labels.get("entry_point"), s.labels.get("outcome"))
        for s in families["truthexpiry_requests"].samples
        if s.name.endswith("_total")
    }
    assert labels == {("mention", "answered"), ("other", "other")}
    assert families["truthexpiry_ready"].samples[0].value == 1
    failures = families["truthexpiry_port_failures"].samples
    assert any(s.labels == {"port": "search", "category": "ratelimited"} for s in failures)


def test_log_lines_are_json_with_a_correlation_id_and_no_exception_message() -> None:
    stream = io.StringIO()
    configure_logging("DEBUG", stream)
    log = logging.getLogger("truthexpiry.test")
    with request_scope() as request_id:
        try:
            raise ValueError("secret words from a message")
        except ValueError:
            log.exception("failed", extra={"outcome": "failed", "question": "not allowed"})

    [line] = stream.getvalue().strip().splitlines()
    entry = json.loads(line)
    assert entry["correlation_id"] == request_id
    assert entry["exception"] == "ValueError"
    assert entry["outcome"] == "failed"
    assert "question" not in entry
    assert "secret words" not in line
    assert logging.getLogger("slack_sdk").level == logging.WARNING
    logging.getLogger().handlers[:] = []


def test_the_formatter_keeps_only_allowed_fields() -> None:
    record = logging.LogRecord("x", logging.INFO, "f.py", 1, "m", None, None)
    record.text = "content"
    assert "content" not in JsonFormatter().format(record)


def test_ops_settings_name_every_problem() -> None:
    with pytest.raises(ConfigError) as raised:
        WorkerSettings.load(
            {
                "TRUTH_EXPIRY_HEALTH_PORT": "9090",
                "TRUTH_EXPIRY_METRICS_ENABLED": "1",
                "TRUTH_EXPIRY_METRICS_PORT": "9090",
                "TRUTH_EXPIRY_DRAIN_SECONDS": "forever",
                "TRUTH_EXPIRY_LOG_LEVEL": "chatty",
                "TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_URL": "nope",
            }
        )

    problems = " | ".join(raised.value.problems)
    for fragment in ("must differ", "DRAIN_SECONDS", "LOG_LEVEL", "HEALTH_URL"):
        assert fragment in problems


def test_counts_kept_elsewhere_are_exported_as_counters_by_reason() -> None:
    metrics = PrometheusMetrics()
    counts = {"unknown_entity": 2, "value_not_in_text": 1}
    metrics.export_counts("truthexpiry_llm_proposals_dropped", "Dropped.", lambda: counts)

    families = {
        f.name: f
        for f in text_string_to_metric_families(generate_latest(metrics.registry).decode())
    }

    samples = {
        s.labels["reason"]: s.value for s in families["truthexpiry_llm_proposals_dropped"].samples
    }
    assert samples == {"unknown_entity": 2.0, "value_not_in_text": 1.0}
