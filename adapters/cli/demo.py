"""`python -m truthexpiry demo`: the demo questions, answered end to end.

By default the evidence comes from a real lifecycle MCP server that the demo starts on loopback
(on the embedded demo dataset) and stops when it is done; `--offline` reads the dataset in this
process instead.
"""

from __future__ import annotations

from adapters.cli.output import to_text
from adapters.composition import build_pipeline, corpus_search, in_process_evidence, mcp_evidence
from adapters.lifecycle_mcp.local_server import LocalLifecycleServer
from truthexpiry.models.verdicts import TruthExpiryRequest
from truthexpiry.ports import LifecycleEvidence

QUESTIONS = (
    "Is report export still available on Starter?",
    "What is the API rate limit on Starter?",
    "Is the refund window 30 days for Enterprise?",
    "Is SSO login available on Starter?",
    "Tell me about the weather.",
)
RULE = "─" * 78


def run_demo(*, offline: bool) -> int:
    if offline:
        print("Evidence: the embedded demo dataset, read in this process.")
        _ask_all(in_process_evidence(None))
        return 0
    with LocalLifecycleServer() as server:
        print(f"Evidence: a lifecycle MCP server started at {server.url} for this demo.")
        evidence = mcp_evidence(server.url, token=server.token)
        try:
            _ask_all(evidence)
        finally:
            evidence.close()
    print(RULE)
    print("The lifecycle MCP server has been stopped.")
    return 0


def _ask_all(evidence: LifecycleEvidence) -> None:
    pipeline = build_pipeline(search=corpus_search(None), evidence=evidence)
    for question in QUESTIONS:
        print(RULE)
        print(to_text(question, pipeline.run(TruthExpiryRequest(question))), end="")
