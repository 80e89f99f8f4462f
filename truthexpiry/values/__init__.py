"""Typed values: their canonical forms, every surface form they are written in, inference and
comparison.
"""
