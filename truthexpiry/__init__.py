"""TruthExpiry: labels claims from Slack against authoritative lifecycle records.

This package is the pure domain. It holds the models, the ports the outside world plugs into,
and the deterministic services (labeler, extraction rules, pipeline). It does no I/O and imports
no SDK; `adapters/`, `lifecycle_mcp/` and `listeners/` do that at the edge.
"""
