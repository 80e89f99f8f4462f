"""`python -m devtools.demo` (`./dev demo`): the demo questions, answered end to end.

By default the evidence comes from a real lifecycle MCP server that the demo starts on loopback
(on the embedded demo dataset) and stops when it is done; `--offline` reads the dataset in this
process instead.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from adapters.ops.terminal import run_from_terminal
from bootstrap import build_pipeline, mcp_evidence
from cli.output import to_text
from devtools.lifecycle_server import LocalLifecycleServer
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.ports import LifecycleEvidence

QUESTIONS = (
    "Is report export still available on Starter?",
    "What is the API rate limit on Starter?",
    "Is the refund window 30 days for Enterprise?",
    "Is SSO login available on Starter?",
    "Tell me about the weather.",
)
RULE = "\u2500" * 78


def main(argv: Sequence[str] | None = None) -> int:
    """The exit status; Ctrl-C and a reader that left (`| head`) end it without a traceback
    (the lifecycle server it started is stopped either way)."""
    return run_from_terminal(lambda: _run(argv))


def _run(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="./dev demo", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--offline",
        action="store_true",
        help="read the dataset in this process instead of starting a server",
    )
    if parser.parse_args(argv).offline:
        print("Evidence: the embedded demo dataset, read in this process.")
        _ask_all(None)
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


def _ask_all(evidence: LifecycleEvidence | None) -> None:
    pipeline = build_pipeline(evidence=evidence)
    for question in QUESTIONS:
        print(RULE)
        print(to_text(question, pipeline.run(TruthExpiryRequest(question))), end="")


if __name__ == "__main__":
    raise SystemExit(main())
