"""Grounding: the deterministic gate that checks a language model's proposals against the text they
cite.
"""
