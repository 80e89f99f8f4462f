"""`python -m truthexpiry records import TABLE`: a record owner's table in, a validated lifecycle
dataset out (docs/datasets.md, "From a spreadsheet").

The table is CSV or JSON Lines (`table_files.py`), its rows read as records (`record_rows.py`);
the dataset written is checked by loading it exactly as `--lifecycle-data` would, so what is
written always loads. On any problem nothing is written: every problem gets its own line on
stderr, naming the row and column (the first `MAX_LISTED`), then one summary line; exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from cli.records.record_rows import Record, read_records
from cli.records.table_files import (
    Problem,
    Table,
    TableError,
    read_csv,
    read_json_lines,
    table_text,
)
from lifecycle_data.dataset import MAX_REPORTED
from lifecycle_data.repository import LifecycleRecordRepository, file_bytes
from truthexpiry.models.errors import InvalidDatasetError
from truthexpiry.text.json_input import JsonInputError, decode_json

MAX_LISTED = MAX_REPORTED
JSON_LINES_SUFFIXES = frozenset({".jsonl", ".ndjson", ".json"})


def run_import(args: argparse.Namespace) -> int:
    """0 when the dataset was written; 2, with every problem listed, when nothing was."""
    table = _table(args.table, args.format)
    records, problems = read_records(table, args.ignore_column)
    if problems:
        _report(args.table, table.unit, problems)
        return 2
    text = dataset_text(records, args.dataset_version, _catalog(args.catalog))
    try:
        LifecycleRecordRepository.from_json(text)
    except InvalidDatasetError as error:
        with_catalog = f" with {args.catalog}" if args.catalog else ""
        raise InvalidDatasetError(f"{args.table}{with_catalog}: {error}") from None
    _write(text, args)
    where = args.output or "stdout"
    version = f" (dataset_version {args.dataset_version})" if args.dataset_version else ""
    summary = f"{len(records)} records from {args.table} written to {where}{version}"
    print(summary, file=sys.stderr if args.output is None else sys.stdout)
    return 0


def _table(path: Path, format_name: str | None) -> Table:
    data = file_bytes(path, "table")
    json_lines = (format_name or "") == "jsonl" or (
        format_name is None and path.suffix.lower() in JSON_LINES_SUFFIXES
    )
    try:
        text = table_text(data)
        return read_json_lines(text) if json_lines else read_csv(text)
    except TableError as error:
        raise InvalidDatasetError(f"{path}: {error}") from None


def _report(path: Path, unit: str, problems: list[Problem]) -> None:
    for problem in problems[:MAX_LISTED]:
        print(f"error: {_where(path, unit, problem)}: {problem.message}", file=sys.stderr)
    rows = len({p.row for p in problems if p.row})
    listed = f" (the first {MAX_LISTED} are listed)" if len(problems) > MAX_LISTED else ""
    print(
        f"error: {path}: {_count(len(problems), 'problem')} in {_count(rows, unit)}{listed}; "
        "nothing was written",
        file=sys.stderr,
    )


def _where(path: Path, unit: str, problem: Problem) -> str:
    if not problem.row:
        return str(path)
    place = f", {problem.place}" if problem.place else ""
    return f"{path} {unit} {problem.row}{place}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _catalog(path: Path | None) -> object:
    """The catalog in `path`: the file itself, or the `catalog` of a dataset file."""
    if path is None:
        return None
    try:
        document = decode_json(file_bytes(path, "catalog"))
    except JsonInputError as error:
        raise InvalidDatasetError(f"catalog {path}: {error}") from None
    if isinstance(document, dict) and ("records" in document or "catalog" in document):
        if "catalog" not in document:
            raise InvalidDatasetError(f"catalog {path}: the dataset has no 'catalog' section")
        return document["catalog"]
    return document


def dataset_text(records: list[Record], version: str | None, catalog: object) -> str:
    """The dataset as JSON: one record a line, so that a change to a row is a one-line diff."""
    lines = ["{"]
    if version is not None:
        lines.append(f'  "dataset_version": {json.dumps(version, ensure_ascii=False)},')
    lines.append('  "records": [')
    rows = [f"    {json.dumps(record, ensure_ascii=False)}" for record in records]
    lines.append(",\n".join(rows))
    if catalog is None:
        lines.append("  ]")
    else:
        lines.append("  ],")
        section = json.dumps(catalog, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        lines.append(f'  "catalog": {section}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _write(text: str, args: argparse.Namespace) -> None:
    output: Path | None = args.output
    if output is None:
        sys.stdout.write(text)
        return
    if output.exists() and not args.force:
        raise InvalidDatasetError(f"{output} exists: pass --force to replace it")
    if output.exists() and output.resolve() == args.table.resolve():
        raise InvalidDatasetError(f"--output {output} is the table being imported")
    mode = output.stat().st_mode & 0o777 if output.exists() else 0o644
    temporary: str | None = None
    try:  # a new file beside the old one, then renamed over it: a failure leaves the old
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=output.parent, prefix=f".{output.name}.", delete=False
        ) as file:
            temporary = file.name
            file.write(text)
        os.chmod(temporary, mode)  # not the temporary file's 0600
        os.replace(temporary, output)
    except OSError as error:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        raise InvalidDatasetError(f"cannot write {output}: {error.strerror}") from None
