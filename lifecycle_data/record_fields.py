"""Readers for the fields of one dataset record; each raises `InvalidDatasetError` saying what
is wrong with its field, quoting at most a few dozen characters of the input.

Record IDs (and links to them) are NFKC-normalised and must then be printable ASCII, so that
`LC-100` in full-width letters is a duplicate of `LC-100`, and `LC-100` with a Cyrillic `C` or a
zero-width space is refused instead of printing exactly like it. Entities, attributes and scope
are held to the identifier rules of `truthexpiry.models.records.claim_key`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from truthexpiry.models.errors import InvalidClaimKeyError, InvalidDatasetError
from truthexpiry.models.records.claim_key import ClaimKey, normalise_identifier
from truthexpiry.models.records.lifecycle import DEFAULT_SOURCE, LifecycleState
from truthexpiry.models.records.unicode_text import identifier_problem, nfkc, plain_or_shown, shown

FIELDS = frozenset(
    {
        "record_id",
        "entity",
        "attribute",
        "scope",
        "value",
        "state",
        "effective_date",
        "supersedes_record_id",
        "source",
    }
)
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_PRINTABLE_ASCII = re.compile(r"^[\x20-\x7e]+$")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMES_SHOWN = 5


def describe(value: object) -> str:
    """What a JSON value is, for a message: a short quotation of a string, else its kind."""
    if isinstance(value, str):
        return shown(value, 30)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    kinds = {int: "a number", float: "a number", list: "a list", dict: "an object"}
    return kinds.get(type(value), "a value")


def unknown_fields(raw: Mapping[str, Any]) -> None:
    if raw.keys() <= FIELDS:
        return
    unknown = sorted(set(raw) - FIELDS)
    names = ", ".join(plain_or_shown(name) for name in unknown[:_NAMES_SHOWN])
    more = len(unknown) - _NAMES_SHOWN
    names += f" and {more} more" if more > 0 else ""
    raise InvalidDatasetError(f"unknown field(s) {names}")


def record_id(value: object, field: str = "record_id") -> str:
    """A record ID as it is compared: stripped, NFKC, printable ASCII."""
    text = nfkc(value).strip() if isinstance(value, str) else ""
    if not text:
        raise InvalidDatasetError(f"'{field}' must be a non-empty string")
    if not _PRINTABLE_ASCII.match(text):
        quoted = "" if field == "record_id" else f" {shown(text)}"  # the record's name shows it
        raise InvalidDatasetError(
            f"'{field}'{quoted} must be printable ASCII: look-alike letters from other scripts "
            "and invisible characters are not allowed"
        )
    return text


def link(raw: Mapping[str, Any]) -> str | None:
    value = raw.get("supersedes_record_id")
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InvalidDatasetError("'supersedes_record_id' must be a string or null")
    return record_id(value, "supersedes_record_id")


def text(raw: Mapping[str, Any], field: str) -> str:
    value = raw.get(field)
    stripped = value.strip() if isinstance(value, str) else ""
    if not stripped:
        raise InvalidDatasetError(f"'{field}' must be a non-empty string")
    if not stripped.isascii() and _SURROGATE.search(stripped):
        raise InvalidDatasetError(f"'{field}' is not valid Unicode text (a lone surrogate)")
    return stripped


def source(raw: Mapping[str, Any]) -> str:
    if "source" not in raw:
        return DEFAULT_SOURCE
    name = nfkc(text(raw, "source")).lower()
    problem = identifier_problem(name)
    if problem is not None:
        raise InvalidDatasetError(f"'source' {shown(name)} {problem}")
    return name


def identifier(raw: Mapping[str, Any], field: str) -> str:
    """`entity` or `attribute`, checked on its own (to list each problem of a bad record)."""
    try:
        return normalise_identifier(text(raw, field))
    except InvalidClaimKeyError as error:
        raise InvalidDatasetError(f"'{field}': {error}") from None


def scope_of(raw: Mapping[str, Any]) -> Mapping[str, str]:
    scope = raw.get("scope")
    if not isinstance(scope, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in scope.items()
    ):
        raise InvalidDatasetError("'scope' must be an object of strings")
    return scope


def key(raw: Mapping[str, Any]) -> ClaimKey:
    entity, attribute, scope = text(raw, "entity"), text(raw, "attribute"), scope_of(raw)
    try:
        return ClaimKey.of(entity, attribute, scope)
    except InvalidClaimKeyError as error:
        raise InvalidDatasetError(str(error)) from None


def scope_problem(raw: Mapping[str, Any]) -> None:
    """The scope checked on its own (to list each problem of a bad record)."""
    try:
        ClaimKey.of("a", "a", scope_of(raw))
    except InvalidClaimKeyError as error:
        raise InvalidDatasetError(f"'scope': {error}") from None


def state(value: object) -> LifecycleState:
    if isinstance(value, str):
        try:
            return LifecycleState(value.strip().upper())
        except ValueError:
            pass
    allowed = ", ".join(s.value for s in LifecycleState)
    raise InvalidDatasetError(f"unknown state {describe(value)} (allowed: {allowed})")


def effective_date(value: object) -> date:
    if isinstance(value, str) and _ISO_DATE.match(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise InvalidDatasetError(f"'effective_date' {describe(value)} is not a YYYY-MM-DD date")
