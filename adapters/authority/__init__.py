"""The authority policy file: JSON on disk turned into the domain's `AuthorityPolicy`."""
