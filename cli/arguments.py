"""The command line's arguments: `ask`, `eval` and `records import`, and how bad ones are
reported."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from typing import NoReturn

from cli.records.arguments import add_import_parser
from settings.remedies import MODEL_VARIABLES, TOKEN_VARIABLE

DEFAULT_LIFECYCLE_TIMEOUT = 2.0  # the worker's default too (`lifecycle_timeout_seconds`)
MAX_LIFECYCLE_TIMEOUT = 60.0


class _Parser(argparse.ArgumentParser):
    """Bad arguments end in one line on stderr and exit 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see --help)\n")


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a YYYY-MM-DD date: {text!r}") from None


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= MAX_LIFECYCLE_TIMEOUT:
        raise argparse.ArgumentTypeError(
            f"not a number of seconds from more than 0 to {MAX_LIFECYCLE_TIMEOUT:g}: {text!r}"
        )
    return seconds


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
        "--lifecycle-timeout",
        type=_seconds,
        default=DEFAULT_LIFECYCLE_TIMEOUT,
        metavar="SECONDS",
        help="how long each call to the --lifecycle-url server may take "
        f"(default: {DEFAULT_LIFECYCLE_TIMEOUT:g})",
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
        f"(settings from {MODEL_VARIABLES})",
    )


def build_parser(description: str) -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m truthexpiry", description=description)
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
    add_import_parser(commands)
    return parser
