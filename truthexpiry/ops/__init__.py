"""Operational state as plain objects: readiness, metric definitions, shutdown coordination."""
