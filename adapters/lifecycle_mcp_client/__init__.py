"""The worker's client for the lifecycle MCP server: one long-lived session, validated results,
and every failure mapped to "evidence unavailable"."""
