"""Owner confirmation through the pipeline: an owner's word counts only where the policy says,
only when no authoritative record decides the key, and never against a record."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest

from bootstrap import build_pipeline
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock
from tests.unit.builders import KEY, record
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.records.authority import AuthorityPolicy, OwnerRule
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.status import Status

TODAY = date(2026, 11, 30)
TEN_DAYS_AGO = str(datetime(2026, 11, 20, 12, tzinfo=UTC).timestamp())
OWNERS = AuthorityPolicy(
    owners=(
        OwnerRule(
            "report_export", "availability", frozenset({"U0OWNER"}), frozenset({"C0PROD"}), 30
        ),
    )
)
PLANNED_ONLY = (record("R-1", "enabled", "2026-01-01", state=LifecycleState.PLANNED),)
SHIPPED_OFF = (record("R-1", "disabled", "2026-01-01"),)
OWNER_SAYS_ON = SearchMessage(
    TEN_DAYS_AGO,
    "C0PROD",
    "product",
    "U0OWNER",
    "Olu",
    "Report export is available on Starter, I checked with billing myself.",
    "https://example.slack.com/archives/C0PROD/p1",
)


def run(
    question: str,
    records: tuple[LifecycleRecord, ...],
    *messages: SearchMessage,
    policy: AuthorityPolicy | None = OWNERS,
) -> TruthExpiryResponse:
    pipeline = build_pipeline(
        search=FakeMessageSearch(list(messages)),
        evidence=FakeLifecycleEvidence(records),
        clock=FixedClock(TODAY),
        authority=policy,
    )
    return pipeline.run(TruthExpiryRequest(question))


def test_an_owner_confirms_a_value_no_authoritative_record_decides() -> None:
    response = run("Is report export available on Starter?", PLANNED_ONLY, OWNER_SAYS_ON)

    [question] = response.question_verdicts
    assert question.status is Status.CURRENT
    assert question.current_values == ("enabled",)
    assert question.record_ids == ()
    assert "Confirmed by owner" in question.explanation
    assert "https://example.slack.com/archives/C0PROD/p1" in question.explanation
    assert response.message_verdicts[0].status is Status.CURRENT


def test_nothing_of_the_owner_message_text_is_kept() -> None:
    response = run("Is report export available on Starter?", PLANNED_ONLY, OWNER_SAYS_ON)

    for verdict in response.verdicts:
        assert "billing myself" not in verdict.explanation
        assert "Olu" not in verdict.explanation


def test_an_owner_confirms_the_answer_to_a_value_question() -> None:
    response = run("Tell me about report export on Starter.", PLANNED_ONLY, OWNER_SAYS_ON)

    assert response.answer is not None
    assert response.answer.status is Status.CURRENT
    assert response.answer.current_values == ("enabled",)


@pytest.mark.parametrize(
    "elsewhere",
    [
        {"channel_id": "C0RANDOM"},
        {"author_user_id": "U0SOMEONE"},
        {"message_ts": str(datetime(2026, 9, 1, tzinfo=UTC).timestamp())},  # before the window
        {"message_ts": str(datetime(2026, 12, 5, tzinfo=UTC).timestamp())},  # after the as-of date
        {"message_ts": "not-a-timestamp"},
    ],
    ids=["other channel", "not an owner", "too old", "after as-of", "bad timestamp"],
)
def test_owner_evidence_outside_its_channel_window_or_owner_list_is_ignored(
    elsewhere: dict[str, str],
) -> None:
    moved = replace(
        OWNER_SAYS_ON,
        channel_id=elsewhere.get("channel_id", OWNER_SAYS_ON.channel_id),
        author_user_id=elsewhere.get("author_user_id", OWNER_SAYS_ON.author_user_id),
        message_ts=elsewhere.get("message_ts", OWNER_SAYS_ON.message_ts),
    )
    response = run("Is report export available on Starter?", PLANNED_ONLY, moved)

    assert response.question_verdicts[0].status is Status.UNVERIFIED
    assert "Confirmed by owner" not in response.question_verdicts[0].explanation


def test_without_a_policy_an_owner_message_confirms_nothing() -> None:
    response = run(
        "Is report export available on Starter?", PLANNED_ONLY, OWNER_SAYS_ON, policy=None
    )

    assert response.question_verdicts[0].status is Status.UNVERIFIED


def test_owner_evidence_never_beats_an_authoritative_record() -> None:
    response = run("Is report export available on Starter?", SHIPPED_OFF, OWNER_SAYS_ON)

    [question] = response.question_verdicts
    [message] = response.message_verdicts
    assert question.status is Status.SUPERSEDED
    assert question.current_values == ("disabled",)
    assert message.status is Status.SUPERSEDED
    assert "never overrides an authoritative lifecycle record" in message.explanation


def test_a_claim_that_differs_from_the_owner_stays_unverified() -> None:
    response = run("Is report export disabled on Starter?", PLANNED_ONLY, OWNER_SAYS_ON)

    [question] = response.question_verdicts
    assert question.status is Status.UNVERIFIED
    assert "never supersede" in question.explanation


def test_owners_who_disagree_confirm_nothing() -> None:
    says_off = replace(
        OWNER_SAYS_ON, content="Report export is turned off for Starter.", permalink="p2"
    )

    response = run("Is report export available on Starter?", PLANNED_ONLY, OWNER_SAYS_ON, says_off)

    assert response.question_verdicts[0].status is Status.UNVERIFIED
    assert "Owners stated different values" in response.question_verdicts[0].explanation


def test_an_entity_rule_covers_every_attribute_and_the_attribute_rule_wins() -> None:
    entity_rule = OwnerRule(
        "report_export", None, frozenset({"U0OTHER"}), frozenset({"C0PROD"}), 30
    )
    policy = AuthorityPolicy(owners=(entity_rule, *OWNERS.owners))

    assert policy.owner_rule_for(KEY) == OWNERS.owners[0]
    assert AuthorityPolicy(owners=(entity_rule,)).owner_rule_for(KEY) == entity_rule
