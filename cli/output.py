"""How a response looks on the command line: the JSON contract and the readable report."""

from __future__ import annotations

from typing import Any

from cli.time_output import as_of_line, time_json, time_lines
from truthexpiry.models.answering.requests import TruthExpiryResponse
from truthexpiry.models.answering.verdicts import Answer, Verdict
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.status import Status
from wording.change_words import DISAGREE
from wording.claim_words import claim_author
from wording.notices import notices_text
from wording.time_words import judged_on, value_label

_MARK = {
    Status.CURRENT: "✔ CURRENT",
    Status.SUPERSEDED: "✘ SUPERSEDED",
    Status.CONFLICTING: "⚠ CONFLICTING",
    Status.UNVERIFIED: "? UNVERIFIED",
}


def to_json(
    question: str, response: TruthExpiryResponse, authority: AuthorityPolicy | None = None
) -> dict[str, Any]:
    """The `--json` object of PRODUCT.md, field for field; a question about time adds
    `as_of_source`, `time`, `changes` and `upcoming`; with an authority policy, one more field,
    `authority_policy`, lists its settings."""
    answer = response.answer
    policy = {} if authority is None else {"authority_policy": list(authority.summary())}
    return {
        "question": question,
        "as_of": response.as_of.isoformat(),
        "verdicts": [_verdict_json(v) for v in response.verdicts],
        "answer": None
        if answer is None
        else {
            "claim_key": answer.key.canonical,
            "current_values": list(answer.current_values),
            "record_ids": list(answer.record_ids),
        },
        "notice": notices_text(response.notices),
        **time_json(response),
        **policy,
    }


def _verdict_json(verdict: Verdict) -> dict[str, Any]:
    message = verdict.claim.message
    return {
        "source": verdict.claim.source.value,
        "message_ts": message.message_ts if message else None,
        "permalink": message.permalink if message else None,
        "claim_key": verdict.key.canonical,
        "stated_value": verdict.claim.stated_value,
        "status": verdict.status.value,
        "current_values": list(verdict.current_values),
        "record_ids": list(verdict.record_ids),
        "explanation": verdict.explanation,
    }


def to_text(
    question: str, response: TruthExpiryResponse, authority: AuthorityPolicy | None = None
) -> str:
    lines = [f"Question: {question}", as_of_line(response)]
    if authority is not None:
        lines.append(f"Policy:   {'; '.join(authority.summary())}")
    lines.append("")
    on = judged_on(response)
    label = value_label(on)
    for answer in response.answers:
        lines += _answer_lines(answer, on)
    for verdict in response.question_verdicts:
        lines += _verdict_lines(verdict, claim_author(verdict.claim), on, label)
    lines += time_lines(response)
    found = response.message_verdicts
    if found:
        about = [v for v in found if response.is_about_the_question(v)]
        stale = sum(v.status is Status.SUPERSEDED for v in about)
        others = len(found) - len(about)
        lines.append(
            f"{response.messages_searched} message(s) found; {len(about)} claim(s) about this "
            f"in them, {stale} stale"
            + (f"; {others} about related attributes" if others else "")
            + ":"
        )
        for verdict in found:
            lines += _verdict_lines(verdict, "Message", on, label, indent="  ")
    elif response.messages_searched:
        lines.append(
            f"{response.messages_searched} message(s) found; none states a checkable claim."
        )
    if notice := notices_text(response.notices):
        lines += ["", f"Note: {notice}"]
    return "\n".join(lines).rstrip() + "\n"


def _answer_lines(answer: Answer, on: str | None) -> list[str]:
    """The answer; `on`: the date judged on, when it is not today."""
    records = f"  [{', '.join(answer.record_ids)}]" if answer.record_ids else ""
    if answer.status is Status.CONFLICTING:
        value = " or ".join(answer.current_values) + f" ({DISAGREE})"
    else:
        value = ", ".join(answer.current_values) or "not known"
    return [
        f"Answer: {_heading(answer.subject, answer.key)} "
        f"{f'on {on} was' if on and answer.current_values else 'is'} {value}{records}",
        f"  {answer.explanation}",
        *_timeline(answer.timeline, "  "),
        "",
    ]


def _verdict_lines(
    verdict: Verdict, who: str, on: str | None, label: str, indent: str = ""
) -> list[str]:
    """The verdict; `on`: the date judged on, when it is not today; `label`: what its values
    are called ("Current value", or "Value on <date>": `value_label`)."""
    message = verdict.claim.message
    judged = f" (judged on {on})" if on else ""
    if verdict.planned is not None:
        judged += f" today; {verdict.planned.record_id} plans the value stated for then"
    lines = [
        f"{indent}{_MARK[verdict.status]}{judged}  {_heading(verdict.subject, verdict.key)}",
        f"{indent}  {who} says: {verdict.claim.stated_value}",
    ]
    if message and message.permalink:
        lines.append(f"{indent}  Link: {message.permalink}")
    if verdict.current_values:
        lines.append(
            f"{indent}  {label}: "
            f"{', '.join(verdict.current_values)}  "
            f"[{', '.join(verdict.record_ids) or 'no record'}]"
        )
    lines.append(f"{indent}  {verdict.explanation}")
    if message is None:
        lines += _timeline(verdict.timeline, indent + "  ")
    return [*lines, ""]


def _heading(subject: str, key: ClaimKey) -> str:
    if not subject:
        return key.describe()
    return " · ".join([subject, *(f"{k}={v}" for k, v in key.scope)])


def _timeline(records: tuple[LifecycleRecord, ...], indent: str) -> list[str]:
    if not records:
        return []
    return [f"{indent}History:"] + [
        f"{indent}  {r.effective_date.isoformat()}  {r.record_id:<10} {r.state.value:<9} {r.value}"
        for r in records
    ]
