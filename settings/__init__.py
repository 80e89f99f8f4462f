"""Settings read once at the edge, from the environment (and, for the worker, `.env`), into
frozen objects: the worker's (`settings.worker`) and the lifecycle MCP server's
(`lifecycle_mcp.settings`), on the shared rules of `settings.environment` and `settings.tokens`."""
