"""Offline adapters: lifecycle evidence from a dataset in this process, and search over a
message corpus file. They are real adapters for the CLI and the demo, not test doubles."""
