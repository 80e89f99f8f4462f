"""Tools for a checkout, not shipped in the package: the demo, and real servers and workers
started as local child processes for the demo, the benchmarks and the tests."""
