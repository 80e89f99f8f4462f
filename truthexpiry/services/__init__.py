"""Deterministic services: value rules, labeler, scope resolution, extraction, pipeline."""
