"""Lifecycle records and what they are about: claim keys, records, typed values, the catalog,
the authority policy, and the Unicode hygiene identifiers pass."""
