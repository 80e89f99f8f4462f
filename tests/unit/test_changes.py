"""Transitions, upcoming changes and period verdicts, read through the labeler."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from tests.unit.builders import KEY, day, record, verdict_for
from truthexpiry.catalog.derive import derive_catalog
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.status import Status
from truthexpiry.models.time.changes import Transition
from truthexpiry.models.time.periods import DateWindow
from truthexpiry.time.transitions import (
    changes_in_period,
    key_transitions,
    transitions,
    upcoming,
)
from truthexpiry.values.calendar import judgement_date

PRO = ClaimKey.of("report_export", "availability", {"plan": "pro", "region": "global"})
LIMIT = ClaimKey.of("api", "rate_limit", {"plan": "starter"})
WINDOW_2025 = DateWindow(day("2025-01-01"), day("2025-12-31"))
EVER = DateWindow(date.min, date.max)


def window(start: str, end: str) -> DateWindow:
    return DateWindow(day(start), day(end))


def summary(
    found: Sequence[Transition],
) -> list[tuple[str, tuple[str, ...], tuple[str, ...], str | None]]:
    return [(t.effective_date.isoformat(), t.from_values, t.to_values, t.record_id) for t in found]


def test_a_keys_first_authoritative_value_is_a_change_from_nothing() -> None:
    history = [record("A", "enabled", "2025-02-01")]

    found = transitions({KEY: history}, WINDOW_2025)

    assert summary(found) == [("2025-02-01", (), ("enabled",), "A")]
    assert found[0].from_status is Status.UNVERIFIED
    assert found[0].status is Status.CURRENT


def test_the_value_before_the_window_comes_from_records_before_it() -> None:
    history = [
        record("A", "enabled", "2024-01-15"),
        record("B", "disabled", "2025-05-12", supersedes="A"),
    ]

    assert summary(transitions({KEY: history}, WINDOW_2025)) == [
        ("2025-05-12", ("enabled",), ("disabled",), "B")
    ]


def test_a_re_enable_shows_as_two_transitions() -> None:
    history = [
        record("A", "enabled", "2024-01-01"),
        record("B", "disabled", "2025-03-01", supersedes="A"),
        record("C", "enabled", "2025-09-01", supersedes="B"),
    ]

    assert summary(transitions({KEY: history}, WINDOW_2025)) == [
        ("2025-03-01", ("enabled",), ("disabled",), "B"),
        ("2025-09-01", ("disabled",), ("enabled",), "C"),
    ]


def test_a_same_date_conflict_is_a_transition_to_conflicting_with_every_value() -> None:
    history = [
        record("A", "enabled", "2024-01-01"),
        record("B", "disabled", "2025-04-01"),
        record("C", "enabled", "2025-04-01"),
    ]

    [change] = transitions({KEY: history}, WINDOW_2025)

    assert change.status is Status.CONFLICTING
    assert change.from_values == ("enabled",)
    assert set(change.to_values) == {"enabled", "disabled"}
    assert change.record_ids == ("B", "C")
    assert change.record_id == "B"


def test_a_conflict_that_a_later_record_settles_is_a_transition_back_to_current() -> None:
    history = [
        record("B", "disabled", "2025-04-01"),
        record("C", "enabled", "2025-04-01"),
        record("D", "enabled", "2025-06-01", supersedes="B"),
    ]

    found = transitions({KEY: history}, WINDOW_2025)

    assert [(t.status, t.to_values) for t in found] == [
        (Status.CONFLICTING, ("disabled", "enabled")),
        (Status.CURRENT, ("enabled",)),
    ]


def test_a_source_precedence_settles_a_conflict_before_it_becomes_a_transition() -> None:
    history = [
        record("B", "disabled", "2025-04-01", source="billing"),
        record("C", "enabled", "2025-04-01", source="crm"),
    ]
    policy = AuthorityPolicy(precedence=("billing", "crm"))

    [change] = transitions({KEY: history}, WINDOW_2025, policy=policy)

    assert (change.status, change.to_values, change.record_ids) == (
        Status.CURRENT,
        ("disabled",),
        ("B",),
    )


def test_records_that_are_not_authoritative_never_make_a_transition() -> None:
    history = [record("A", "enabled", "2024-01-01")] + [
        record(f"N-{state.value}", "disabled", "2025-03-01", state=state, supersedes="A")
        for state in LifecycleState
        if not state.is_authoritative
    ]

    assert transitions({KEY: history}, WINDOW_2025) == ()


def test_a_shipped_record_after_the_window_is_not_a_change_in_it() -> None:
    history = [record("A", "enabled", "2024-01-01"), record("B", "disabled", "2026-02-01")]

    assert transitions({KEY: history}, WINDOW_2025) == ()


def test_the_window_includes_both_of_its_days() -> None:
    history = [record("A", "on", "2025-01-01"), record("B", "off", "2025-12-31")]

    assert [t.record_id for t in transitions({KEY: history}, WINDOW_2025)] == ["A", "B"]
    assert transitions({KEY: history}, window("2025-01-02", "2025-12-30")) == ()


def test_a_new_record_with_the_same_value_in_another_spelling_is_no_change() -> None:
    history = [record("A", "on", "2024-01-01"), record("B", "enabled", "2025-03-01")]
    limits = [
        record("L1", "30 days", "2024-01-01", key=LIMIT),
        record("L2", "30_days", "2025-03-01", key=LIMIT, supersedes="L1"),
    ]
    catalog = derive_catalog([*history, *limits], "test")

    assert transitions({KEY: history, LIMIT: limits}, WINDOW_2025, catalog=catalog) == ()


def test_transitions_of_several_keys_come_oldest_first_then_by_key() -> None:
    histories = {
        PRO: [record("P", "enabled", "2025-03-01", key=PRO)],
        KEY: [record("S", "disabled", "2025-03-01"), record("T", "enabled", "2025-01-10")],
    }

    found = transitions(histories, WINDOW_2025)

    assert [(t.effective_date.isoformat(), t.key) for t in found] == [
        ("2025-01-10", KEY),
        ("2025-03-01", PRO),
        ("2025-03-01", KEY),
    ]


def test_a_successor_with_the_same_value_is_no_transition_and_the_next_value_is() -> None:
    history = [
        record("A", "enabled", "2024-01-01"),
        record("B", "disabled", "2024-06-01", supersedes="A"),
        record("E", "limited", "2025-02-01"),
        record("D", "disabled", "2025-01-01", supersedes="B"),
    ]

    found = key_transitions(KEY, history, WINDOW_2025)

    assert summary(found) == [("2025-02-01", ("disabled",), ("limited",), "E")]


def test_upcoming_lists_shipped_records_not_yet_in_effect_and_planned_ones() -> None:
    as_of = day("2025-06-01")
    history = [
        record("A", "enabled", "2024-01-01"),
        record("F", "disabled", "2025-09-01", supersedes="A"),
        record("P", "enabled", "2026-01-01", state=LifecycleState.PLANNED, supersedes="F"),
        record("X", "disabled", "2025-07-01", state=LifecycleState.CANCELLED),
        record("D", "disabled", "2025-08-01", state=LifecycleState.DRAFT),
        record("Old", "disabled", "2025-05-01", state=LifecycleState.PLANNED),
    ]

    found = upcoming({KEY: history}, DateWindow(as_of, date.max), as_of)

    assert [(c.record.record_id, c.current_values, c.takes_effect, c.planned) for c in found] == [
        ("F", ("enabled",), day("2025-09-01"), False),
        ("P", ("enabled",), None, True),
    ]


def test_what_is_coming_carries_the_labelers_status_of_the_value_current_now() -> None:
    as_of = day("2025-06-01")
    disagree = [record("A", "100", "2025-01-01"), record("B", "200", "2025-01-01")]
    coming = record("C", "300", "2025-09-01", supersedes="A")

    conflicting = upcoming({KEY: [*disagree, coming]}, WINDOW_2025, as_of)
    nothing_yet = upcoming({KEY: [coming]}, WINDOW_2025, as_of)

    assert conflicting[0].current_values == ("100", "200")
    assert conflicting[0].current_status is Status.CONFLICTING
    assert nothing_yet[0].current_values == ()
    assert nothing_yet[0].current_status is Status.UNVERIFIED


def test_upcoming_keeps_to_its_window() -> None:
    as_of = day("2025-06-01")
    history = [record("F", "on", "2025-09-01"), record("G", "off", "2025-12-01")]

    found = upcoming({KEY: history}, window("2025-09-01", "2025-09-30"), as_of)

    assert [c.record.record_id for c in found] == ["F"]
    assert found[0].current_values == ()


def test_a_period_is_judged_on_its_last_day_with_the_changes_inside_it() -> None:
    history = [
        record("A", "enabled", "2024-01-01"),
        record("B", "disabled", "2025-03-10", supersedes="A"),
        record("C", "enabled", "2025-06-01", supersedes="B"),
    ]
    march = window("2025-03-01", "2025-03-31")

    judged_on = judgement_date(march, as_of=day("2026-01-01"))
    verdict = verdict_for("enabled", history, judged_on)

    assert judged_on == day("2025-03-31")
    assert verdict.status is Status.SUPERSEDED
    assert verdict.record_ids == ("B",)
    assert summary(changes_in_period({KEY: verdict.timeline}, march, judged_on)) == [
        ("2025-03-10", ("enabled",), ("disabled",), "B")
    ]


def test_a_period_that_includes_the_as_of_date_is_judged_on_it() -> None:
    history = [record("A", "enabled", "2025-01-01"), record("B", "disabled", "2025-12-20")]

    judged_on = judgement_date(WINDOW_2025, as_of=day("2025-06-30"))
    verdict = verdict_for("enabled", history, judged_on)

    assert judged_on == day("2025-06-30")
    assert verdict.status is Status.CURRENT
    changes = changes_in_period({KEY: verdict.timeline}, WINDOW_2025, judged_on)
    assert [t.record_id for t in changes] == ["A"]


def test_changes_in_a_period_stop_at_the_day_judged() -> None:
    history: list[LifecycleRecord] = [
        record("A", "on", "2025-02-01"),
        record("B", "off", "2025-05-01"),
    ]

    found = changes_in_period({KEY: history}, WINDOW_2025, day("2025-04-30"))

    assert [t.record_id for t in found] == ["A"]
    assert changes_in_period({KEY: history}, WINDOW_2025, day("2024-12-31")) == ()


def test_a_history_starting_on_the_first_day_there_is_has_nothing_before_it() -> None:
    history = [record("A", "enabled", date.min)]

    assert summary(transitions({KEY: history}, EVER)) == [("0001-01-01", (), ("enabled",), "A")]


def test_no_catalog_needed_but_one_without_the_attribute_changes_nothing() -> None:
    history = [record("A", "on", "2024-01-01"), record("B", "off", "2025-03-01")]
    empty = Catalog("v", "f", {}, {})

    assert transitions({KEY: history}, WINDOW_2025, catalog=empty) == transitions(
        {KEY: history}, WINDOW_2025
    )


def test_a_verdict_made_on_the_day_judged_gives_the_same_changes_from_its_timeline() -> None:
    history = [
        record("A", "enabled", "2024-01-01"),
        record("B", "disabled", "2025-03-10", supersedes="A"),
        record("C", "enabled", "2025-03-20", supersedes="B"),
    ]
    march = window("2025-03-01", "2025-03-31")
    judged_on = judgement_date(march, as_of=day("2026-01-01"))

    verdict = verdict_for("enabled", list(reversed(history)), judged_on)

    from_records = changes_in_period({KEY: history}, march, judged_on)
    assert changes_in_period({KEY: verdict.timeline}, march, judged_on) == from_records
    assert [t.record_id for t in from_records] == ["B", "C"]
