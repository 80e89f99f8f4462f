"""What an evaluation case may expect of a question about time, checked before any case runs
and then against the response:

    "expect": {"changes": [{"claim_key", "from_values", "to_values", "record_id",
                            "effective_date"?}] | null,
               "upcoming": [{"claim_key", "record_id", "state"?, "value"?}] | null,
               "as_of": "YYYY-MM-DD" | null, "as_of_source": "question" | "option" | null,
               "unknown_scope": ["key=value" | "value"] | null}

`changes` and `upcoming` are compared as sets, in any order: every transition (record) the
response lists must be expected and every one expected must be listed; values compare in any
order. An empty list expects none. A question that asks nothing about time lists none.
`unknown_scope` is compared as a set too: the scope values the question names that no record
has (a change question about them lists nothing and says so); an entry without `=` is a value
under any key, or under none the question named.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import date
from typing import Any

from cli.time_output import change_json, scope_json, upcoming_json
from truthexpiry.models.answering.requests import TruthExpiryResponse
from truthexpiry.models.records.lifecycle import LifecycleState
from truthexpiry.models.time.periods import AsOfSource

_SOURCE_VALUES = frozenset(s.value for s in AsOfSource)
_SOURCES = ", ".join(s.value for s in AsOfSource)
_STATES = frozenset(s.value for s in LifecycleState)
_CHANGE_FIELDS = ("claim_key", "from_values", "to_values", "record_id")
_UPCOMING_FIELDS = ("claim_key", "record_id")
_OPTIONAL = frozenset({"effective_date", "state", "value"})


def time_expect_problems(expect: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    changes = expect.get("changes")
    if changes is not None and not (
        isinstance(changes, list) and all(_is_change(c) for c in changes)
    ):
        problems.append(
            "'expect.changes' must be a list of {claim_key, from_values, to_values, record_id, "
            "effective_date?} (values lists of strings, record_id a string or null)"
        )
    coming = expect.get("upcoming")
    if coming is not None and not (
        isinstance(coming, list) and all(_is_upcoming(c) for c in coming)
    ):
        problems.append(
            "'expect.upcoming' must be a list of {claim_key, record_id, state?, value?}"
        )
    if expect.get("as_of") is not None and not _is_date(expect["as_of"]):
        problems.append("'expect.as_of' must be a YYYY-MM-DD date or null")
    unknown = expect.get("unknown_scope")
    if unknown is not None and not _strings(unknown):
        problems.append("'expect.unknown_scope' must be a list of strings (key=value or value)")
    source = expect.get("as_of_source")
    if source is not None and not (isinstance(source, str) and source in _SOURCE_VALUES):
        problems.append(f"'expect.as_of_source' must be one of {_SOURCES}")
    return problems


def check_time(expect: Mapping[str, Any], response: TruthExpiryResponse) -> Iterator[str]:
    if expect.get("as_of") is not None and response.as_of.isoformat() != expect["as_of"]:
        yield f"as_of: expected {expect['as_of']}, got {response.as_of.isoformat()}"
    source = expect.get("as_of_source")
    if source is not None and response.as_of_source.value != source:
        yield f"as_of_source: expected {source}, got {response.as_of_source.value}"
    report = response.time
    wanted = [name for name in ("changes", "upcoming") if expect.get(name) is not None]
    if wanted and report is not None and report.unavailable:
        yield f"{' and '.join(wanted)}: the records could not be listed"
        return
    if expect.get("changes") is not None:
        listed = [] if report is None else [change_json(t) for t in report.changes]
        yield from _compare("changes", expect["changes"], listed)
    if expect.get("upcoming") is not None:
        listed = [] if report is None else [upcoming_json(u) for u in report.upcoming]
        yield from _compare("upcoming", expect["upcoming"], listed)
    if expect.get("unknown_scope") is not None:
        named = [] if report is None else [(k, scope_json(k, v)) for k, v in report.unknown_scope]
        yield from _compare_unknown(expect["unknown_scope"], named)


def _compare_unknown(expected: list[str], named: list[tuple[str, str]]) -> Iterator[str]:
    left = list(named)
    for item in expected:
        match = next((n for n in left if item in (n[1], n[1].rpartition("=")[2])), None)
        if match is None:
            yield f"unknown_scope: expected {item}, not named"
        else:
            left.remove(match)
    for _, shown in left:
        yield f"unknown_scope: named {shown}, not expected"


def _compare(
    name: str, expected: list[dict[str, Any]], listed: list[dict[str, Any]]
) -> Iterator[str]:
    left = list(listed)
    missing = []
    for item in expected:
        match = next((got for got in left if _agrees(item, got)), None)
        if match is None:
            missing.append(item)
        else:
            left.remove(match)
    for item in missing:
        yield f"{name}: expected {_shown(item)}, not listed"
    for got in left:
        yield f"{name}: listed {_shown(got)}, not expected"


def _agrees(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """Every field the expectation names agrees (lists of values in any order)."""
    for field, value in expected.items():
        if field not in got or (value is None and field in _OPTIONAL):
            continue  # not checked, or a note for people
        have = got[field]
        if isinstance(value, list) and sorted(value) != sorted(have):
            return False
        if not isinstance(value, list) and value != have:
            return False
    return True


def _shown(item: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in item.items())


def _is_change(item: object) -> bool:
    if not isinstance(item, Mapping) or any(f not in item for f in _CHANGE_FIELDS):
        return False
    return (
        isinstance(item["claim_key"], str)
        and _strings(item["from_values"])
        and _strings(item["to_values"])
        and isinstance(item["record_id"], str | None)
        and (item.get("effective_date") is None or _is_date(item["effective_date"]))
    )


def _is_upcoming(item: object) -> bool:
    if not isinstance(item, Mapping) or any(f not in item for f in _UPCOMING_FIELDS):
        return False
    return (
        isinstance(item["claim_key"], str)
        and isinstance(item["record_id"], str)
        and (item.get("state") is None or _is_state(item["state"]))
        and isinstance(item.get("value", ""), str | None)
    )


def _is_state(state: object) -> bool:
    return isinstance(state, str) and state in _STATES


def _strings(values: object) -> bool:
    return isinstance(values, list) and all(isinstance(v, str) for v in values)


def _is_date(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True
