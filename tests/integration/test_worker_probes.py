"""The worker's probe server on a real port: `/healthz` always, `/readyz` as readiness says."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from adapters.ops.health_server import HealthServer
from truthexpiry.ops.readiness import LIFECYCLE_MCP, SOCKET_MODE, Readiness

pytestmark = pytest.mark.integration


@pytest.fixture
def health() -> Iterator[tuple[HealthServer, Readiness]]:
    readiness = Readiness()
    server = HealthServer(readiness, host="127.0.0.1", port=0).start()
    yield server, readiness
    server.close()


def get(url: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_healthz_is_live_and_readyz_follows_readiness(
    health: tuple[HealthServer, Readiness],
) -> None:
    server, readiness = health
    base = f"http://127.0.0.1:{server.port}"

    assert get(f"{base}/healthz")[0] == 200
    assert get(f"{base}/readyz")[0] == 503
    readiness.set(SOCKET_MODE, True)
    readiness.set(LIFECYCLE_MCP, True)
    status, body = get(f"{base}/readyz")
    assert status == 200
    assert body["ready"] is True
