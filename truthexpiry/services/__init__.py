"""The use cases: the one pipeline every entry point runs, and its request-scoped part."""
