"""`python -m truthexpiry`: ask a question or run evaluation cases, offline."""
