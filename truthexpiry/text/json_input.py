"""Decoding JSON that comes from outside (datasets, corpora, policies, evaluation cases).

`decode_json` turns bytes into a document or raises `JsonInputError` saying what is wrong in a
few words: not UTF-8 (with the line), not JSON (with line and column), nested too deeply, a
number too long to read, or a non-standard constant (`NaN`, `Infinity`). Its message never
quotes the input, so a loader can add the file's name and print it as one line.
"""

from __future__ import annotations

import json


class JsonInputError(ValueError):
    """Bytes that are not a usable JSON document; the message names the problem only, and
    `line`, `column` where it is when that is known."""

    def __init__(self, reason: str, *, line: int | None = None, column: int | None = None) -> None:
        where = f" (line {line}, column {column})" if line is not None else ""
        super().__init__(reason + where)
        self.reason = reason
        self.line = line
        self.column = column


def decode_json(data: bytes | str) -> object:
    text = data if isinstance(data, str) else utf8_text(data)
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise JsonInputError(
            f"not valid JSON: {error.msg}", line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise JsonInputError("nested too deeply to read") from None
    except JsonInputError:
        raise
    except ValueError:  # the interpreter's limit on integer digits (4,300 by default)
        raise JsonInputError("has a number with too many digits to read") from None


def utf8_text(data: bytes) -> str:
    """`data` as UTF-8 text, or `JsonInputError` naming the first bad byte and its line."""
    try:
        return data.decode("utf-8-sig")  # a byte-order mark at the start is allowed
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise JsonInputError(
            f"not UTF-8 text (byte 0x{data[error.start]:02x} on line {line})"
        ) from None


def _refuse_constant(name: str) -> object:
    raise JsonInputError(f"not valid JSON: {name} is not a JSON number")
