"""Invariants of the labeler over generated record histories (hypothesis)."""

from __future__ import annotations

from datetime import date, timedelta
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.builders import (
    AS_OF,
    AUTHORITATIVE_STATES,
    NON_AUTHORITATIVE_STATES,
    claim,
    history_of,
    record,
    resolution_of,
)
from truthexpiry.models.answering.verdicts import Resolution, UnverifiedReason
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.records.values import Comparison
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label
from truthexpiry.values.compare import compare, read_value, same_value

PROPERTY = settings(deadline=None)

VALUES = ("enabled", "disabled", "on", "off", "30 days", "30_days", "60 days", "50", "eu-central")
_VALUES = st.sampled_from(VALUES)
# Amounts in units: bare 20 may be 20 weeks, so 140 days neither confirms nor contradicts it.
UNIT_VALUES = ("20", "20 weeks", "140 days", "21 weeks", "4 weeks", "1 month", "30 days", "28 days")
_PAST = st.dates(AS_OF - timedelta(days=1500), AS_OF)
_ANY_DATE = st.dates(AS_OF - timedelta(days=1500), AS_OF + timedelta(days=400))
_FUTURE = st.dates(AS_OF + timedelta(days=1), AS_OF + timedelta(days=400))
# A few fixed dates (the as-of date, the days around it) make same-date records common.
_FEW_DATES = st.sampled_from(
    [AS_OF - timedelta(days=400), AS_OF - timedelta(days=1), AS_OF, AS_OF + timedelta(days=1)]
)
_HISTORY_DATES = _FEW_DATES | _ANY_DATE  # built once, not once per example


@st.composite
def histories(draw: st.DrawFn, max_size: int = 7) -> list[LifecycleRecord]:
    """Records for one key in any states and dates; links only point backwards (no cycles)."""
    return history_of(draw, _VALUES, _HISTORY_DATES, max_size=max_size)


@st.composite
def noise(draw: st.DrawFn, history: list[LifecycleRecord]) -> LifecycleRecord:
    """A record that must change nothing: not authoritative, or not yet in effect."""
    link = draw(st.none() | st.sampled_from([r.record_id for r in history] or ["R-00"]))
    if draw(st.booleans()):
        state, effective = draw(st.sampled_from(NON_AUTHORITATIVE_STATES)), draw(_ANY_DATE)
    else:
        state, effective = draw(st.sampled_from(AUTHORITATIVE_STATES)), draw(_FUTURE)
    return record(
        "N-new",
        draw(_VALUES),
        effective,
        state=state,
        supersedes=link if history else None,
    )


def _outcome(resolution: Resolution) -> tuple[Status, tuple[str, ...], tuple[str, ...]]:
    return (
        resolution.status,
        resolution.current_values,
        tuple(r.record_id for r in resolution.current),
    )


@PROPERTY
@given(histories(), st.randoms(use_true_random=False), _VALUES)
def test_the_result_is_independent_of_record_order(
    records: list[LifecycleRecord], random: Random, stated: str
) -> None:
    shuffled = list(records)
    random.shuffle(shuffled)

    original, reordered = resolution_of(records), resolution_of(shuffled)

    assert reordered == original
    assert label(claim(stated), reordered) == label(claim(stated), original)


@PROPERTY
@given(st.data(), histories(), _VALUES)
def test_a_non_authoritative_or_future_record_never_changes_the_result(
    data: st.DataObject, records: list[LifecycleRecord], stated: str
) -> None:
    extra = data.draw(noise(records))
    before = resolution_of(records)
    after = resolution_of([*records, extra])

    if before.status is Status.UNVERIFIED:
        assert after.status is Status.UNVERIFIED
    else:
        assert _outcome(after) == _outcome(before)
        assert label(claim(stated), after).status is label(claim(stated), before).status


@PROPERTY
@given(histories(), _VALUES)
def test_only_authoritative_records_in_effect_are_ever_cited_as_current(
    records: list[LifecycleRecord], stated: str
) -> None:
    resolution = resolution_of(records)
    verdict = label(claim(stated), resolution)

    assert all(r.is_authoritative_on(AS_OF) for r in resolution.current)
    if not any(r.is_authoritative_on(AS_OF) for r in records):
        assert verdict.status is Status.UNVERIFIED
    if verdict.status is Status.CURRENT:
        assert same_value(stated, verdict.current_values[0])
    if verdict.status is Status.SUPERSEDED:
        assert len(verdict.record_ids) >= 1
        assert not same_value(stated, verdict.current_values[0])
        assert repr(verdict.current_values[0]) in verdict.explanation
        assert all(record_id in verdict.explanation for record_id in verdict.record_ids)
    if verdict.status is Status.CONFLICTING:
        assert len(resolution.current) >= 2
        assert len({r.effective_date for r in resolution.current}) == 1
        assert all(r.record_id in verdict.explanation for r in resolution.current)


@PROPERTY
@given(st.sampled_from(UNIT_VALUES), st.sampled_from(UNIT_VALUES))
def test_a_claim_is_unverified_for_incomparable_units_exactly_when_the_values_cannot_be_compared(
    stated: str, current: str
) -> None:
    verdict = label(claim(stated), resolution_of([record("R-1", current)]))
    outcome = compare(read_value(stated), read_value(current)).outcome

    expected = {
        Comparison.SAME: Status.CURRENT,
        Comparison.DIFFERENT: Status.SUPERSEDED,
        Comparison.INCOMPARABLE: Status.UNVERIFIED,
    }[outcome]
    assert verdict.status is expected
    if outcome is Comparison.INCOMPARABLE:
        assert verdict.reason is UnverifiedReason.INCOMPARABLE_UNITS
        assert repr(current) in verdict.explanation


@st.composite
def linear_chains(draw: st.DrawFn) -> list[LifecycleRecord]:
    """Each record supersedes the previous one, with strictly increasing past dates."""
    size = draw(st.integers(1, 6))
    dates = sorted(draw(st.sets(_PAST, min_size=size, max_size=size)))
    return [
        record(
            f"C-{index}",
            draw(_VALUES),
            effective,
            state=draw(st.sampled_from(AUTHORITATIVE_STATES)),
            supersedes=f"C-{index - 1}" if index else None,
        )
        for index, effective in enumerate(dates)
    ]


def _assert_newest_is_current(chain: list[LifecycleRecord], newest: LifecycleRecord) -> None:
    resolution = resolution_of(chain)
    assert resolution.status is Status.CURRENT
    assert [r.record_id for r in resolution.current] == [newest.record_id]
    assert label(claim(newest.value), resolution).status is Status.CURRENT
    for older in chain:
        if same_value(older.value, newest.value):
            continue
        verdict = label(claim(older.value), resolution)
        assert verdict.status is Status.SUPERSEDED
        assert verdict.record_ids == (newest.record_id,)
        assert repr(newest.value) in verdict.explanation
        assert newest.record_id in verdict.explanation


@PROPERTY
@given(linear_chains())
def test_in_a_linear_chain_the_newest_value_is_current_and_every_other_superseded(
    chain: list[LifecycleRecord],
) -> None:
    _assert_newest_is_current(chain, chain[-1])


@PROPERTY
@given(linear_chains(), st.randoms(use_true_random=False))
def test_in_a_chain_of_links_the_last_link_wins_whatever_the_dates(
    chain: list[LifecycleRecord], random: Random
) -> None:
    dates: list[date] = [r.effective_date for r in chain]
    random.shuffle(dates)
    relinked = [
        record(r.record_id, r.value, when, state=r.state, supersedes=r.supersedes_record_id)
        for r, when in zip(chain, dates, strict=True)
    ]

    _assert_newest_is_current(relinked, relinked[-1])


@PROPERTY
@given(linear_chains(), st.integers(1, 400))
def test_a_chain_is_read_as_of_its_date_never_from_later_records(
    chain: list[LifecycleRecord], days_before: int
) -> None:
    cut = chain[-1].effective_date - timedelta(days=days_before)
    in_effect = [r for r in chain if r.effective_date <= cut]

    resolution = resolution_of(chain, cut)

    if not in_effect:
        assert resolution.status is Status.UNVERIFIED
    else:
        assert [r.record_id for r in resolution.current] == [in_effect[-1].record_id]
    assert resolution.pending == tuple(r for r in chain if r.effective_date > cut)
