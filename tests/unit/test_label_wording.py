"""`label(..., wording=...)`: the explanation is worded last, from the verdict's final status and
reason, and the verdict is otherwise the one `label` makes without it."""

from __future__ import annotations

from dataclasses import replace

from tests.unit.builders import claim, record, resolution_of
from truthexpiry.models.answering.verdicts import UnverifiedReason
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label
from truthexpiry.rules.owners import OwnerWord

RECORDS = [record("R-1", "enabled", "2024-01-01"), record("R-2", "disabled", "2024-06-01")]


def test_without_wording_a_verdict_keeps_its_explanation() -> None:
    plain = label(claim("enabled"), resolution_of(RECORDS))

    worded = label(claim("enabled"), resolution_of(RECORDS), wording=lambda s, r, e: e)

    assert worded == plain


def test_wording_replaces_only_the_explanation() -> None:
    plain = label(claim("enabled"), resolution_of(RECORDS))
    seen: list[tuple[Status, UnverifiedReason | None, str]] = []

    def worded(status: Status, reason: UnverifiedReason | None, explanation: str) -> str:
        seen.append((status, reason, explanation))
        return "Worded."

    verdict = label(claim("enabled"), resolution_of(RECORDS), wording=worded)

    assert seen == [(Status.SUPERSEDED, None, plain.explanation)]
    assert verdict == replace(plain, explanation="Worded.")


def test_wording_comes_after_the_owner_word() -> None:
    owners = OwnerWord(claim_is_evidence=True)
    plain = label(claim("enabled"), resolution_of(RECORDS), owners=owners)

    verdict = label(
        claim("enabled"), resolution_of(RECORDS), owners=owners, wording=lambda s, r, e: e + "!"
    )

    assert verdict.explanation == plain.explanation + "!"


def test_wording_is_told_why_a_claim_is_unverified() -> None:
    seen: list[UnverifiedReason | None] = []

    def worded(status: Status, reason: UnverifiedReason | None, explanation: str) -> str:
        seen.append(reason)
        return explanation

    label(claim("enabled"), resolution_of([]), wording=worded)

    assert seen == [UnverifiedReason.NO_RECORDS]
