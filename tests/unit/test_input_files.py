"""Message corpora, authority policies and evaluation cases that are not what they should be:
each ends in one error of the project's own type, naming the file (and the line, for cases),
never another exception and never a long echo of the input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adapters.authority.policy_file import load_authority_policy
from adapters.offline.search import CorpusMessageSearch
from cli.evaluation import InvalidCaseError, load_cases
from truthexpiry.models.errors import InvalidAuthorityPolicyError, InvalidMessagesError

UNREADABLE = [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"[" + b"7" * 5000 + b"]", "too many digits"),
    (b'["caf\xe9"]', "not UTF-8 text (byte 0xe9 on line 1)"),
    (b"[Infinity]", "Infinity is not a JSON number"),
    (b"{", "not valid JSON"),
]
CASE = {
    "id": "c1",
    "question": "Is report export available on Starter?",
    "as_of": "2026-11-30",
    "messages": [],
    "expect": {"question": {"claim_key": "report_export|availability", "status": "CURRENT"}},
}
CHANGE = {"claim_key": "a|b", "from_values": [], "to_values": ["on"], "record_id": "R-1"}


def write(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(("content", "fragment"), UNREADABLE)
def test_an_unreadable_corpus_is_one_error_naming_the_file(
    tmp_path: Path, content: bytes, fragment: str
) -> None:
    path = write(tmp_path, "messages.json", content)

    with pytest.raises(InvalidMessagesError) as raised:
        CorpusMessageSearch.from_path(path)

    assert str(raised.value).startswith(f"{path}: ")
    assert fragment in str(raised.value)


def test_a_lone_surrogate_in_a_message_becomes_a_replacement_character(tmp_path: Path) -> None:
    corpus = [{"message_ts": "1.0", "channel_id": "C1", "content": "export \ud800 on"}]
    path = write(tmp_path, "messages.json", json.dumps(corpus).encode())

    [message] = CorpusMessageSearch.from_path(path).search("export", limit=5)

    assert message.content == "export \ufffd on"
    message.content.encode("utf-8")  # no UnicodeEncodeError


@pytest.mark.parametrize(("content", "fragment"), UNREADABLE)
def test_an_unreadable_policy_is_one_error_naming_the_file(
    tmp_path: Path, content: bytes, fragment: str
) -> None:
    path = write(tmp_path, "policy.json", content)

    with pytest.raises(InvalidAuthorityPolicyError) as raised:
        load_authority_policy(path)

    assert str(raised.value).startswith(f"authority policy {path}: ")
    assert fragment in str(raised.value)


def test_a_policy_names_its_file_and_quotes_bad_names_briefly(tmp_path: Path) -> None:
    long_name = "x" * 10_000
    policy = {"owners": {long_name: {"users": ["nobody"] * 500, "channels": ["C0PROD"]}}}
    path = write(tmp_path, "policy.json", json.dumps(policy).encode())

    with pytest.raises(InvalidAuthorityPolicyError) as raised:
        load_authority_policy(path)

    message = str(raised.value)
    assert message.startswith(f"authority policy {path}: owners.")
    assert "and 495 more" in message
    assert len(message) < 800


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"question": 7}, "a case needs a 'question' string"),
        ({"id": ["x"]}, "'id' must be a string"),
        ({"as_of": 20261130}, "'as_of' must be a YYYY-MM-DD date or null"),
        ({"as_of": "2026-02-30"}, "'as_of' must be a YYYY-MM-DD date or null"),
        ({"messages": {}}, "'messages': the messages file must hold a JSON list"),
        ({"messages": [{"message_ts": 1}]}, "'messages': message #1"),
        ({"expect": []}, "'expect' must be an object or null"),
        ({"expect": {"question": "CURRENT"}}, "'expect.question' must be an object"),
        ({"expect": {"question": {"status": ["CURRENT"]}}}, "'expect.question.status' must be"),
        ({"expect": {"question": {"claim_key": 3}}}, "'expect.question.claim_key' must be"),
        ({"expect": {"answer": {"current_values": "50"}}}, "'expect.answer.current_values'"),
        ({"expect": {"messages": {"1.0": "STALE"}}}, "'expect.messages' must map"),
        ({"expect": {"messages": ["1.0"]}}, "'expect.messages' must map"),
        ({"authority_policy": {"owners": 1}}, "'authority_policy': owners must be a JSON object"),
        ({"expect": {"changes": {}}}, "'expect.changes' must be a list of"),
        ({"expect": {"changes": [{"claim_key": "a|b"}]}}, "'expect.changes' must be a list of"),
        (
            {"expect": {"changes": [{**CHANGE, "from_values": "enabled"}]}},
            "'expect.changes' must be a list of",
        ),
        (
            {"expect": {"changes": [{**CHANGE, "effective_date": "March"}]}},
            "'expect.changes' must be a list of",
        ),
        ({"expect": {"upcoming": [{"claim_key": "a|b"}]}}, "'expect.upcoming' must be a list"),
        (
            {"expect": {"upcoming": [{"claim_key": "a|b", "record_id": "R", "state": "SOON"}]}},
            "'expect.upcoming' must be a list",
        ),
        ({"expect": {"as_of": "2026-13-01"}}, "'expect.as_of' must be a YYYY-MM-DD date"),
        ({"expect": {"as_of_source": ["question"]}}, "'expect.as_of_source' must be one of"),
    ],
)
def test_a_wrongly_typed_case_is_one_error_naming_the_file_and_line(
    tmp_path: Path, change: dict[str, Any], fragment: str
) -> None:
    lines = [json.dumps(CASE), json.dumps({**CASE, **change})]
    path = write(tmp_path, "cases.jsonl", "\n".join(lines).encode())

    with pytest.raises(InvalidCaseError) as raised:
        load_cases(path)

    assert str(raised.value).startswith(f"{path}: line 2: ")
    assert fragment in str(raised.value)


def test_every_bad_line_of_a_case_file_is_named(tmp_path: Path) -> None:
    lines = [json.dumps(CASE), "{", "[]", "", json.dumps({**CASE, "question": None}), "\xff"]
    path = write(tmp_path, "cases.jsonl", "\n".join(lines).encode("utf-8"))

    with pytest.raises(InvalidCaseError) as raised:
        load_cases(path)

    assert str(raised.value) == (
        f"{path}: line 2, column 2: not valid JSON: Expecting property name enclosed in double "
        "quotes; line 3: a case must be a JSON object; line 5: a case needs a 'question' "
        "string; line 6, column 1: not valid JSON: Expecting value"
    )


def test_a_case_file_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "cases.jsonl", json.dumps(CASE).encode() + b"\n\xff\n")

    with pytest.raises(InvalidCaseError, match=r"not UTF-8 text \(byte 0xff on line 2\)"):
        load_cases(path)


def test_well_formed_cases_load(tmp_path: Path) -> None:
    expect = {
        "question": "NO_CLAIM",
        "changes": [CHANGE],
        "upcoming": [],
        "as_of_source": "question",
    }
    other = {**CASE, "id": 2, "as_of": None, "expect": expect, "known_bug": 1}
    path = write(tmp_path, "cases.jsonl", f"{json.dumps(CASE)}\n\n{json.dumps(other)}\n".encode())

    assert [case["id"] for case in load_cases(path)] == ["c1", 2]
