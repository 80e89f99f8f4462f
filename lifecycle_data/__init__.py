"""The lifecycle dataset both the worker and the lifecycle MCP server read: its validation
(`dataset.py`, with the record fields, dates and catalog notes), the indexed repository, and
the embedded demo dataset."""
