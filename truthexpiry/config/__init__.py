"""Settings, read once at the edge into a frozen object (worker and server configuration)."""
