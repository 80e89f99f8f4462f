"""Command line: `ask` answers one question, `eval` runs evaluation cases.

Exit codes: 0 for any verdict; 1 when evaluation cases fail; 2 for bad input (a missing file,
an invalid dataset or corpus, a bad date), with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import NoReturn

from adapters.cli.evaluation import load_cases, run_cases
from adapters.cli.output import to_json, to_text
from adapters.composition import build_offline_pipeline
from lifecycle_mcp.repository import LifecycleRecordRepository
from truthexpiry.models.errors import TruthExpiryError
from truthexpiry.models.verdicts import TruthExpiryRequest

MAX_QUESTION_CHARS = 2000


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a YYYY-MM-DD date: {text!r}") from None


class _Parser(argparse.ArgumentParser):
    """Bad arguments end in one line on stderr and exit 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m truthexpiry", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    ask = commands.add_parser("ask", help="label the claims about one question")
    ask.add_argument("question")
    ask.add_argument(
        "--lifecycle-data",
        type=Path,
        help="lifecycle dataset JSON (default: the embedded demo dataset)",
    )
    ask.add_argument("--messages", type=Path, help="message corpus JSON (default: the demo corpus)")
    ask.add_argument("--as-of", type=_date, help="evaluation date (default: today, UTC)")
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    evaluate = commands.add_parser("eval", help="run evaluation cases (JSON lines)")
    evaluate.add_argument("cases", type=Path)
    evaluate.add_argument("--lifecycle-data", type=Path)
    evaluate.add_argument("--verbose", action="store_true", help="print passing cases too")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "ask":
            return _ask(args)
        return _eval(args)
    except TruthExpiryError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _ask(args: argparse.Namespace) -> int:
    question = args.question.strip()
    if not question or len(question) > MAX_QUESTION_CHARS:
        print(
            f"error: the question must have 1 to {MAX_QUESTION_CHARS} characters", file=sys.stderr
        )
        return 2
    pipeline = build_offline_pipeline(lifecycle_data=args.lifecycle_data, messages=args.messages)
    response = pipeline.run(TruthExpiryRequest(question, as_of=args.as_of))
    if args.json:
        print(json.dumps(to_json(question, response), ensure_ascii=False))
    else:
        print(to_text(question, response), end="")
    return 0


def _eval(args: argparse.Namespace) -> int:
    repository = (
        LifecycleRecordRepository.from_path(args.lifecycle_data)
        if args.lifecycle_data
        else LifecycleRecordRepository.packaged()
    )
    cases = load_cases(args.cases)
    passed = failed = 0
    for result in run_cases(cases, repository):
        if result.passed:
            passed += 1
            if args.verbose:
                print(f"ok    {result.case_id}")
        else:
            failed += 1
            print(f"FAIL  {result.case_id}: {'; '.join(result.failures)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0
