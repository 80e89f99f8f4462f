"""`ask --lifecycle-url` with `--lifecycle-timeout`: a server that answers slowly is reported as
slow (and answers once given the time), one that is down as down."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from mcp.server import MCPServer
from starlette.applications import Starlette

from cli.main import main
from devtools.processes import free_port
from lifecycle_mcp.contract import CatalogOut, EvidenceOut
from lifecycle_mcp.holder import load_dataset
from lifecycle_mcp.tools import claim_catalog, lifecycle_evidence
from tests.integration.mcp_doubles import serving

pytestmark = pytest.mark.integration
QUESTION = "Is report export available on Starter?"
DELAY = 1.0  # seconds the slow server takes for every call


def slow_demo_server(delay: float) -> Starlette:
    """The demo dataset's catalog and evidence, each call answered after `delay` seconds."""
    dataset = load_dataset(None)
    server: MCPServer[Any] = MCPServer("slow-demo-lifecycle")

    @server.tool()
    async def get_claim_catalog() -> CatalogOut:
        await asyncio.sleep(delay)
        return claim_catalog(dataset)

    @server.tool()
    async def get_lifecycle_evidence(
        entity: str, attribute: str, scope: dict[str, str]
    ) -> EvidenceOut:
        await asyncio.sleep(delay)
        return lifecycle_evidence(dataset, entity, attribute, scope)

    return server.streamable_http_app(stateless_http=True, json_response=True)


@pytest.fixture(scope="module")
def slow_url() -> Iterator[str]:
    with serving(slow_demo_server(DELAY)) as url:
        yield url


def ask(url: str, *options: str) -> int:
    return main(["ask", QUESTION, "--lifecycle-url", url, *options])


def test_a_slow_server_is_reported_as_slow_with_the_setting_that_waits_longer(
    slow_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = ask(slow_url, "--lifecycle-timeout", "0.3")

    [line] = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert "the lifecycle server did not answer within 0.3 s" in line
    assert "raise --lifecycle-timeout" in line
    assert "running" not in line


def test_the_same_server_answers_when_given_the_time(
    slow_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = ask(slow_url, "--lifecycle-timeout", "10")

    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "report export" in captured.out.lower()


def test_a_server_that_is_down_is_reported_as_down(capsys: pytest.CaptureFixture[str]) -> None:
    code = ask(f"http://127.0.0.1:{free_port()}/mcp", "--lifecycle-timeout", "5")

    [line] = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert "the lifecycle server is unreachable" in line
    assert "that the lifecycle server is running" in line
    assert "did not answer within" not in line


@pytest.mark.parametrize("value", ["0", "-1", "61", "soon"])
def test_a_timeout_that_is_not_a_number_of_seconds_is_refused(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        ask("http://127.0.0.1:9/mcp", "--lifecycle-timeout", value)

    assert exit_.value.code == 2
    assert "--lifecycle-timeout" in capsys.readouterr().err
