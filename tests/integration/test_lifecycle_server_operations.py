"""Operating the lifecycle MCP server: start-up errors, `--check`, hot reload and shutdown."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from prometheus_client.parser import text_string_to_metric_families

from devtools.processes import free_port
from lifecycle_data.repository import packaged_dataset_path
from tests.integration.conftest import (
    ROOT,
    RunningServer,
    launch_server,
    run_server_command,
    server_environment,
)

pytestmark = pytest.mark.integration

NEW_SCOPE = {"plan": "team"}
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}
LONG_TOKEN = "a-perfectly-valid-token-1234567890"


def dataset_of_packaged() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(packaged_dataset_path().read_text())
    return document


def dataset_of(server: RunningServer) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(server.dataset_path.read_text())
    return document


def replace_file(path: Path, document: dict[str, Any] | str) -> None:
    """Write beside the file, then rename over it, as an operator's deploy step should."""
    staging = path.with_suffix(".staging")
    staging.write_text(document if isinstance(document, str) else json.dumps(document))
    os.replace(staging, path)


def wait_for_readiness(server: RunningServer, field: str, differs_from: object) -> dict[str, Any]:
    deadline = time.monotonic() + 30  # the server polls every 0.1 s: only a hang takes this
    while time.monotonic() < deadline:
        readiness = server.readiness()
        if readiness[field] != differs_from:
            return readiness
        time.sleep(0.05)
    pytest.fail(f"readiness {field} still {differs_from!r} after 10 s")


def evidence(server: RunningServer, entity: str, attribute: str, scope: dict[str, str]) -> Any:
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {
            "name": "get_lifecycle_evidence",
            "arguments": {"entity": entity, "attribute": attribute, "scope": scope},
        },
    }
    headers = MCP_HEADERS | server.auth()
    response = httpx2.post(server.mcp_url, json=request, headers=headers, timeout=30)
    response.raise_for_status()
    return response.json()["result"]["structuredContent"]


def new_record() -> dict[str, Any]:
    return {
        "record_id": "LC-NEW-1",
        "entity": "audit_log",
        "attribute": "retention",
        "scope": NEW_SCOPE,
        "value": "90 days",
        "state": "EFFECTIVE",
        "effective_date": "2025-01-01",
        "supersedes_record_id": None,
    }


def test_a_valid_new_file_is_served_after_a_hot_reload(reloading_server: RunningServer) -> None:
    document = dataset_of(reloading_server)
    document["dataset_version"] = "reloaded-1"
    document["records"].append(new_record())
    replace_file(reloading_server.dataset_path, document)

    readiness = wait_for_readiness(reloading_server, "dataset_version", "demo-2026-11")

    assert readiness["dataset_version"] == "reloaded-1"
    assert readiness["record_count"] == len(document["records"])
    assert readiness["last_reload_error"] is None
    records = evidence(reloading_server, "audit_log", "retention", NEW_SCOPE)["records"]
    assert [r["record_id"] for r in records] == ["LC-NEW-1"]
    assert "dataset reloaded: version reloaded-1" in reloading_server.log()


def test_an_invalid_new_file_keeps_the_last_good_dataset_in_service(
    reloading_server: RunningServer,
) -> None:
    before = reloading_server.readiness()
    document = dataset_of(reloading_server)
    document["dataset_version"] = "broken-1"
    document["records"].append(new_record() | {"state": "SHIPPED-ISH"})
    replace_file(reloading_server.dataset_path, document)

    readiness = wait_for_readiness(reloading_server, "last_reload_error", None)

    assert "LC-NEW-1" in str(readiness["last_reload_error"])
    assert readiness["dataset_version"] == before["dataset_version"]
    assert readiness["loaded_at"] == before["loaded_at"]
    assert evidence(reloading_server, "audit_log", "retention", NEW_SCOPE)["records"] == []
    scope = {"plan": "starter", "region": "global"}
    assert evidence(reloading_server, "report_export", "availability", scope)["records"]
    assert "dataset reload rejected" in reloading_server.log()

    document["records"][-1]["state"] = "SHIPPED"
    replace_file(reloading_server.dataset_path, document)
    recovered = wait_for_readiness(reloading_server, "dataset_version", before["dataset_version"])
    assert recovered["last_reload_error"] is None


def test_a_file_that_is_not_json_is_rejected_on_reload(reloading_server: RunningServer) -> None:
    replace_file(reloading_server.dataset_path, '{"records": [')

    readiness = wait_for_readiness(reloading_server, "last_reload_error", None)

    assert "not valid JSON" in str(readiness["last_reload_error"])
    assert readiness["dataset_version"] == "demo-2026-11"


def reload_failures(metrics_url: str) -> float:
    text = httpx2.get(metrics_url, timeout=30).text
    families = {family.name: family for family in text_string_to_metric_families(text)}
    return families["lifecycle_mcp_reload_failures"].samples[0].value


def test_a_file_that_cannot_be_loaded_is_recorded_counted_shortened_and_tried_once(
    tmp_path: Path,
) -> None:
    metrics_port = free_port()
    metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
    env = {"TRUTH_EXPIRY_METRICS_ENABLED": "1", "TRUTH_EXPIRY_METRICS_PORT": str(metrics_port)}
    with launch_server(tmp_path, extra_env=env, RELOAD_SECONDS="0.1") as server:
        replace_file(server.dataset_path, "[" * 100_000 + "]" * 100_000)

        readiness = wait_for_readiness(server, "last_reload_error", None)
        assert "nested too deeply" in str(readiness["last_reload_error"])
        assert readiness["dataset_version"] == "demo-2026-11"
        time.sleep(0.5)  # five more polls of the same file
        os.utime(server.dataset_path)  # a new mtime, the same content
        time.sleep(0.3)
        assert reload_failures(metrics_url) == 1
        assert server.log().count("dataset reload rejected") == 1

        document = dataset_of_packaged()
        document["records"][0]["x" * 2_000_000] = "an unknown field"
        replace_file(server.dataset_path, document)
        readiness = wait_for_readiness(server, "last_reload_error", readiness["last_reload_error"])

        assert len(json.dumps(readiness)) < 2_000
        assert "unknown field" in str(readiness["last_reload_error"])
        assert reload_failures(metrics_url) == 2
        scope = {"plan": "starter", "region": "global"}
        assert evidence(server, "report_export", "availability", scope)["records"]


def test_an_invalid_dataset_at_start_exits_non_zero_with_one_clear_line(tmp_path: Path) -> None:
    env, dataset, _, _ = server_environment(tmp_path, (LONG_TOKEN,))
    document = json.loads(dataset.read_text())
    document["records"].append(dict(document["records"][0]))  # a duplicate record_id
    dataset.write_text(json.dumps(document))

    completed = run_server_command([], env)

    assert completed.returncode == 2
    lines = completed.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "invalid dataset" in lines[0]
    assert document["records"][0]["record_id"] in lines[0]
    assert "duplicate record_id" in lines[0]


def test_a_missing_token_configuration_refuses_to_start(tmp_path: Path) -> None:
    env, _, _, _ = server_environment(tmp_path, ())

    completed = run_server_command([], env)

    assert completed.returncode == 2
    assert "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKENS" in completed.stderr


def test_check_exits_zero_for_a_valid_configuration(tmp_path: Path) -> None:
    env, _, _, _ = server_environment(tmp_path, (LONG_TOKEN,), RELOAD_SECONDS="2")

    completed = run_server_command(["--check"], env)

    assert completed.returncode == 0, completed.stderr
    assert "valid" in completed.stdout
    assert LONG_TOKEN not in completed.stdout + completed.stderr


def test_check_names_every_problem_and_never_prints_a_token(tmp_path: Path) -> None:
    short = "short-secret"
    env, dataset, port, _ = server_environment(tmp_path, (LONG_TOKEN, short), RELOAD_SECONDS="-1")
    env["TRUTH_EXPIRY_LIFECYCLE_MCP_HEALTH_PORT"] = str(port)
    dataset.write_text(json.dumps({"dataset_version": "x", "records": [{"record_id": "R-1"}]}))

    completed = run_server_command(["--check"], env)

    output = completed.stdout + completed.stderr
    assert completed.returncode == 1
    assert "token #2 is shorter" in output
    assert "must differ" in output
    assert "RELOAD_SECONDS" in output
    assert "record 'R-1'" in output
    assert LONG_TOKEN not in output
    assert short not in output


def test_check_and_the_refusals_at_start_never_import_the_mcp_sdk(tmp_path: Path) -> None:
    """What answers before serving costs no MCP SDK (about 1.2 s of CPU a process)."""
    env, _, _, _ = server_environment(tmp_path, (LONG_TOKEN,))
    probe = (
        "import sys, lifecycle_mcp.server as server; "
        "statuses = [server.main(['--check']), server.main([], {})]; "
        "print(statuses, sorted(m for m in ('mcp', 'uvicorn') if m in sys.modules))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", probe],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines()[-1] == "[0, 2] []"


def test_a_taken_port_stops_the_other_listener_and_exits_1(tmp_path: Path) -> None:
    env, _, _, health_port = server_environment(tmp_path, (LONG_TOKEN,))
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", health_port))
        squatter.listen()

        completed = run_server_command([], env)

    assert completed.returncode == 1
    assert "address already in use" in completed.stderr
    assert "a listener could not start" in completed.stderr


def test_sigterm_stops_both_servers_cleanly(tmp_path: Path) -> None:
    with launch_server(tmp_path) as server:
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=15) == 0
        assert "lifecycle MCP server stopped" in server.log()
        with pytest.raises(httpx2.TransportError):
            httpx2.get(f"{server.health_url}/healthz", timeout=1)
