"""Source precedence: a configured order of sources settles a same-date disagreement."""

from __future__ import annotations

from tests.unit.builders import AS_OF, KEY, claim, record, resolution_of
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label
from truthexpiry.rules.resolution import resolve

BILLING_FIRST = AuthorityPolicy(precedence=("billing", "jira", "wiki"))
SAME_DAY = [
    record("R-1", "enabled", "2025-01-01", source="wiki"),
    record("R-2", "disabled", "2025-01-01", source="billing"),
]


def test_without_a_policy_a_same_date_disagreement_conflicts_and_names_each_source() -> None:
    resolution = resolution_of(SAME_DAY)

    assert resolution.status is Status.CONFLICTING
    assert "R-1 (wiki) says 'enabled'" in resolution.explanation
    assert "R-2 (billing) says 'disabled'" in resolution.explanation


def test_records_without_a_source_are_cited_as_before() -> None:
    resolution = resolution_of(
        [record("R-1", "on", "2025-01-01"), record("R-2", "off", "2025-01-01")]
    )

    assert resolution.explanation.startswith(
        "Authoritative records disagree: R-1 says 'on' and R-2"
    )


def test_the_preferred_source_wins_and_the_explanation_says_why() -> None:
    resolution = resolve(KEY, SAME_DAY, AS_OF, BILLING_FIRST)

    assert resolution.status is Status.CURRENT
    assert resolution.current_values == ("disabled",)
    assert [r.record_id for r in resolution.current] == ["R-2"]
    assert "prefers billing" in resolution.explanation
    assert "billing > jira > wiki" in resolution.explanation
    assert "R-1 (wiki) says 'enabled'" in resolution.explanation


def test_a_claim_of_the_outranked_value_is_superseded_naming_the_preferred_source() -> None:
    verdict = label(claim("enabled"), resolve(KEY, SAME_DAY, AS_OF, BILLING_FIRST))

    assert verdict.status is Status.SUPERSEDED
    assert verdict.record_ids == ("R-2",)
    assert "prefers billing" in verdict.explanation
    assert "since superseded" not in verdict.explanation  # outranked, not superseded


def test_a_claim_of_the_preferred_value_is_current() -> None:
    verdict = label(claim("off"), resolve(KEY, SAME_DAY, AS_OF, BILLING_FIRST))

    assert verdict.status is Status.CURRENT


def test_an_entity_order_replaces_the_default_order() -> None:
    policy = AuthorityPolicy(("billing",), {KEY.entity: ("wiki", "billing")})

    assert resolve(KEY, SAME_DAY, AS_OF, policy).current_values == ("enabled",)


def test_an_order_that_ranks_none_of_the_sources_leaves_the_conflict() -> None:
    resolution = resolve(KEY, SAME_DAY, AS_OF, AuthorityPolicy(("jira",)))

    assert resolution.status is Status.CONFLICTING
    assert "ranks none of these sources" in resolution.explanation


def test_when_the_preferred_source_disagrees_with_itself_the_conflict_stays() -> None:
    records = [*SAME_DAY, record("R-3", "enabled", "2025-01-01", source="billing")]

    resolution = resolve(KEY, records, AS_OF, BILLING_FIRST)

    assert resolution.status is Status.CONFLICTING
    assert "billing records disagree among themselves" in resolution.explanation


def test_precedence_never_overrides_supersession_by_date_or_link() -> None:
    records = [
        record("R-1", "enabled", "2024-01-01", source="billing"),
        record("R-2", "disabled", "2025-01-01", source="wiki"),
    ]

    resolution = resolve(KEY, records, AS_OF, BILLING_FIRST)

    assert resolution.current_values == ("disabled",)
    assert resolution.explanation == resolution_of(records).explanation
