"""Domain models: claim keys, lifecycle records, claims, verdicts, catalog, errors."""
