"""Evaluation cases (one JSON object per line, PRODUCT.md format) run against the pipeline.

Each case brings its own search corpus and as-of date; all cases share one dataset. A case may
add an `authority_policy` object (the policy file's format), which replaces the policy given
for the whole run.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from adapters.authority.policy_file import check_against, parse_authority_policy
from adapters.offline.search import parse_messages
from bootstrap import build_pipeline, corpus_search, dataset_evidence
from cli.case_format import case_problems
from cli.time_cases import check_time
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.answering.verdicts import Verdict
from truthexpiry.models.errors import TruthExpiryError
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.ports import ClaimExtractor, LifecycleEvidence
from truthexpiry.text.json_input import JsonInputError, decode_json, utf8_text

MAX_REPORTED = 50


class InvalidCaseError(TruthExpiryError):
    """An evaluation case that does not follow the case format."""


@dataclass(frozen=True, slots=True)
class CaseResult:
    case_id: str
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.failures


def load_cases(path: Path) -> list[dict[str, Any]]:
    """The cases in the file at `path`, each checked against the case format; else
    `InvalidCaseError` naming the file and every bad line (the first `MAX_REPORTED`)."""
    try:
        text = utf8_text(path.read_bytes())
    except OSError as error:
        raise InvalidCaseError(f"cannot read cases {path}: {error.strerror}") from None
    except JsonInputError as error:
        raise InvalidCaseError(f"{path}: {error}") from None
    cases: list[dict[str, Any]] = []
    problems: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            case = decode_json(line)
        except JsonInputError as error:
            column = f", column {error.column}" if error.column is not None else ""
            problems.append(f"line {number}{column}: {error.reason}")
            continue
        bad = case_problems(case)
        problems.extend(f"line {number}: {problem}" for problem in bad)
        if isinstance(case, dict) and not bad:
            cases.append(case)
    if problems:
        more = len(problems) - MAX_REPORTED
        listed = "; ".join(problems[:MAX_REPORTED]) + (f"; and {more} more" if more > 0 else "")
        raise InvalidCaseError(f"{path}: {listed}")
    return cases


def run_cases(
    cases: list[dict[str, Any]],
    evidence: LifecycleEvidence | LifecycleRecordRepository,
    extractor: ClaimExtractor | None = None,
    authority: AuthorityPolicy | None = None,
) -> Iterator[CaseResult]:
    """Run each case through a pipeline the composition root builds, with the case's corpus and
    the shared evidence (a repository is read in this process), under the case's authority
    policy or `authority`; the rules read the claims unless `extractor` is given."""
    if isinstance(evidence, LifecycleRecordRepository):
        evidence = dataset_evidence(evidence)
    for number, case in enumerate(cases, start=1):
        case_id = str(case.get("id", f"case-{number}"))
        try:
            as_of = date.fromisoformat(case["as_of"]) if case.get("as_of") else None
            search = corpus_search(parse_messages(case.get("messages", [])))
            policy = _case_policy(case, evidence, authority)
        except (TruthExpiryError, ValueError, TypeError) as error:
            yield CaseResult(case_id, (f"invalid case: {error}",))
            continue
        pipeline = build_pipeline(
            search=search, evidence=evidence, extractor=extractor, authority=policy
        )
        response = pipeline.run(TruthExpiryRequest(case["question"], as_of=as_of))
        yield CaseResult(case_id, tuple(check(case.get("expect") or {}, response)))


def _case_policy(
    case: Mapping[str, Any], evidence: LifecycleEvidence, default: AuthorityPolicy | None
) -> AuthorityPolicy | None:
    if "authority_policy" not in case:
        return default
    return check_against(parse_authority_policy(case["authority_policy"]), evidence.catalog())


def check(expect: Mapping[str, Any], response: TruthExpiryResponse) -> Iterator[str]:
    yield from _check_question(expect.get("question"), response)
    yield from _check_answer(expect.get("answer"), response)
    for ts, status in (expect.get("messages") or {}).items():
        got = _message_status(ts, response, expect)
        if got != status:
            yield f"message {ts}: expected {status}, got {got or 'no verdict'}"
    yield from check_time(expect, response)


def _check_question(expected: Any, response: TruthExpiryResponse) -> Iterator[str]:
    verdicts = response.question_verdicts
    if expected is None:
        return
    if expected == "NO_CLAIM":
        if verdicts:
            yield f"question: expected NO_CLAIM, got {verdicts[0].key} {verdicts[0].status}"
        return
    key = expected.get("claim_key")
    matching = [v for v in verdicts if key is None or v.key.canonical == key]
    if not matching:
        got = ", ".join(f"{v.key} {v.status}" for v in verdicts) or "no claim"
        yield f"question: expected {key or 'a claim'}, got {got}"
        return
    verdict = matching[0]
    if expected.get("status") and verdict.status != expected["status"]:
        yield f"question: expected {expected['status']}, got {verdict.status}"
    if "current_values" in expected and sorted(verdict.current_values) != sorted(
        expected["current_values"]
    ):
        yield (
            f"question: expected values {expected['current_values']}, got "
            f"{list(verdict.current_values)}"
        )


def _check_answer(expected: Any, response: TruthExpiryResponse) -> Iterator[str]:
    if not expected:
        return
    answer = response.answer
    if answer is None:
        yield "answer: expected an answer, got none"
        return
    if expected.get("claim_key") and answer.key.canonical != expected["claim_key"]:
        yield f"answer: expected {expected['claim_key']}, got {answer.key}"
    if "current_values" in expected and sorted(answer.current_values) != sorted(
        expected["current_values"]
    ):
        yield f"answer: expected {expected['current_values']}, got {list(answer.current_values)}"


def _message_status(
    ts: str, response: TruthExpiryResponse, expect: Mapping[str, Any]
) -> str | None:
    """A message's status; when it states several claims, the one about the question's key."""
    verdicts = [
        v for v in response.message_verdicts if v.claim.message and v.claim.message.message_ts == ts
    ]
    focus = {
        (e or {}).get("claim_key")
        for e in (expect.get("question"), expect.get("answer"))
        if isinstance(e, dict)
    }
    focused = [v for v in verdicts if v.key.canonical in focus] or verdicts
    statuses = {v.status.value for v in focused}
    return statuses.pop() if len(statuses) == 1 else _describe(focused)


def _describe(verdicts: list[Verdict]) -> str | None:
    return " / ".join(f"{v.key} {v.status}" for v in verdicts) or None
