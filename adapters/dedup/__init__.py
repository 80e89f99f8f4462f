"""Event deduplication stores: in memory (one worker) and, for several replicas, shared."""
