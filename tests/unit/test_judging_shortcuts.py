"""The judging's shortcuts decide exactly what the long way decides (hypothesis)."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lifecycle_data.repository import LifecycleRecordRepository
from tests.unit.builders import AS_OF, KEY, claim, history_of, record
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label, states_current
from truthexpiry.rules.precedence import distinct_values
from truthexpiry.rules.resolution import resolve, settle, timeline_of
from truthexpiry.values.compare import same_value

PROPERTY = settings(deadline=None)

_VALUES = st.sampled_from(
    (
        "enabled",
        "off",
        "30 days",
        "30_days",
        "1 month",
        "20",
        "140 days",
        "EU-Central",
        "eu central",
    )
)
_DATES = st.sampled_from(
    [AS_OF - timedelta(days=400), AS_OF - timedelta(days=1), AS_OF, AS_OF + timedelta(days=1)]
)


@st.composite
def histories(draw: st.DrawFn) -> list[LifecycleRecord]:
    return history_of(draw, _VALUES, _DATES, max_size=6)


@PROPERTY
@given(histories(), _VALUES, _DATES)
@example([record("R-1", "20")], "140 days", AS_OF)  # incomparable: 20 weeks?
@example([record("R-1", "30 days")], "1 month", AS_OF)
def test_states_current_is_what_the_label_says(
    records: list[LifecycleRecord], stated: str, judged_on: date
) -> None:
    """A dated verdict asks today's records only this, instead of labelling again."""
    settled = settle(KEY, timeline_of(records), judged_on)
    labelled = label(claim(stated), resolve(KEY, records, judged_on))
    assert states_current(claim(stated), settled) == (labelled.status is Status.CURRENT)


@PROPERTY
@given(histories())
def test_distinct_values_are_one_per_same_value(records: list[LifecycleRecord]) -> None:
    expected: list[str] = []
    for each in records:
        if not any(same_value(each.value, seen) for seen in expected):
            expected.append(each.value)
    assert distinct_values(records) == tuple(expected)


def test_a_catalogs_topics_are_worded_once_and_handed_out_as_copies() -> None:
    catalog = LifecycleRecordRepository.packaged().catalog
    first = catalog.topics()
    first.append("not a topic")
    assert catalog.topics() == LifecycleRecordRepository.packaged().catalog.topics()
    assert catalog.topics() == first[:-1]
