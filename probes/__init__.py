"""Liveness and readiness over HTTP, the one probe app both processes serve: the Slack worker
(`adapters/ops/health_server.py`) and the lifecycle MCP server (`lifecycle_mcp/health.py`)."""
