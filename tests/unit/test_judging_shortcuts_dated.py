"""The dated verdict's shortcut decides what the long way decides (hypothesis): judged on a past
day, a claim SUPERSEDED then is asked about today's records only when a record pending then is
in effect by today; otherwise today's records say what they said, and it cannot state their
value."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.builders import AS_OF, KEY, claim, history_of
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.status import Status
from truthexpiry.rules.labeler import label, states_current
from truthexpiry.rules.resolution import resolve, settle, timeline_of

_VALUES = st.sampled_from(("enabled", "off", "30 days", "1 month", "20", "eu central"))
_DATES = st.sampled_from([AS_OF - timedelta(days=d) for d in (400, 2, 1, 0)] + [AS_OF])
_LATER = st.sampled_from([timedelta(days=d) for d in (0, 1, 2, 30)])


@st.composite
def histories(draw: st.DrawFn) -> list[LifecycleRecord]:
    return history_of(draw, _VALUES, _DATES, max_size=5)


@settings(deadline=None)
@given(histories(), _VALUES, _DATES, _LATER)
def test_nothing_in_effect_since_means_not_todays_value(
    records: list[LifecycleRecord], stated: str, judged_on: date, later: timedelta
) -> None:
    today = judged_on + later
    resolution = resolve(KEY, records, judged_on)
    verdict = label(claim(stated), resolution)
    changed = any(r.effective_date <= today for r in resolution.pending)
    if verdict.status is Status.SUPERSEDED and not changed:
        now = settle(KEY, timeline_of(records), today)
        assert not states_current(claim(stated), now)
