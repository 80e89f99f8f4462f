"""What changed lately and what is coming, and one notice per change as it takes effect."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

import pytest

from adapters.dedup.memory import InMemoryNoticeLedger
from tests.fakes import FakeLifecycleEvidence, FixedClock
from tests.unit.builders import record
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.changes import Transition
from truthexpiry.models.claim_key import ClaimKey
from truthexpiry.models.errors import EvidenceUnavailableError, NoticeNotPostedError
from truthexpiry.models.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.services.change_feed import ChangeFeed, ChangeNotifier

TODAY = date(2026, 6, 1)
LIMIT = ClaimKey.of("api", "rate_limit", {"plan": "starter"})
RECORDS = [
    record("A", "enabled", "2024-01-15"),
    record("B", "disabled", "2026-05-20", supersedes="A"),  # 12 days ago
    record("C", "enabled", "2026-06-10", supersedes="B"),  # in 9 days
    record("L1", "100", "2023-06-01", key=LIMIT),
    record("L2", "50", "2026-06-01", supersedes="L1", key=LIMIT),  # today
    record("L3", "80", "2026-06-20", key=LIMIT, state=LifecycleState.PLANNED),
    record("L4", "90", "2026-06-25", key=LIMIT, state=LifecycleState.PROPOSED),
    record("OLD", "200", "2026-04-01", key=ClaimKey.of("api", "burst", {"plan": "starter"})),
]


@dataclass
class RecordingNotices:
    """The `ChangeNotices` port: keeps what was posted; `failing` refuses with that code."""

    posted: list[str] = field(default_factory=list)
    failing: str | None = None

    def post(self, change: Transition, catalog: Catalog) -> None:
        del catalog
        if self.failing:
            raise NoticeNotPostedError(self.failing)
        self.posted.append(f"{change.record_id}: {change.from_values} -> {change.to_values}")


def feed(
    records: Sequence[LifecycleRecord] = RECORDS, *, today: date = TODAY, **faults: bool
) -> ChangeFeed:
    evidence = FakeLifecycleEvidence(records, **faults)
    return ChangeFeed(history=evidence, evidence=evidence, clock=FixedClock(today))


def test_the_overview_lists_the_last_and_the_next_thirty_days() -> None:
    overview = feed().overview()

    assert [(t.record_id, t.from_values, t.to_values) for t in overview.recent] == [
        ("B", ("enabled",), ("disabled",)),
        ("L2", ("100",), ("50",)),
    ]
    assert [(c.record.record_id, c.takes_effect, c.planned) for c in overview.coming] == [
        ("C", date(2026, 6, 10), False),
        ("L3", None, True),
    ]
    assert overview.coming[0].current_values == ("disabled",)
    assert overview.recent_window.start == date(2026, 5, 3)
    assert overview.coming_window.end == date(2026, 7, 1)
    assert not overview.truncated


def test_the_overview_costs_one_history_call_per_window_and_no_lookups() -> None:
    evidence = FakeLifecycleEvidence(RECORDS)
    ChangeFeed(history=evidence, evidence=evidence, clock=FixedClock(TODAY)).overview()

    assert len(evidence.windows) == 2
    assert evidence.lookups == []


def test_an_unavailable_source_is_never_read_as_nothing_changed() -> None:
    with pytest.raises(EvidenceUnavailableError):
        feed(unavailable=True).overview()


def notifier(
    notices: RecordingNotices,
    ledger: InMemoryNoticeLedger,
    *,
    today: date = TODAY,
    records: Sequence[LifecycleRecord] = RECORDS,
    quiet_start: bool = False,
) -> ChangeNotifier:
    return ChangeNotifier(
        feed(records, today=today), ledger, notices, window_days=7, quiet_start=quiet_start
    )


def test_each_change_in_the_window_is_announced_once() -> None:
    notices, ledger = RecordingNotices(), InMemoryNoticeLedger()
    first = notifier(notices, ledger)

    assert first.tick() == 1
    assert first.tick() == 0
    assert notifier(notices, ledger).tick() == 0  # another replica sharing the ledger
    assert notices.posted == ["L2: ('100',) -> ('50',)"]  # B (12 days ago) is outside the window


def test_a_change_is_announced_when_its_date_arrives() -> None:
    notices, ledger = RecordingNotices(), InMemoryNoticeLedger()
    notifier(notices, ledger).tick()

    notifier(notices, ledger, today=date(2026, 6, 10)).tick()

    assert notices.posted[-1] == "C: ('disabled',) -> ('enabled',)"
    assert len(notices.posted) == 2  # nothing planned or proposed is announced


def test_a_record_a_reload_brings_in_already_in_effect_is_announced() -> None:
    notices, ledger = RecordingNotices(), InMemoryNoticeLedger()
    notifier(notices, ledger).tick()
    reloaded = [*RECORDS, record("L5", "60", "2026-05-30", supersedes="L2", key=LIMIT)]

    notifier(notices, ledger, records=reloaded).tick()

    assert "L5: ('100',) -> ('60',)" in notices.posted


def test_a_quiet_start_announces_only_what_takes_effect_after_it() -> None:
    notices, ledger = RecordingNotices(), InMemoryNoticeLedger()
    running = notifier(notices, ledger, quiet_start=True)

    assert running.tick() == 0
    assert running.tick() == 0
    assert notices.posted == []
    assert notifier(notices, ledger, today=date(2026, 6, 10)).tick() == 1


def test_a_notice_that_cannot_be_posted_is_tried_again() -> None:
    notices, ledger = RecordingNotices(failing="not_in_channel"), InMemoryNoticeLedger()
    running = notifier(notices, ledger)

    with pytest.raises(NoticeNotPostedError):
        running.tick()
    notices.failing = None

    assert running.tick() == 1
    assert notices.posted == ["L2: ('100',) -> ('50',)"]


def test_the_window_is_at_least_a_day() -> None:
    with pytest.raises(ValueError, match="window_days"):
        ChangeNotifier(feed(), InMemoryNoticeLedger(), RecordingNotices(), window_days=0)
