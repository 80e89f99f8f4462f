"""Adapters: the technology behind each port, the composition root, and the command line."""
