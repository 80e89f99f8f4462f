"""The MCP server's HTTP edge: listeners, connection and request limits, authentication, the
offered methods, and the one shape of every refusal."""
