"""Stores shared by worker replicas, or kept in memory for one: event deduplication and the
change-notice ledger."""
