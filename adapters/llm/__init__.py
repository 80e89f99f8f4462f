"""Claim extraction by a language model (pydantic-ai), grounded by deterministic checks."""
