"""`with_additions`: what the rules read stays; a grounded proposal is added unless it gives the
same text another value for a key the rules read there."""

from __future__ import annotations

from truthexpiry.grounding.additions import with_additions
from truthexpiry.grounding.proposals import DropReason
from truthexpiry.models.answering.claims import Claim, ClaimSource, Extraction, ValueQuery
from truthexpiry.models.answering.messages import MessageRef

STARTER = (("plan", "starter"),)
TEAM = (("plan", "team"),)
ONE = MessageRef("1.1", "C0")
TWO = MessageRef("2.2", "C0")


def _said(
    value: str, message: MessageRef | None = ONE, scope: tuple[tuple[str, str], ...] = STARTER
) -> Claim:
    source = ClaimSource.QUESTION if message is None else ClaimSource.MESSAGE
    return Claim("report_export", "availability", scope, value, source, message)


RULES = Extraction(
    question_claims=(_said("enabled", None),),
    value_queries=(ValueQuery("api_rate_limit", "max_requests", STARTER),),
    message_claims=(_said("enabled"), _said("disabled", TWO)),
    topics=("report_export",),
)


def test_a_model_that_proposes_nothing_removes_nothing() -> None:
    dropped: list[DropReason] = []

    assert with_additions(RULES, Extraction(), dropped) == RULES
    assert dropped == []


def test_a_proposal_the_rules_also_read_is_kept_once() -> None:
    dropped: list[DropReason] = []

    merged = with_additions(RULES, RULES, dropped)

    assert merged == RULES
    assert dropped == []


def test_another_value_for_a_key_the_rules_read_in_the_same_text_is_dropped_and_counted() -> None:
    dropped: list[DropReason] = []
    grounded = Extraction(
        question_claims=(_said("disabled", None),),
        message_claims=(_said("disabled"), _said("enabled", TWO)),
    )

    merged = with_additions(RULES, grounded, dropped)

    assert merged == RULES
    assert dropped == [DropReason.CONTRADICTS_RULES] * 3


def test_claims_the_rules_did_not_read_are_added_after_theirs() -> None:
    dropped: list[DropReason] = []
    other_scope = _said("disabled", scope=TEAM)  # same message, another key
    elsewhere = _said("disabled", MessageRef("3.3", "C0"))  # same key, another message
    query = ValueQuery("dark_mode", "availability", STARTER)
    grounded = Extraction(
        value_queries=(query,),
        message_claims=(other_scope, elsewhere),
        topics=("dark_mode", "report_export"),
    )

    merged = with_additions(RULES, grounded, dropped)

    assert merged.message_claims == (*RULES.message_claims, other_scope, elsewhere)
    assert merged.question_claims == RULES.question_claims
    assert merged.value_queries == (*RULES.value_queries, query)
    assert merged.topics == ("report_export", "dark_mode")
    assert dropped == []
