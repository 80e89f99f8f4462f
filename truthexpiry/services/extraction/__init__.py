"""Rules-based claim extraction, driven by the catalog's vocabulary (no names in code)."""
