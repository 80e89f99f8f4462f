"""Command line: `ask` answers one question, `eval` runs evaluation cases, `demo` shows both.

Evidence comes from a dataset in this process (`--lifecycle-data`, default: the embedded demo
dataset) or from a lifecycle MCP server (`--lifecycle-url`, token in the environment variable
TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN). Claims are read by the rules, or with `--extractor live` by a
language model (OPENAI_API_KEY, TRUTH_EXPIRY_LLM_*). Exit codes: 0 for any verdict; 1 when
evaluation cases fail; 2 for bad input (a missing file, an invalid dataset or corpus, a bad date,
an unreachable server, incomplete model settings), with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from datetime import date
from pathlib import Path
from typing import NoReturn

from adapters.authority.policy_file import load_checked_policy
from adapters.cli.demo import run_demo
from adapters.cli.evaluation import load_cases, run_cases
from adapters.cli.output import to_json, to_text
from adapters.composition import (
    build_pipeline,
    corpus_search,
    in_process_evidence,
    live_claim_extractor,
    mcp_evidence,
)
from truthexpiry.config.llm import llm_settings
from truthexpiry.config.worker import ConfigError
from truthexpiry.models.authority import AuthorityPolicy
from truthexpiry.models.errors import TruthExpiryError
from truthexpiry.models.verdicts import TruthExpiryRequest
from truthexpiry.ports import ClaimExtractor, LifecycleEvidence
from truthexpiry.services.extraction.rules import RulesClaimExtractor

MAX_QUESTION_CHARS = 2000
TOKEN_VARIABLE = "TRUTH_EXPIRY_LIFECYCLE_MCP_TOKEN"


class _Parser(argparse.ArgumentParser):
    """Bad arguments end in one line on stderr and exit 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see --help)\n")


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a YYYY-MM-DD date: {text!r}") from None


def _evidence_options(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--lifecycle-data",
        type=Path,
        help="lifecycle dataset JSON (default: the embedded demo dataset)",
    )
    source.add_argument(
        "--lifecycle-url",
        help="lifecycle MCP server URL, e.g. "
        f"http://127.0.0.1:8000/mcp (token from ${TOKEN_VARIABLE})",
    )
    parser.add_argument(
        "--authority-policy",
        type=Path,
        help="authority policy JSON: source precedence and owner confirmation (default: none)",
    )


def _extractor_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--extractor",
        choices=("rules", "live"),
        default="rules",
        help="claim extraction: the built-in rules (default) or a language model "
        "(settings from OPENAI_API_KEY and TRUTH_EXPIRY_LLM_*)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m truthexpiry", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    ask = commands.add_parser("ask", help="label the claims about one question")
    ask.add_argument("question")
    _evidence_options(ask)
    ask.add_argument("--messages", type=Path, help="message corpus JSON (default: the demo corpus)")
    ask.add_argument("--as-of", type=_date, help="evaluation date (default: today, UTC)")
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    _extractor_option(ask)
    evaluate = commands.add_parser("eval", help="run evaluation cases (JSON lines)")
    evaluate.add_argument("cases", type=Path)
    _evidence_options(evaluate)
    evaluate.add_argument("--verbose", action="store_true", help="print passing cases too")
    _extractor_option(evaluate)
    demo = commands.add_parser(
        "demo", help="answer the demo questions through a lifecycle MCP server started on loopback"
    )
    demo.add_argument(
        "--offline",
        action="store_true",
        help="read the dataset in this process instead of starting a server",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        with ExitStack() as stack:
            if args.command == "demo":
                return run_demo(offline=args.offline)
            evidence = _evidence(args, stack)
            extractor = _extractor(args, stack)
            if args.command == "ask":
                return _ask(args, evidence, extractor)
            return _eval(args, evidence, extractor)
    except TruthExpiryError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (`| head`) left early: not an error
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silences the flush at exit
        return 0


def _evidence(args: argparse.Namespace, stack: ExitStack) -> LifecycleEvidence:
    if not args.lifecycle_url:
        return in_process_evidence(args.lifecycle_data)
    evidence = mcp_evidence(args.lifecycle_url, token=os.environ.get(TOKEN_VARIABLE) or None)
    stack.callback(evidence.close)
    evidence.catalog()  # fail fast, with exit 2, when the server cannot be reached
    return evidence


def _extractor(args: argparse.Namespace, stack: ExitStack) -> ClaimExtractor:
    if args.extractor != "live":
        return RulesClaimExtractor()
    problems: list[str] = []
    settings = llm_settings(os.environ, problems)
    if problems:
        raise ConfigError(problems)
    extractor = live_claim_extractor(settings)
    stack.callback(extractor.close)
    return extractor


def _authority(args: argparse.Namespace, evidence: LifecycleEvidence) -> AuthorityPolicy | None:
    """The `--authority-policy` file, checked against the catalog; exit 2 names each problem."""
    if args.authority_policy is None:
        return None
    return load_checked_policy(args.authority_policy, evidence.catalog())


def _ask(args: argparse.Namespace, evidence: LifecycleEvidence, extractor: ClaimExtractor) -> int:
    question = args.question.strip()
    if not question or len(question) > MAX_QUESTION_CHARS:
        print(
            f"error: the question must have 1 to {MAX_QUESTION_CHARS} characters", file=sys.stderr
        )
        return 2
    authority = _authority(args, evidence)
    pipeline = build_pipeline(
        search=corpus_search(args.messages),
        evidence=evidence,
        extractor=extractor,
        authority=authority,
    )
    response = pipeline.run(TruthExpiryRequest(question, as_of=args.as_of))
    if args.json:
        print(json.dumps(to_json(question, response, authority), ensure_ascii=False))
    else:
        print(to_text(question, response, authority), end="")
    return 0


def _eval(args: argparse.Namespace, evidence: LifecycleEvidence, extractor: ClaimExtractor) -> int:
    cases = load_cases(args.cases)
    passed = failed = 0
    for result in run_cases(cases, evidence, extractor, _authority(args, evidence)):
        if result.passed:
            passed += 1
            if args.verbose:
                print(f"ok    {result.case_id}")
        else:
            failed += 1
            print(f"FAIL  {result.case_id}: {'; '.join(result.failures)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0
