"""Reading a table's rows as lifecycle records, naming the row and column of every problem.

Each cell is read by the dataset's own field readers (`lifecycle_data.record_fields`) and scope
by the claim key's rules, so a row is refused for what loading the dataset would refuse; what
only the whole dataset shows (a supersedes cycle, a catalog name no record has) is left to the
dataset's validator. Headers are read like identifiers (`Effective date` is `effective_date`).
Scope comes from a `scope` column of `key=value` pairs (`site=northgate; season=winter`, also
separated by commas) or from one `scope.KEY` column per key; an empty cell there means the
record has no such key.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cli.records.table_files import Cell, Problem, Row, Table
from lifecycle_data import record_fields as fields
from truthexpiry.models.errors import InvalidClaimKeyError, InvalidDatasetError
from truthexpiry.models.records.claim_key import normalise_identifier, normalise_scope_value
from truthexpiry.models.records.unicode_text import shown

REQUIRED = ("record_id", "entity", "attribute", "value", "state", "effective_date")
OPTIONAL = ("scope", "supersedes_record_id", "source")
SCOPE_PREFIX = "scope."
_HEADER_SPACES = re.compile(r"[\s\-]+")
_PAIR_SEPARATORS = re.compile(r"[;,]")
_READERS: dict[str, Callable[[str], str]] = {
    "record_id": fields.record_id,
    "entity": lambda text: fields.identifier({"entity": text}, "entity"),
    "attribute": lambda text: fields.identifier({"attribute": text}, "attribute"),
    "value": lambda text: fields.text({"value": text}, "value"),
    "state": lambda text: fields.state(text).value,
    "effective_date": lambda text: fields.effective_date(text).isoformat(),
    "supersedes_record_id": lambda text: fields.record_id(text, "supersedes_record_id"),
    "source": lambda text: fields.source({"source": text}),
}
Record = dict[str, Any]


def column_field(name: str) -> str:
    """The dataset field a column holds: `Record ID` -> `record_id`, `Scope.Site` ->
    `scope.Site` (the key is read by the scope rules later)."""
    name = name.strip()
    if name.lower().startswith(SCOPE_PREFIX):
        return SCOPE_PREFIX + name[len(SCOPE_PREFIX) :].strip()
    return _HEADER_SPACES.sub("_", name.lower()).strip("_")


def read_records(table: Table, ignored: Iterable[str] = ()) -> tuple[list[Record], list[Problem]]:
    """The table's rows as dataset records, or every problem found in them."""
    skip = {column_field(name) for name in ignored}
    problems = list(table.problems)
    if table.unit == "row":  # CSV: the header is checked once, for every row
        problems.extend(_column_problems(table.columns, table.places, 1, skip, csv=True))
    records: list[Record] = []
    seen: dict[str, Row] = {}
    identified: list[tuple[Row, Record]] = []  # every row whose ID reads, valid or not
    for row in table.rows:
        if table.unit == "line":
            places = {name: place for name, (place, _) in row.cells.items()}
            problems.extend(_column_problems(tuple(row.cells), places, row.number, skip))
        record, row_problems = _record(row, skip)
        duplicate = _unique(record, row, seen, table.unit) if "record_id" in record else None
        problems.extend([*row_problems, duplicate] if duplicate else row_problems)
        if "record_id" in record and not duplicate:
            identified.append((row, record))
        complete = all(field in record for field in REQUIRED)  # else reported as missing
        if complete and not row_problems and not duplicate:
            records.append(_ordered(record))
    problems.extend(_link_problems(identified, seen))
    if not table.rows and not problems:
        problems.append(Problem(0, None, f"no records: nothing below the first {table.unit}"))
    return records, sorted(problems, key=lambda problem: problem.row)


def _column_problems(
    names: tuple[str, ...],
    places: Mapping[str, str],
    row: int,
    skip: set[str],
    *,
    csv: bool = False,
) -> list[Problem]:
    """Unknown and repeated columns (or a JSON Lines line's fields), and missing ones."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    kind = "column" if csv else "field"
    for name in names:
        field = column_field(name)
        if field in skip:
            continue
        if field not in REQUIRED and field not in OPTIONAL and not field.startswith(SCOPE_PREFIX):
            problems.append(Problem(row, places[name], _unknown_column(field, kind)))
        elif field in seen:
            problems.append(Problem(row, places[name], f"{field} again (also {seen[field]})"))
        seen.setdefault(field, places[name])
    for field in REQUIRED:
        if field not in seen:
            needed = ", ".join(REQUIRED)
            problems.append(Problem(row, None, f"no {kind} {field} (needed: {needed})"))
    return problems


def _unknown_column(field: str, kind: str) -> str:
    known = [*REQUIRED, *OPTIONAL]
    close = difflib.get_close_matches(field, known, n=1)
    hint = f"did you mean {close[0]}? " if close else ""
    return f"unknown {kind} ({hint}known: {', '.join(known)}, scope.KEY; or --ignore-column)"


def _record(row: Row, skip: set[str]) -> tuple[Record, list[Problem]]:
    """The fields of the row that could be read, and the problems of the others."""
    problems: list[Problem] = []
    record: Record = {}
    cells = {column_field(name): cell for name, cell in row.cells.items()}
    for field in (*REQUIRED, "supersedes_record_id", "source"):
        if field in skip or field not in cells:
            continue
        place, cell = cells[field]
        if cell is None:  # not a text cell, already reported
            continue
        text = cell.strip() if isinstance(cell, str) else ""
        if not text:
            if field in REQUIRED:
                problems.append(Problem(row.number, place, "empty"))
            continue
        try:
            record[field] = _READERS[field](text)
        except InvalidDatasetError as error:
            problems.append(Problem(row.number, place, _without_field(str(error), field)))
    record["scope"] = _scope(cells, skip, row.number, problems)
    return record, problems


def _scope(
    cells: Mapping[str, tuple[str, Cell]], skip: set[str], number: int, problems: list[Problem]
) -> dict[str, str]:
    scope: dict[str, str] = {}
    for field, (place, cell) in cells.items():
        is_scope = field == "scope" or field.startswith(SCOPE_PREFIX)
        if field in skip or cell is None or not is_scope:
            continue
        for pair in _pairs(field, cell):
            if isinstance(pair, str):
                problems.append(Problem(number, place, pair))
                continue
            try:
                key, value = normalise_identifier(pair[0]), normalise_scope_value(pair[1])
            except InvalidClaimKeyError as error:
                problems.append(Problem(number, place, str(error)))
                continue
            if key in scope:
                problems.append(Problem(number, place, f"scope key {key} given twice"))
            scope[key] = value
    return scope


def _pairs(field: str, cell: str | dict[str, str]) -> list[tuple[str, str] | str]:
    """The (key, value) pairs in a scope cell, or a string saying what is not a pair."""
    if isinstance(cell, dict):
        return [(key, value) for key, value in cell.items() if value.strip()]
    if field != "scope":
        return [(field[len(SCOPE_PREFIX) :], cell)] if cell.strip() else []
    found: list[tuple[str, str] | str] = []
    for part in _PAIR_SEPARATORS.split(cell):
        if not part.strip():
            continue
        key, equals, value = part.partition("=")
        if not equals or not key.strip() or not value.strip():
            found.append(f"{shown(part.strip())} is not a key=value pair")
        else:
            found.append((key.strip(), value.strip()))
    return found


def _without_field(message: str, field: str) -> str:
    """The reader's message without the field's name, which the column already shows."""
    for prefix in (f"'{field}': ", f"'{field}' "):
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def _ordered(record: Record) -> Record:
    """The record's fields in the dataset's order, with a null link where none was given."""
    ordered: Record = {
        "record_id": record["record_id"],
        "entity": record["entity"],
        "attribute": record["attribute"],
        "scope": dict(sorted(record["scope"].items())),
        "value": record["value"],
        "state": record["state"],
        "effective_date": record["effective_date"],
        "supersedes_record_id": record.get("supersedes_record_id"),
    }
    if "source" in record:
        ordered["source"] = record["source"]
    return ordered


def _unique(record: Record, row: Row, seen: dict[str, Row], unit: str) -> Problem | None:
    """A problem when an earlier row has the record's ID (look-alike spellings included)."""
    record_id = record["record_id"]
    if record_id not in seen:
        seen[record_id] = row
        return None
    first = f"first on {unit} {seen[record_id].number}"
    return Problem(row.number, _place(row, "record_id"), f"duplicate {record_id} ({first})")


def _link_problems(identified: list[tuple[Row, Record]], seen: dict[str, Row]) -> list[Problem]:
    """Links to the row itself or to an ID no row has (a row with other problems still counts)."""
    problems: list[Problem] = []
    for row, record in identified:
        link = record.get("supersedes_record_id")
        place = _place(row, "supersedes_record_id")
        if link == record["record_id"]:
            problems.append(Problem(row.number, place, "supersedes itself"))
        elif link is not None and link not in seen:
            problems.append(Problem(row.number, place, f"supersedes {link}, which no row has"))
    return problems


def _place(row: Row, field: str) -> str | None:
    return next((p for name, (p, _) in row.cells.items() if column_field(name) == field), None)
