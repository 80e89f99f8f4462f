"""The composition root: the one place that chooses adapters and wires them to the pipeline.

`build_pipeline` takes every port as a keyword; what is not given gets the default (the demo
corpus, the embedded dataset, the rules, the system clock). `build_worker` chooses the Slack
worker's adapters from its settings and returns what the listeners need. The CLI, the worker,
the demo, the benchmarks and the tests all call these two functions, tests with fakes.

By idea: `pipeline` (the pipeline and the adapters it answers through), `worker` (the composed
Slack worker), `replicas` (what replicas share: event dedup, the notice ledger), `runtime` (the
parts that run, and `serve`), `checks` (`app.py --check`, `--check --live`, the start-up checks).
Each adapter is imported in the branch that chooses it, so an offline answer never loads the
Slack, MCP or language-model libraries.
"""

from bootstrap.checks import preflight
from bootstrap.pipeline import (
    build_pipeline,
    corpus_search,
    dataset_evidence,
    live_extractor,
    mcp_evidence,
)
from bootstrap.runtime import serve
from bootstrap.worker import Worker, build_worker

__all__ = [
    "Worker",
    "build_pipeline",
    "build_worker",
    "corpus_search",
    "dataset_evidence",
    "live_extractor",
    "mcp_evidence",
    "preflight",
    "serve",
]
