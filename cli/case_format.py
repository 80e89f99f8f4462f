"""The evaluation case format (one JSON object per line), checked before any case runs.

    {"id", "question", "as_of", "messages": [message...], "authority_policy"?: {...},
     "expect": {"question": {"claim_key", "status", "current_values"?} | "NO_CLAIM" | null,
                "answer": {"claim_key", "current_values"} | null,
                "messages": {"<message_ts>": "STATUS"} | null,
                "changes", "upcoming", "as_of", "as_of_source": see `cli/time_cases.py`}}

`case_problems` names everything wrong with one decoded case, so that `eval` stops with one line
naming the file and line rather than crashing halfway through a run. Other keys are allowed
(notes for people, such as `known_bug`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from adapters.authority.policy_file import parse_authority_policy
from adapters.offline.search import parse_messages
from cli.time_cases import time_expect_problems
from truthexpiry.models.errors import InvalidAuthorityPolicyError, InvalidMessagesError
from truthexpiry.models.status import Status

_STATUSES = frozenset(s.value for s in Status)
_STATUS_LIST = ", ".join(s.value for s in Status)


def case_problems(case: object) -> list[str]:
    if not isinstance(case, dict):
        return ["a case must be a JSON object"]
    problems: list[str] = []
    case_id = case.get("id")
    if case_id is not None and (isinstance(case_id, bool) or not isinstance(case_id, str | int)):
        problems.append("'id' must be a string")
    question = case.get("question")
    if not isinstance(question, str) or not question.strip():
        problems.append("a case needs a 'question' string")
    _check_as_of(case.get("as_of"), problems)
    _check_messages(case.get("messages", []), problems)
    if "authority_policy" in case:
        try:
            parse_authority_policy(case["authority_policy"])
        except InvalidAuthorityPolicyError as error:
            problems.append(f"'authority_policy': {error}")
    _check_expect(case.get("expect"), problems)
    return problems


def _check_as_of(as_of: object, problems: list[str]) -> None:
    if as_of is None:
        return
    if isinstance(as_of, str):
        try:
            date.fromisoformat(as_of)
        except ValueError:
            pass
        else:
            return
    problems.append("'as_of' must be a YYYY-MM-DD date or null")


def _check_messages(messages: object, problems: list[str]) -> None:
    try:
        parse_messages(messages)
    except InvalidMessagesError as error:
        problems.append(f"'messages': {error}")


def _check_expect(expect: object, problems: list[str]) -> None:
    if expect is None:
        return
    if not isinstance(expect, Mapping):
        problems.append("'expect' must be an object or null")
        return
    question = expect.get("question")
    if question is not None and question != "NO_CLAIM":
        _check_expected_claim(question, "expect.question", problems, status=True)
    if expect.get("answer") is not None:
        _check_expected_claim(expect["answer"], "expect.answer", problems, status=False)
    statuses = expect.get("messages")
    if statuses is not None and not (
        isinstance(statuses, Mapping) and all(_is_status(s) for s in statuses.values())
    ):
        problems.append(f"'expect.messages' must map message_ts to one of {_STATUS_LIST}")
    problems.extend(time_expect_problems(expect))


def _check_expected_claim(
    expected: object, where: str, problems: list[str], *, status: bool
) -> None:
    if not isinstance(expected, Mapping):
        shape = 'an object, "NO_CLAIM" or null' if status else "an object or null"
        problems.append(f"'{where}' must be {shape}")
        return
    if not isinstance(expected.get("claim_key", ""), str | None):
        problems.append(f"'{where}.claim_key' must be a string")
    if status and expected.get("status") is not None and not _is_status(expected["status"]):
        problems.append(f"'{where}.status' must be one of {_STATUS_LIST}")
    values = expected.get("current_values", [])
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        problems.append(f"'{where}.current_values' must be a list of strings")


def _is_status(value: object) -> bool:
    return isinstance(value, str) and value in _STATUSES
