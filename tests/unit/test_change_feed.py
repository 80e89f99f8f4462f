"""What changed lately and what is coming, and one notice per change as it takes effect."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date

import pytest

from adapters.dedup.memory import InMemoryNoticeLedger
from tests.fakes import FakeLifecycleEvidence, FixedClock
from tests.unit.builders import record
from truthexpiry.models.errors import EvidenceUnavailableError, NoticeNotPostedError
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.time.change_notices import ChangeNotice
from truthexpiry.models.time.changes import KeyHistories, RecordSelection
from truthexpiry.time.feed import ChangeFeed, ChangeNotifier

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
    notices: list[ChangeNotice] = field(default_factory=list)
    failing: str | None = None

    def post(self, notice: ChangeNotice, catalog: Catalog) -> None:
        del catalog
        if self.failing:
            raise NoticeNotPostedError(self.failing)
        change = notice.change
        said = f"{change.record_id}: {change.from_values} -> {change.to_values}"
        self.posted.append(("correction " if notice.correction else "") + said)
        self.notices.append(notice)


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
) -> ChangeNotifier:
    return ChangeNotifier(feed(records, today=today), ledger, notices, window_days=7)


def kept_ledger() -> InMemoryNoticeLedger:
    """A ledger with a baseline taken before any record took effect: it remembers."""
    ledger = InMemoryNoticeLedger()
    ledger.rebaseline([])
    return ledger


def test_each_change_in_the_window_is_announced_once() -> None:
    notices, ledger = RecordingNotices(), kept_ledger()
    first = notifier(notices, ledger)

    assert first.tick() == 1
    assert first.tick() == 0
    assert notifier(notices, ledger).tick() == 0  # another replica sharing the ledger
    assert notices.posted == ["L2: ('100',) -> ('50',)"]  # B (12 days ago) is outside the window


def test_a_change_is_announced_when_its_date_arrives() -> None:
    notices, ledger = RecordingNotices(), kept_ledger()
    notifier(notices, ledger).tick()

    notifier(notices, ledger, today=date(2026, 6, 10)).tick()

    assert notices.posted[-1] == "C: ('disabled',) -> ('enabled',)"
    assert len(notices.posted) == 2  # nothing planned or proposed is announced


def test_a_record_a_reload_brings_in_already_in_effect_is_announced() -> None:
    notices, ledger = RecordingNotices(), kept_ledger()
    notifier(notices, ledger).tick()
    reloaded = [*RECORDS, record("L5", "60", "2026-05-30", supersedes="L2", key=LIMIT)]

    notifier(notices, ledger, records=reloaded).tick()

    assert "L5: ('100',) -> ('60',)" in notices.posted


def test_an_empty_ledger_takes_a_baseline_and_announces_only_what_comes_after() -> None:
    notices, ledger = RecordingNotices(), InMemoryNoticeLedger()  # first start, or a restart
    running = notifier(notices, ledger)

    assert running.tick() == 0
    assert running.tick() == 0
    assert notices.posted == []
    assert notifier(notices, ledger, today=date(2026, 6, 10)).tick() == 1


def test_a_ledger_emptied_after_its_notices_announces_none_of_them_again() -> None:
    notices, ledger = RecordingNotices(), kept_ledger()
    notifier(notices, ledger).tick()

    emptied = InMemoryNoticeLedger()  # what a Redis that came back empty answers
    again = notifier(notices, emptied)

    assert again.tick() == 0
    assert again.tick() == 0
    assert notices.posted == ["L2: ('100',) -> ('50',)"]


def test_an_empty_window_still_takes_a_baseline_so_the_next_change_is_announced() -> None:
    notices, ledger = RecordingNotices(), InMemoryNoticeLedger()
    notifier(notices, ledger, today=date(2026, 5, 1)).tick()  # nothing in the window

    assert notifier(notices, ledger).tick() == 1
    assert notices.posted == ["L2: ('100',) -> ('50',)"]


def test_a_record_corrected_in_place_after_its_notice_is_announced_once_as_a_correction() -> None:
    notices, ledger = RecordingNotices(), kept_ledger()
    notifier(notices, ledger).tick()
    corrected = [r for r in RECORDS if r.record_id != "L2"]
    corrected.append(record("L2", "40", "2026-06-01", supersedes="L1", key=LIMIT))

    assert notifier(notices, ledger, records=corrected).tick() == 1
    assert notifier(notices, ledger, records=corrected).tick() == 0
    assert notices.posted == ["L2: ('100',) -> ('50',)", "correction L2: ('100',) -> ('40',)"]
    assert notices.notices[-1].correction


def test_a_respelled_value_is_no_correction() -> None:
    notices, ledger = RecordingNotices(), kept_ledger()
    notifier(notices, ledger).tick()
    respelled = [r for r in RECORDS if r.record_id != "L2"]
    respelled.append(record("L2", " 50 ", "2026-06-01", supersedes="L1", key=LIMIT))

    assert notifier(notices, ledger, records=respelled).tick() == 0


@dataclass
class ReloadedHistory:
    """Lists from a dataset reloaded since the catalog was read (a catalog is cached)."""

    evidence: FakeLifecycleEvidence
    version: str

    def histories_between(self, selection: RecordSelection, max_keys: int) -> KeyHistories:
        found = self.evidence.histories_between(selection, max_keys)
        return replace(found, dataset_version=self.version)


def test_a_notice_names_the_dataset_its_records_were_listed_from() -> None:
    evidence, notices = FakeLifecycleEvidence(RECORDS), RecordingNotices()
    history = ReloadedHistory(evidence, "reloaded-2")
    assert evidence.catalog().version != "reloaded-2"
    feed = ChangeFeed(history=history, evidence=evidence, clock=FixedClock(TODAY))

    ChangeNotifier(feed, kept_ledger(), notices).tick()

    assert [n.dataset_version for n in notices.notices] == ["reloaded-2"]


@dataclass
class ReloadingHistory:
    """Answers from the dataset before a reload the first time, and from the reloaded one after:
    each call is one dataset's, as the server's one call per window is."""

    before: FakeLifecycleEvidence
    after: FakeLifecycleEvidence
    calls: int = 0

    def histories_between(self, selection: RecordSelection, max_keys: int) -> KeyHistories:
        self.calls += 1
        source, version = (self.before, "v1") if self.calls == 1 else (self.after, "v2")
        return replace(source.histories_between(selection, max_keys), dataset_version=version)


def test_a_notice_names_the_dataset_of_the_one_call_its_value_came_from() -> None:
    reloaded = [r for r in RECORDS if r.record_id != "L2"]
    reloaded.append(record("L2", "40", "2026-06-01", supersedes="L1", key=LIMIT))
    history = ReloadingHistory(FakeLifecycleEvidence(RECORDS), FakeLifecycleEvidence(reloaded))
    notices = RecordingNotices()
    feed = ChangeFeed(history=history, evidence=history.after, clock=FixedClock(TODAY))

    ChangeNotifier(feed, kept_ledger(), notices).tick()

    assert history.calls == 1
    assert notices.posted == ["L2: ('100',) -> ('50',)"]
    assert notices.notices[0].dataset_version == "v1"  # the dataset the value came from


def test_a_notice_that_cannot_be_posted_is_tried_again() -> None:
    notices, ledger = RecordingNotices(failing="not_in_channel"), kept_ledger()
    running = notifier(notices, ledger)

    with pytest.raises(NoticeNotPostedError):
        running.tick()
    notices.failing = None

    assert running.tick() == 1
    assert notices.posted == ["L2: ('100',) -> ('50',)"]


def test_the_window_is_at_least_a_day() -> None:
    with pytest.raises(ValueError, match="window_days"):
        ChangeNotifier(feed(), InMemoryNoticeLedger(), RecordingNotices(), window_days=0)
