"""The deterministic labeler: CURRENT, SUPERSEDED, CONFLICTING or UNVERIFIED, by the rules of
PRODUCT.md ("The deterministic rules, made precise")."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.unit.builders import (
    AS_OF,
    AUTHORITATIVE_STATES,
    KEY,
    NON_AUTHORITATIVE_STATES,
    claim,
    record,
    resolution_of,
    verdict_for,
)
from truthexpiry.models.answering.claims import ClaimSource
from truthexpiry.models.answering.messages import MessageRef
from truthexpiry.models.answering.verdicts import UnverifiedReason
from truthexpiry.models.records.lifecycle import LifecycleState
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label, unverified

# --- authority: state and effective date --------------------------------------------------


@pytest.mark.parametrize("state", AUTHORITATIVE_STATES)
def test_an_authoritative_record_in_effect_makes_a_matching_claim_current(
    state: LifecycleState,
) -> None:
    verdict = verdict_for("enabled", [record("R-1", "enabled", state=state)])

    assert verdict.status is Status.CURRENT
    assert verdict.current_values == ("enabled",)
    assert verdict.record_ids == ("R-1",)
    assert verdict.reason is None
    assert "R-1" in verdict.explanation


def test_a_record_effective_on_the_as_of_date_is_already_in_effect() -> None:
    verdict = verdict_for("enabled", [record("R-1", "enabled", AS_OF)])

    assert verdict.status is Status.CURRENT


def test_a_record_effective_the_day_after_the_as_of_date_is_not_yet_in_effect() -> None:
    verdict = verdict_for("enabled", [record("R-1", "enabled", AS_OF + timedelta(days=1))])

    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.NOT_AUTHORITATIVE


def test_a_change_effective_on_the_as_of_date_supersedes_the_old_value_that_day() -> None:
    records = [record("R-1", "enabled"), record("R-2", "disabled", AS_OF, supersedes="R-1")]

    assert verdict_for("enabled", records, AS_OF - timedelta(days=1)).status is Status.CURRENT
    assert verdict_for("enabled", records, AS_OF).status is Status.SUPERSEDED
    assert verdict_for("disabled", records, AS_OF).status is Status.CURRENT


@pytest.mark.parametrize("state", NON_AUTHORITATIVE_STATES)
@pytest.mark.parametrize("stated", ["enabled", "disabled"])
def test_a_non_authoritative_record_never_makes_a_claim_current_or_superseded(
    state: LifecycleState, stated: str
) -> None:
    verdict = verdict_for(stated, [record("R-1", "enabled", state=state)])

    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.NOT_AUTHORITATIVE


@pytest.mark.parametrize("state", NON_AUTHORITATIVE_STATES)
def test_a_non_authoritative_record_beside_a_shipped_one_changes_nothing(
    state: LifecycleState,
) -> None:
    records = [
        record("R-1", "enabled", "2024-01-01"),
        record("R-2", "disabled", "2025-01-01", state=state, supersedes="R-1"),
    ]

    assert verdict_for("enabled", records).status is Status.CURRENT
    superseded = verdict_for("disabled", records)
    assert superseded.status is Status.SUPERSEDED
    assert superseded.record_ids == ("R-1",)


# --- supersession -------------------------------------------------------------------------


def test_a_later_effective_date_supersedes_without_a_link() -> None:
    records = [record("R-1", "enabled", "2024-01-01"), record("R-2", "disabled", "2025-01-01")]

    assert verdict_for("disabled", records).status is Status.CURRENT
    old = verdict_for("enabled", records)
    assert old.status is Status.SUPERSEDED
    assert old.record_ids == ("R-2",)


def test_supersession_is_transitive_along_a_chain_of_links() -> None:
    records = [
        record("A", "30 days", "2023-01-01"),
        record("B", "60 days", "2024-01-01", supersedes="A"),
        record("C", "90 days", "2025-01-01", supersedes="B"),
    ]

    current = verdict_for("90 days", records)
    assert current.status is Status.CURRENT
    assert current.record_ids == ("C",)
    for stated in ("30 days", "60 days"):
        verdict = verdict_for(stated, records)
        assert verdict.status is Status.SUPERSEDED
        assert verdict.record_ids == ("C",)
        assert verdict.current_values == ("90 days",)


def test_a_transitive_chain_wins_even_when_the_links_run_against_the_dates() -> None:
    records = [
        record("A", "30 days", "2025-06-01"),
        record("B", "60 days", "2025-03-01", supersedes="A"),
        record("C", "90 days", "2024-01-01", supersedes="B"),
    ]

    assert verdict_for("90 days", records).status is Status.CURRENT
    assert verdict_for("30 days", records).status is Status.SUPERSEDED


def test_an_on_off_on_chain_makes_on_current_again() -> None:
    records = [
        record("R-1", "on", "2023-01-01"),
        record("R-2", "off", "2024-01-01", supersedes="R-1"),
        record("R-3", "on", "2025-01-01", supersedes="R-2"),
    ]

    on = verdict_for("enabled", records)
    assert on.status is Status.CURRENT
    assert on.record_ids == ("R-3",)
    off = verdict_for("disabled", records)
    assert off.status is Status.SUPERSEDED
    assert off.record_ids == ("R-3",)


def test_an_explicit_link_wins_even_when_the_successor_has_an_earlier_date() -> None:
    records = [
        record("R-1", "enabled", "2025-06-01"),
        record("R-2", "disabled", "2025-01-01", supersedes="R-1"),
    ]

    assert verdict_for("disabled", records).status is Status.CURRENT
    assert verdict_for("enabled", records).status is Status.SUPERSEDED


@pytest.mark.parametrize("state", NON_AUTHORITATIVE_STATES)
def test_a_non_authoritative_successor_never_supersedes(state: LifecycleState) -> None:
    records = [
        record("R-1", "enabled", "2024-01-01"),
        record("R-2", "disabled", "2025-01-01", state=state, supersedes="R-1"),
    ]

    resolution = resolution_of(records)

    assert resolution.status is Status.CURRENT
    assert resolution.current_values == ("enabled",)
    assert [r.record_id for r in resolution.current] == ["R-1"]


def test_a_rejected_successor_never_supersedes_even_with_an_earlier_date() -> None:
    records = [
        record("R-1", "enabled", "2025-06-01"),
        record("R-2", "disabled", "2025-01-01", state=LifecycleState.REJECTED, supersedes="R-1"),
    ]

    assert verdict_for("enabled", records).status is Status.CURRENT


def test_a_future_successor_supersedes_only_from_its_effective_date() -> None:
    change = AS_OF + timedelta(days=10)
    records = [record("R-1", "enabled"), record("R-2", "disabled", change, supersedes="R-1")]

    assert verdict_for("enabled", records).status is Status.CURRENT
    assert verdict_for("enabled", records, change).status is Status.SUPERSEDED


def test_a_chain_whose_newest_link_is_not_yet_in_effect_leaves_the_middle_current() -> None:
    records = [
        record("A", "30 days", "2023-01-01"),
        record("B", "60 days", "2024-01-01", supersedes="A"),
        record("C", "90 days", AS_OF + timedelta(days=1), supersedes="B"),
    ]

    verdict = verdict_for("60 days", records)

    assert verdict.status is Status.CURRENT
    assert verdict.record_ids == ("B",)


# --- conflicts ----------------------------------------------------------------------------


def test_newest_records_with_different_values_on_the_same_date_conflict_citing_all() -> None:
    records = [
        record("R-0", "enabled", "2023-01-01"),
        record("R-1", "enabled", "2025-01-01", supersedes="R-0"),
        record("R-2", "disabled", "2025-01-01"),
    ]

    verdict = verdict_for("enabled", records)

    assert verdict.status is Status.CONFLICTING
    assert set(verdict.record_ids) == {"R-1", "R-2"}
    assert set(verdict.current_values) == {"enabled", "disabled"}
    for cited in ("R-1", "R-2", "'enabled'", "'disabled'", "2025-01-01"):
        assert cited in verdict.explanation


@pytest.mark.parametrize("stated", ["enabled", "disabled", "on", "something else"])
def test_a_claim_equal_to_one_side_of_a_conflict_is_still_conflicting(stated: str) -> None:
    records = [record("R-1", "enabled", "2025-01-01"), record("R-2", "disabled", "2025-01-01")]

    assert verdict_for(stated, records).status is Status.CONFLICTING


def test_a_conflict_among_three_records_cites_every_one() -> None:
    records = [
        record("R-1", "30 days", "2025-01-01"),
        record("R-2", "60 days", "2025-01-01"),
        record("R-3", "30-day", "2025-01-01"),
    ]

    verdict = verdict_for("30 days", records)

    assert verdict.status is Status.CONFLICTING
    assert verdict.record_ids == ("R-1", "R-2", "R-3")
    assert all(record_id in verdict.explanation for record_id in ("R-1", "R-2", "R-3"))


@pytest.mark.parametrize(
    ("first", "second"),
    [("30 days", "30_days"), ("30-day", "30 days"), ("enabled", "live"), ("50", "50 requests")],
)
def test_same_date_records_with_values_equal_after_normalisation_do_not_conflict(
    first: str, second: str
) -> None:
    records = [record("R-1", first, "2025-01-01"), record("R-2", second, "2025-01-01")]

    verdict = verdict_for(first, records)

    assert verdict.status is Status.CURRENT
    assert verdict.record_ids == ("R-1", "R-2")
    assert len(verdict.current_values) == 1


def test_a_link_between_same_date_records_resolves_their_conflict() -> None:
    records = [
        record("R-1", "enabled", "2025-01-01"),
        record("R-2", "disabled", "2025-01-01", supersedes="R-1"),
    ]

    assert verdict_for("disabled", records).status is Status.CURRENT
    assert verdict_for("enabled", records).status is Status.SUPERSEDED


def test_a_later_record_resolves_an_earlier_conflict() -> None:
    records = [
        record("R-1", "enabled", "2024-01-01"),
        record("R-2", "disabled", "2024-01-01"),
        record("R-3", "disabled", "2025-01-01"),
    ]

    verdict = verdict_for("disabled", records)

    assert verdict.status is Status.CURRENT
    assert verdict.record_ids == ("R-3",)


def test_a_conflict_with_a_future_record_is_not_a_conflict_yet() -> None:
    later = AS_OF + timedelta(days=1)
    records = [record("R-1", "enabled", "2025-01-01"), record("R-2", "disabled", later)]

    assert verdict_for("enabled", records).status is Status.CURRENT


# --- explanations -------------------------------------------------------------------------


def test_a_superseded_explanation_names_the_current_value_and_its_record() -> None:
    records = [
        record("R-101", "enabled", "2024-01-01"),
        record("R-102", "disabled", "2026-05-12", supersedes="R-101"),
    ]

    verdict = verdict_for("enabled", records)

    assert verdict.status is Status.SUPERSEDED
    assert "'disabled'" in verdict.explanation
    assert "R-102 (SHIPPED, effective 2026-05-12)" in verdict.explanation


def test_a_superseded_explanation_says_when_the_stated_value_was_last_true() -> None:
    records = [
        record("R-101", "enabled", "2024-01-01"),
        record("R-102", "disabled", "2026-05-12", supersedes="R-101"),
    ]

    verdict = verdict_for("available", records)

    assert "was the value per R-101" in verdict.explanation


def test_a_value_no_record_ever_had_is_superseded_naming_the_current_value() -> None:
    verdict = verdict_for("60 days", [record("R-1", "30 days")])

    assert verdict.status is Status.SUPERSEDED
    assert "'30 days'" in verdict.explanation
    assert "R-1" in verdict.explanation
    assert "was the value" not in verdict.explanation


def test_a_current_explanation_names_the_value_and_record() -> None:
    verdict = verdict_for("enabled", [record("R-7", "enabled", "2024-01-01")])

    assert verdict.explanation == (
        "The current value is 'enabled' per R-7 (SHIPPED, effective 2024-01-01)."
    )


# --- pending (future) records -------------------------------------------------------------


def test_a_future_shipped_record_is_ignored_but_mentioned_as_pending_when_current() -> None:
    change = AS_OF + timedelta(days=30)
    records = [record("R-1", "enabled"), record("R-2", "disabled", change, supersedes="R-1")]

    verdict = verdict_for("enabled", records)

    assert verdict.status is Status.CURRENT
    assert verdict.record_ids == ("R-1",)
    assert f"R-2 changes it to 'disabled' on {change.isoformat()}" in verdict.explanation
    assert "not yet in effect" in verdict.explanation


def test_a_future_shipped_record_is_mentioned_as_pending_when_superseded() -> None:
    change = AS_OF + timedelta(days=30)
    records = [
        record("R-1", "enabled", "2023-01-01"),
        record("R-2", "disabled", "2024-01-01", supersedes="R-1"),
        record("R-3", "enabled", change, supersedes="R-2"),
    ]

    verdict = verdict_for("enabled", records)

    assert verdict.status is Status.SUPERSEDED
    assert verdict.record_ids == ("R-2",)
    assert "R-3 changes it to 'enabled'" in verdict.explanation


@pytest.mark.parametrize("state", AUTHORITATIVE_STATES)
def test_only_future_records_leave_a_claim_unverified_naming_the_date(
    state: LifecycleState,
) -> None:
    change = AS_OF + timedelta(days=5)
    resolution = resolution_of([record("R-1", "enabled", change, state=state)])

    assert resolution.status is Status.UNVERIFIED
    assert resolution.reason is UnverifiedReason.NOT_AUTHORITATIVE
    assert [r.record_id for r in resolution.pending] == ["R-1"]
    assert f"R-1 is {state.value} but takes effect {change.isoformat()}" in (resolution.explanation)


@pytest.mark.parametrize("state", NON_AUTHORITATIVE_STATES)
def test_a_non_authoritative_future_record_is_not_pending(state: LifecycleState) -> None:
    later = AS_OF + timedelta(days=5)
    resolution = resolution_of([record("R-1", "enabled"), record("R-2", "off", later, state=state)])

    assert resolution.pending == ()
    assert "R-2" not in resolution.explanation


# --- unverified ---------------------------------------------------------------------------


def test_no_records_is_unverified_with_reason_no_records() -> None:
    verdict = verdict_for("enabled", [])

    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.NO_RECORDS
    assert verdict.explanation == f"No lifecycle record exists for {KEY.canonical}."


def test_only_non_authoritative_records_give_not_authoritative_explaining_each() -> None:
    records = [
        record("R-1", "enabled", "2024-01-01", state=LifecycleState.PLANNED),
        record("R-2", "disabled", "2024-02-01", state=LifecycleState.REJECTED),
    ]

    verdict = verdict_for("enabled", records)

    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.NOT_AUTHORITATIVE
    assert "R-1 is PLANNED" in verdict.explanation
    assert "R-2 is REJECTED" in verdict.explanation
    assert AS_OF.isoformat() in verdict.explanation
    assert KEY.canonical in verdict.explanation


def test_an_unverified_verdict_carries_no_current_value_or_record_ids() -> None:
    verdict = verdict_for("enabled", [record("R-1", "enabled", state=LifecycleState.DRAFT)])

    assert verdict.current_values == ()
    assert verdict.record_ids == ()
    assert [r.record_id for r in verdict.timeline] == ["R-1"]


def test_records_that_supersede_each_other_in_a_cycle_are_invalid_evidence() -> None:
    records = [
        record("R-1", "enabled", "2024-01-01", supersedes="R-2"),
        record("R-2", "disabled", "2025-01-01", supersedes="R-1"),
    ]

    verdict = verdict_for("enabled", records)

    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.INVALID_EVIDENCE
    assert "cycle" in verdict.explanation


def test_a_claim_that_cannot_be_checked_is_unverified_with_its_reason() -> None:
    verdict = unverified(
        claim("enabled"), KEY, UnverifiedReason.MISSING_SCOPE, "The claim does not say which plan."
    )

    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.MISSING_SCOPE
    assert verdict.explanation == "The claim does not say which plan."
    assert verdict.current_values == ()
    assert verdict.record_ids == ()


# --- values, order and messages -----------------------------------------------------------


@pytest.mark.parametrize(
    ("stated", "recorded"),
    [
        ("30_days", "30-day"),
        ("50", "50 requests"),
        ("on", "enabled"),
        ("live", "available"),
        ("no longer available", "disabled"),
        ("EU-Central", "eu_central"),
    ],
)
def test_a_claim_matches_the_current_value_after_normalisation(stated: str, recorded: str) -> None:
    assert verdict_for(stated, [record("R-1", recorded)]).status is Status.CURRENT


@pytest.mark.parametrize(("stated", "recorded"), [("not available", "enabled"), ("on", "off")])
def test_a_claim_of_the_opposite_polarity_is_superseded(stated: str, recorded: str) -> None:
    assert verdict_for(stated, [record("R-1", recorded)]).status is Status.SUPERSEDED


def test_the_result_does_not_depend_on_record_order() -> None:
    records = [
        record("R-3", "on", "2025-01-01", supersedes="R-2"),
        record("R-1", "on", "2023-01-01"),
        record("R-2", "off", "2024-01-01", supersedes="R-1"),
    ]

    assert resolution_of(records) == resolution_of(list(reversed(records)))


def test_the_timeline_lists_every_record_oldest_first() -> None:
    records = [
        record("R-2", "off", "2024-01-01", state=LifecycleState.DRAFT),
        record("R-3", "on", AS_OF + timedelta(days=1)),
        record("R-1", "on", "2023-01-01"),
    ]

    timeline = resolution_of(records).timeline

    assert [r.record_id for r in timeline] == ["R-1", "R-2", "R-3"]


def test_message_timestamps_play_no_part_in_labelling() -> None:
    records = [record("R-1", "enabled", "2024-01-01")]
    resolution = resolution_of(records)
    old = MessageRef("1600000000.000100", "C1")
    recent = MessageRef("1900000000.000100", "C1")

    for message in (old, recent):
        stated = claim("disabled", source=ClaimSource.MESSAGE, message=message)
        assert label(stated, resolution).status is Status.SUPERSEDED
        stated = claim("enabled", source=ClaimSource.MESSAGE, message=message)
        assert label(stated, resolution).status is Status.CURRENT


def test_a_verdict_keeps_the_claim_and_the_resolved_key() -> None:
    stated = claim("enabled")

    verdict = label(stated, resolution_of([record("R-1", "enabled")]))

    assert verdict.claim is stated
    assert verdict.key == KEY
