"""Helpers shared by the benchmarks: generated datasets, the worker against local Slack, and
percentiles and memory figures."""
