"""Changes for people: the App Home's recent and coming changes, and the change notice, within
Block Kit's limits whatever the records hold."""

from __future__ import annotations

from datetime import date

from listeners.views.app_home import home_view
from listeners.views.changes import MAX_LISTED, change_notice, overview_blocks
from tests.fakes import FakeLifecycleEvidence, FixedClock
from tests.unit import block_kit
from tests.unit.builders import KEY, record
from tests.unit.test_views import big_catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.status import Status
from truthexpiry.models.time.change_overview import ChangeOverview
from truthexpiry.models.time.changes import Transition
from truthexpiry.time.evidence import MAX_KEYS_PER_QUESTION
from truthexpiry.time.feed import ChangeFeed

TODAY = date(2026, 6, 1)
LIMIT = ClaimKey.of("api", "rate_limit", {"plan": "starter"})


def overview_of(records: list[LifecycleRecord]) -> ChangeOverview:
    evidence = FakeLifecycleEvidence(records)
    return ChangeFeed(history=evidence, evidence=evidence, clock=FixedClock(TODAY)).overview()


OVERVIEW = overview_of(
    [
        record("A", "enabled", "2024-01-15"),
        record("B", "disabled", "2026-05-20", supersedes="A"),
        record("C", "enabled", "2026-06-10", supersedes="B"),
        record("L1", "100", "2026-05-25", key=LIMIT),
        record("L3", "80", "2026-06-20", key=LIMIT, state=LifecycleState.PLANNED),
    ]
)


def test_the_app_home_lists_recent_changes_newest_first_and_what_is_coming() -> None:
    view = home_view(OVERVIEW.catalog, dataset_version="v", changes=OVERVIEW)
    block_kit.check_view(view)
    text = block_kit.all_text(view["blocks"])

    assert "Recent changes (last 30 days)" in text
    assert "Coming up (next 30 days)" in text
    assert text.index("L1") < text.index("*2026-05-20*")  # newest first
    assert "enabled \u2192 disabled · B" in text
    assert "plan=starter" in text
    assert "region=global" not in text.split("How to ask")[0]
    assert "nothing in effect \u2192 100 (new) · L1" in text
    assert "*2026-06-10*" in text
    assert "enabled from 2026-06-10 (now: disabled) · C, SHIPPED, not yet in effect" in text
    assert "80 planned (now: 100) · L3, PLANNED: takes effect only if it ships" in text
    assert "as of 2026-06-01" in text


def test_quiet_windows_say_so() -> None:
    quiet = overview_of([record("A", "enabled", "2024-01-15")])

    text = block_kit.all_text(overview_blocks(quiet))

    assert "Nothing changed in the records in the last 30 days." in text
    assert "Nothing is shipped or planned to take effect in the next 30 days." in text


def test_records_that_cannot_be_read_are_said_so_and_nothing_is_listed() -> None:
    view = home_view(OVERVIEW.catalog, dataset_version="v", changes_unavailable=True)
    block_kit.check_view(view)

    assert "could not be read just now" in block_kit.all_text(view["blocks"])
    assert "Recent changes" not in block_kit.all_text(
        home_view(OVERVIEW.catalog, dataset_version="v")["blocks"]
    )


def test_many_changes_with_hostile_values_stay_within_the_limits() -> None:
    records = []
    for n in range(40):
        key = ClaimKey.of(f"e{n}", "availability", {"plan": "starter", "region": "x" * 60})
        records.append(record(f"R{n}-" + "9" * 70, "<b>&" * 60, "2026-05-15", key=key))
        records.append(record(f"S{n}", "on&<>" * 40, "2026-06-15", key=key))
    huge = overview_of(records)
    assert huge.truncated  # 40 keys changed: more than one question fetches

    view = home_view(big_catalog(3000, label="L&<" * 300), dataset_version="v", changes=huge)

    block_kit.check_view(view)
    assert len(view["blocks"]) == 100
    text = block_kit.all_text(view["blocks"])
    assert text.count(f"\u2026and {MAX_KEYS_PER_QUESTION - MAX_LISTED} more not shown.") == 2
    assert "ask about one subject or a shorter window" in text
    for block_text in block_kit.mrkdwn_texts(view["blocks"]):
        block_kit.check_escaped(block_text)


def change(
    before: tuple[str, ...], after: tuple[str, ...], *records: LifecycleRecord, **kw: Status
) -> Transition:
    return Transition(
        KEY,
        date(2026, 5, 20),
        before,
        after,
        records,
        kw.get("status", Status.CURRENT),
        kw.get("from_status", Status.CURRENT),
    )


def test_a_notice_says_what_changed_from_what_to_what_and_that_old_messages_are_stale() -> None:
    notice = change(("enabled",), ("disabled",), record("B", "disabled", "2026-05-20"))

    reply = change_notice(notice, OVERVIEW.catalog, dataset_version="demo")

    block_kit.check_message(reply.text, reply.blocks)
    text = block_kit.all_text(reply.blocks)
    assert "Change in effect: Report export availability" in text
    assert "From *enabled* to *disabled*, in effect since 2026-05-20 (record B)" in text
    assert "Messages that say *enabled* are now stale" in text
    assert "B SHIPPED" in text
    assert reply.text == (
        "Change in effect: Report export availability (plan=starter) changed from enabled to "
        "disabled on 2026-05-20 (B). Messages that say enabled are now stale."
    )


def test_a_first_value_and_a_conflict_are_worded_for_what_they_are() -> None:
    first = change_notice(
        change((), ("enabled",), record("A", "enabled", "2026-05-20")), OVERVIEW.catalog
    )
    conflict = change_notice(
        change(
            ("enabled",),
            ("disabled", "enabled"),
            record("B", "disabled", "2026-05-20"),
            record("C", "enabled", "2026-05-20"),
            status=Status.CONFLICTING,
        ),
        OVERVIEW.catalog,
    )

    first_text = block_kit.all_text(first.blocks)
    assert "no authoritative value before" in first_text
    assert "stale" not in first_text
    assert "the records disagree: *disabled* / *enabled* (B, C)" in block_kit.all_text(
        conflict.blocks
    )
