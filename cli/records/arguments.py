"""The arguments of `records import`, kept apart from the import itself so that `ask` and
`eval` do not load the table readers at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def add_import_parser(commands: Any) -> None:
    """`records import`, under the command line's subcommands."""
    records = commands.add_parser("records", help="lifecycle records: import a table")
    actions = records.add_subparsers(dest="action", required=True)
    command = actions.add_parser(
        "import", help="turn a CSV or JSON Lines table into a validated lifecycle dataset"
    )
    command.add_argument("table", type=Path, help="the table: .csv, or .jsonl for JSON Lines")
    command.add_argument(
        "--format", choices=("csv", "jsonl"), help="the table's format (default: from its name)"
    )
    command.add_argument("--output", type=Path, help="write the dataset here (default: stdout)")
    command.add_argument("--force", action="store_true", help="replace an existing --output")
    command.add_argument("--dataset-version", help="the dataset's version, e.g. 2026-11")
    command.add_argument(
        "--catalog", type=Path, help="a catalog JSON (or a dataset whose catalog to keep)"
    )
    command.add_argument(
        "--ignore-column",
        action="append",
        default=[],
        metavar="NAME",
        help="a column that is not part of the records, e.g. notes (repeatable)",
    )
