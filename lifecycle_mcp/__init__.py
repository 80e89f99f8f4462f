"""The lifecycle records service: the canonical dataset, its validation, and (at the edge) a
read-only MCP server that serves it. Nothing here decides validity."""
