"""Command line: `ask` answers one question, `eval` runs evaluation cases, `records import`
turns a table of records into a lifecycle dataset.

Evidence comes from a dataset in this process (`--lifecycle-data`, default: the embedded demo
dataset) or from a lifecycle MCP server (`--lifecycle-url`, token in the environment variable
`settings.remedies.TOKEN_VARIABLE` names). Claims are read by the rules, or with `--extractor
live` by a language model (the model settings, `settings.worker.ModelSettings`). Exit codes: 0
for any verdict; 1 when evaluation cases fail; 2 for bad input (a missing file, an invalid
dataset or corpus, a bad date, an unreachable server, incomplete model settings), with one line
on stderr; 130 when interrupted (Ctrl-C, one line). A reader that leaves early (`| head`) ends
the run quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from contextlib import ExitStack

from adapters.authority.policy_file import load_checked_policy
from adapters.ops.terminal import run_from_terminal
from bootstrap import build_pipeline, corpus_search, dataset_evidence, live_extractor, mcp_evidence
from cli.arguments import build_parser
from cli.console import argument_text, one_line, with_remedy
from cli.evaluation import load_cases, run_cases
from cli.output import to_json, to_text
from settings.remedies import TOKEN_VARIABLE
from truthexpiry.models.answering.requests import MAX_QUESTION_CHARS, TruthExpiryRequest
from truthexpiry.models.errors import EvidenceUnavailableError, TruthExpiryError
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.unicode_text import valid_text
from truthexpiry.ports import ClaimExtractor, LifecycleEvidence


def main(argv: Sequence[str] | None = None) -> int:
    """The exit status; Ctrl-C and a reader that left (`| head`) end it without a traceback."""
    return run_from_terminal(lambda: _run(argv))


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser(" ".join(__doc__.split("\n\n")[0].split())).parse_args(argv)
    try:
        if args.command == "records":
            from cli.records.importing import run_import  # only here: `ask` needs no table readers

            return run_import(args)
        with ExitStack() as stack:
            evidence = _evidence(args, stack)
            extractor = _extractor(args, stack)
            if args.command == "ask":
                return _ask(args, evidence, extractor)
            return _eval(args, evidence, extractor)
    except TruthExpiryError as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2


def _evidence(args: argparse.Namespace, stack: ExitStack) -> LifecycleEvidence:
    if not args.lifecycle_url:
        return dataset_evidence(args.lifecycle_data)
    token = os.environ.get(TOKEN_VARIABLE) or None
    evidence = mcp_evidence(args.lifecycle_url, token=token, timeout=args.lifecycle_timeout)
    stack.callback(evidence.close)
    try:
        evidence.catalog()  # fail fast, with exit 2, when the server cannot be reached
    except EvidenceUnavailableError as error:
        raise EvidenceUnavailableError(with_remedy(error)) from None
    return evidence


def _extractor(args: argparse.Namespace, stack: ExitStack) -> ClaimExtractor | None:
    if args.extractor != "live":
        return None
    from settings.environment import ConfigError  # only here: pydantic-settings costs 0.15 s
    from settings.model import ModelSettings

    settings = ModelSettings.load(os.environ)  # the command line reads no `.env`
    if (missing := settings.missing_key()) is not None:
        raise ConfigError([missing])
    extractor = live_extractor(settings)
    stack.callback(extractor.close)
    return extractor


def _authority(args: argparse.Namespace, evidence: LifecycleEvidence) -> AuthorityPolicy | None:
    """The `--authority-policy` file, checked against the catalog; exit 2 names each problem."""
    if args.authority_policy is None:
        return None
    return load_checked_policy(args.authority_policy, evidence.catalog())


def _ask(
    args: argparse.Namespace, evidence: LifecycleEvidence, extractor: ClaimExtractor | None
) -> int:
    question = argument_text(args.question).strip()
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
        print(valid_text(json.dumps(to_json(question, response, authority), ensure_ascii=False)))
    else:
        print(valid_text(to_text(question, response, authority)), end="")
    return 0


def _eval(
    args: argparse.Namespace, evidence: LifecycleEvidence, extractor: ClaimExtractor | None
) -> int:
    cases = load_cases(args.cases)
    passed = failed = 0
    for result in run_cases(cases, evidence, extractor, _authority(args, evidence)):
        if result.passed:
            passed += 1
            if args.verbose:
                print(valid_text(f"ok    {result.case_id}"))
        else:
            failed += 1
            print(valid_text(f"FAIL  {result.case_id}: {'; '.join(result.failures)}"))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0
