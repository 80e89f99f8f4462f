"""Reading a record owner's table (CSV or JSON Lines) into rows of named cells.

A CSV file's first row names the columns; its cells are separated by `,`, `;` or a tab (the one
the header row uses most; Excel's `sep=;` first line is honoured), in UTF-8 with or without a
byte-order mark, or UTF-16 with one (Excel's "Unicode Text"). Rows are numbered as a spreadsheet
numbers them: the header is row 1. Wholly empty rows and unnamed empty columns (what a
spreadsheet leaves after deleted cells) are skipped. A JSON Lines file holds one JSON object per
line; its numbers are kept as written (`2.50` stays `2.50`) and null is an empty cell.

Nothing here knows what a column means: `record_rows` reads the cells as dataset fields.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from truthexpiry.text.json_input import JsonInputError, utf8_text

CSV_DELIMITERS = (",", ";", "\t")
# A JSON Lines `scope` may be an object; None is a cell of the wrong type, already reported.
Cell = str | dict[str, str] | None


class TableError(ValueError):
    """The file cannot be read as a table at all (not text, no header row)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong, where: `row` 0 is the file as a whole; `place` names the column."""

    row: int
    place: str | None
    message: str


@dataclass(frozen=True, slots=True)
class Row:
    number: int
    cells: dict[str, tuple[str, Cell]]  # column name as written -> (where it is, the cell)


@dataclass(slots=True)
class Table:
    unit: str  # "row" (CSV) or "line" (JSON Lines), for messages
    columns: tuple[str, ...] = ()  # CSV: the header's names, in order; JSON Lines: none
    places: dict[str, str] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def table_text(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise TableError("not valid UTF-16 text") from None
    try:
        return utf8_text(data)
    except JsonInputError as error:
        raise TableError(f"{error.reason}: save it as UTF-8 (in Excel: 'CSV UTF-8')") from None


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: the column's name in a spreadsheet."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def read_csv(text: str) -> Table:
    lines = text.splitlines(keepends=True)
    delimiter = _declared_delimiter(lines[0]) if lines else None
    if delimiter is not None:
        lines = lines[1:]  # `sep=;`: Excel hides this line, so the header is still row 1
    if not lines or not lines[0].strip():
        raise TableError("the first row must name the columns")
    reader = csv.reader(lines, delimiter=delimiter or _delimiter(lines[0]))
    table = Table(unit="row")
    try:
        header = [name.strip() for name in next(reader)]
        for number, cells in _numbered(reader):
            _add_csv_row(table, header, number, cells)
    except csv.Error as error:
        table.problems.append(Problem(reader.line_num, None, f"not readable as CSV: {error}"))
    _name_columns(table, header)
    return table


def _declared_delimiter(first_line: str) -> str | None:
    line = first_line.strip().lower()
    return line[4] if len(line) == 5 and line.startswith("sep=") else None


def _delimiter(header_line: str) -> str:
    counts = {d: header_line.count(d) for d in CSV_DELIMITERS}
    best = max(CSV_DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def _numbered(reader: Iterator[list[str]]) -> Iterator[tuple[int, list[str]]]:
    for number, cells in enumerate(reader, start=2):
        if any(cell.strip() for cell in cells):
            yield number, cells


def _add_csv_row(table: Table, header: list[str], number: int, cells: list[str]) -> None:
    beyond = [i for i in range(len(header), len(cells)) if cells[i].strip()]
    if beyond:
        table.problems.append(
            Problem(
                number,
                f"column {column_letter(beyond[0])}",
                f"a value beyond the last named column ({len(header)} columns are named)",
            )
        )
    row = Row(number, {})
    for index, name in enumerate(header):
        cell = cells[index] if index < len(cells) else ""
        if not name:
            if cell.strip():
                place = f"column {column_letter(index)}"
                table.problems.append(Problem(number, place, "a value in a column with no name"))
            continue
        row.cells[name] = (_csv_place(index, name), cell)
    table.rows.append(row)


def _name_columns(table: Table, header: list[str]) -> None:
    table.columns = tuple(name for name in header if name)
    table.places = {name: _csv_place(i, name) for i, name in enumerate(header) if name}


def _csv_place(index: int, name: str) -> str:
    return f"column {column_letter(index)} ({name})"


def read_json_lines(text: str) -> Table:
    table = Table(unit="line")
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            document = json.loads(line, parse_int=str, parse_float=str, parse_constant=_refuse)
        except (ValueError, RecursionError) as error:
            if not table.rows and not table.problems and _is_whole_dataset(text):
                raise TableError(
                    "this is already a lifecycle dataset: use it with --lifecycle-data"
                ) from None
            table.problems.append(Problem(number, None, _json_problem(error)))
            continue
        if not isinstance(document, dict):
            table.problems.append(Problem(number, None, "not a JSON object"))
            continue
        row = Row(number, {})
        for name, value in document.items():
            cell = _json_cell(value)
            if cell is None:
                problem = "must be a string, a number or null"
                table.problems.append(Problem(number, f"field {name!r}", problem))
            row.cells[name] = (f"field {name!r}", cell)
        table.rows.append(row)
    return table


def _json_cell(value: object) -> Cell | None:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        return value  # a scope object, checked as one
    return None


def _json_problem(error: Exception) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not a JSON object on one line ({error.msg}, column {error.colno})"
    return "not a JSON object on one line"


def _is_whole_dataset(text: str) -> bool:
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(document, dict) and "records" in document


def _refuse(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")
