"""Time over the records: calendar periods, transitions, what is coming, and the change feed."""
