"""The lifecycle MCP server's own fault scenarios for `bench.faults`: floods aimed at the server
rather than the worker, and what its probes, a normal lookup and its memory did meanwhile.

* mcp_flood (connection starvation): the server runs with an open-file limit of 256. For
  `FLOOD_SECONDS`, 300 clients keep a half-sent request open without a token (reconnecting as
  soon as the server closes theirs) and 246 authenticated clients keep asking `GET /mcp` for an
  event stream (again 0.1 s after each refusal). Meanwhile a prober asks `/healthz` every 0.1 s
  on a new connection, as a kubelet does, and the worker's adapter makes a lookup every 0.05 s.
* mcp_memory: 200 concurrent clients send the largest lookup the limits allow (just under
  64 KiB of JSON, 26 scope keys), on keep-alive connections, for `FLOOD_SECONDS`; then 60
  clients send 3.8 MB requests (the reported attack) for 3 s. The server's RSS at rest, its peak
  (VmHWM) and its RSS after are read from /proc.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from adapters.lifecycle_mcp_client.evidence import McpLifecycleEvidence
from bench.common.stats import median, p99, process_memory_mb
from bench.faults.flood import Clients, Flood
from devtools.lifecycle_server import LocalLifecycleServer
from truthexpiry.models.records.claim_key import ClaimKey

FLOOD_SECONDS = 6.0
OPEN_FILES = 256
STARTER = ClaimKey.of("report_export", "availability", {"plan": "starter", "region": "global"})
BODY_LIMIT = 64 * 1024


def head(
    method: str, port: int, token: str | None, body_length: int | None = None, **extra: str
) -> bytes:
    lines = [f"{method} /mcp HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    lines += [f"Authorization: Bearer {token}"] if token else []
    if body_length is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {body_length}"]
        lines += ["Accept: application/json, text/event-stream"]
    lines += [f"{name}: {value}" for name, value in extra.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def largest_lookup() -> bytes:
    """A valid `tools/call` as large as the body limit allows (ASCII-escaped non-ASCII text)."""
    scope: dict[str, str] = {}
    while True:
        n = len(scope)
        candidate = scope | {f"{n:02d}" + "é" * 198: "ü" * 200}
        body = json.dumps(_lookup_call(candidate)).encode()
        if len(body) > BODY_LIMIT or len(candidate) > 32:
            return json.dumps(_lookup_call(scope)).encode()
        scope = candidate


def _lookup_call(scope: dict[str, str]) -> dict[str, Any]:
    arguments = {"entity": "report_export", "attribute": "availability", "scope": scope}
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "get_lifecycle_evidence", "arguments": arguments},
    }


class Sampler:
    """Calls `probe` every `interval` s in a thread; records seconds taken, or a failure."""

    def __init__(self, probe: Callable[[], None], interval: float) -> None:
        self.seconds: list[float] = []
        self.failures = 0
        self._probe = probe
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                self._probe()
                self.seconds.append(time.monotonic() - started)
            except Exception:  # a refused or timed-out probe is what is being counted
                self.failures += 1
            self._stop.wait(self._interval)


def healthz(url: str) -> Callable[[], None]:
    import urllib.request  # noqa: PLC0415 - only the prober needs it

    def probe() -> None:
        with urllib.request.urlopen(f"{url}/healthz", timeout=5) as response:
            response.read()

    return probe


def mcp_flood() -> dict[str, Any]:
    with LocalLifecycleServer(open_files=OPEN_FILES) as server:
        assert server.pid is not None
        adapter = McpLifecycleEvidence(server.url, token=server.token, timeout=2.0)
        try:
            adapter.lookup(STARTER)
            half_sent = Clients(300, b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nCont")
            stream = head("GET", server.port, server.token, Accept="text/event-stream")
            streams = Clients(246, stream, pause=0.1)
            with (
                Flood(server.port, half_sent, streams) as flood,
                Sampler(healthz(server.health_url), 0.1) as probes,
                Sampler(lambda: _lookup(adapter), 0.05) as lookups,
            ):
                time.sleep(FLOOD_SECONDS)
            _, peak = process_memory_mb(server.pid)
        finally:
            adapter.close()
    return {
        "seconds": FLOOD_SECONDS,
        "flood_connections": flood.stats.connections,
        "longest_held_s": max(flood.stats.held_seconds, default=0.0),
        "get_statuses": dict(flood.stats.statuses),
        "probes": len(probes.seconds) + probes.failures,
        "probe_failures": probes.failures,
        "probe_max_ms": max(probes.seconds, default=float("nan")) * 1000,
        "probe_p99_ms": p99(probes.seconds) * 1000,
        "lookups": len(lookups.seconds) + lookups.failures,
        "lookup_failures": lookups.failures,
        "lookup_median_ms": median(lookups.seconds) * 1000,
        "lookup_p99_ms": p99(lookups.seconds) * 1000,
        "peak_rss_mb": peak,
    }


def _lookup(adapter: McpLifecycleEvidence) -> None:
    if not adapter.lookup(STARTER):
        raise RuntimeError("the lookup found no records")


def mcp_memory() -> dict[str, Any]:
    with LocalLifecycleServer() as server:
        assert server.pid is not None
        rest, _ = process_memory_mb(server.pid)
        body = largest_lookup()
        request = head("POST", server.port, server.token, len(body)) + body
        largest = Clients(200, request, keep_alive=True)
        with Flood(server.port, largest) as flood, Sampler(healthz(server.health_url), 0.1) as p:
            time.sleep(FLOOD_SECONDS)
        _, peak_largest = process_memory_mb(server.pid)
        huge = b"{" + b" " * 3_800_000 + b"}"
        attack = head("POST", server.port, server.token, len(huge)) + huge
        oversize = Clients(60, attack)
        with Flood(server.port, oversize) as refused:
            time.sleep(3.0)
        time.sleep(1.0)
        after, peak = process_memory_mb(server.pid)
    return {
        "seconds": FLOOD_SECONDS,
        "body_bytes": len(body),
        "statuses": dict(flood.stats.statuses),
        "oversize_statuses": dict(refused.stats.statuses),
        "probe_failures": p.failures,
        "probe_max_ms": max(p.seconds, default=float("nan")) * 1000,
        "rss_at_rest_mb": rest,
        "peak_rss_largest_mb": peak_largest,
        "peak_rss_mb": peak,
        "rss_after_mb": after,
    }
