"""Invariants of transitions and upcoming changes over generated record histories (hypothesis)."""

from __future__ import annotations

from datetime import date, timedelta
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.builders import KEY, history_of
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.time.changes import Transition
from truthexpiry.models.time.periods import DateWindow
from truthexpiry.rules.resolution import resolve
from truthexpiry.time.transitions import key_transitions, transitions, upcoming
from truthexpiry.values.compare import same_value

PROPERTY = settings(deadline=None)
START = date(2025, 1, 1)
VALUES = ("enabled", "disabled", "on", "off", "30 days", "30_days", "60 days")
_VALUE_TEXTS = st.sampled_from(VALUES)
_DAYS = st.integers(-60, 120).map(lambda n: START + timedelta(days=n))
_FEW_DAYS = st.sampled_from([START - timedelta(days=1), START, START + timedelta(days=30)])
_SOURCES = st.sampled_from(["billing", "crm", "unspecified"])
_HISTORY_DAYS = _FEW_DAYS | _DAYS  # built once, not once per example


@st.composite
def histories(draw: st.DrawFn, max_size: int = 8) -> list[LifecycleRecord]:
    """Records of one key in any states and dates; links only point backwards (no cycles)."""
    return history_of(draw, _VALUE_TEXTS, _HISTORY_DAYS, max_size=max_size, sources=_SOURCES)


@st.composite
def windows(draw: st.DrawFn) -> DateWindow:
    first, second = draw(_DAYS), draw(_DAYS)
    return DateWindow(min(first, second), max(first, second))


def same_values(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return len(a) == len(b) and all(any(same_value(x, y) for y in b) for x in a)


@PROPERTY
@given(histories(), windows(), st.integers(0, 1000))
def test_transitions_do_not_depend_on_record_order(
    history: list[LifecycleRecord], window: DateWindow, seed: int
) -> None:
    shuffled = list(history)
    Random(seed).shuffle(shuffled)

    assert transitions({KEY: shuffled}, window) == transitions({KEY: history}, window)


@PROPERTY
@given(histories(), windows(), st.booleans())
def test_replaying_the_transitions_gives_the_labelers_value_at_the_windows_end(
    history: list[LifecycleRecord], window: DateWindow, with_policy: bool
) -> None:
    policy = AuthorityPolicy(precedence=("billing", "crm")) if with_policy else None
    before = resolve(KEY, history, window.start - timedelta(days=1), policy)
    values, status = before.current_values, before.status

    for change in key_transitions(KEY, history, window, policy=policy):
        assert same_values(change.from_values, values)
        assert change.from_status is status
        values, status = change.to_values, change.status

    after = resolve(KEY, history, window.end, policy)
    assert same_values(values, after.current_values)
    assert status is after.status


@PROPERTY
@given(histories(), windows())
def test_only_authoritative_records_inside_the_window_make_transitions(
    history: list[LifecycleRecord], window: DateWindow
) -> None:
    for change in transitions({KEY: history}, window):
        assert change.effective_date in window
        assert all(r.state.is_authoritative for r in change.records)
        assert change.record_id is not None
        made = next(r for r in history if r.record_id == change.record_id)
        assert made.state is not LifecycleState.PLANNED
        assert made.effective_date <= change.effective_date


@PROPERTY
@given(histories(), windows())
def test_every_transition_changes_the_value_or_the_status(
    history: list[LifecycleRecord], window: DateWindow
) -> None:
    for change in transitions({KEY: history}, window):
        assert change.status is not change.from_status or not same_values(
            change.from_values, change.to_values
        )


@PROPERTY
@given(histories(), windows(), st.data())
def test_a_window_split_in_two_has_the_same_transitions(
    history: list[LifecycleRecord], window: DateWindow, data: st.DataObject
) -> None:
    days = (window.end - window.start).days
    cut = window.start + timedelta(days=data.draw(st.integers(0, days)))
    first = transitions({KEY: history}, DateWindow(window.start, cut))
    rest: tuple[Transition, ...] = ()
    if cut < window.end:
        rest = transitions({KEY: history}, DateWindow(cut + timedelta(days=1), window.end))

    assert first + rest == transitions({KEY: history}, window)


@PROPERTY
@given(histories(), windows())
def test_upcoming_changes_are_never_authoritative_on_the_as_of_date(
    history: list[LifecycleRecord], window: DateWindow
) -> None:
    as_of = window.start
    current = resolve(KEY, history, as_of).current_values

    for change in upcoming({KEY: history}, DateWindow(as_of, date.max), as_of):
        assert not change.record.is_authoritative_on(as_of)
        assert change.record.state in (
            LifecycleState.PLANNED,
            LifecycleState.SHIPPED,
            LifecycleState.EFFECTIVE,
        )
        assert change.current_values == current
