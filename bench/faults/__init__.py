"""The fault suite (`python -m bench.faults`): the worker and the lifecycle server under load while
things break, with the load generators and proxies its scenarios use."""
