"""Liveness and readiness over HTTP, the same answers from both processes (`probes.responses`):
the Slack worker serves them with the standard library (`adapters/ops/health_server.py`), the
lifecycle MCP server as a Starlette app (`probes.app`, `lifecycle_mcp/health.py`)."""
