"""Questions about time through the whole pipeline, wired by the composition root with fakes:
what changed, what is coming, and a claim judged as of the date a question names."""

from __future__ import annotations

from datetime import date

from slack_sdk import WebClient

from bootstrap import build_pipeline, build_worker
from settings.worker import WorkerSettings
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock, RecordingMetrics
from tests.unit.builders import record
from truthexpiry.models.answering.notices import EvidenceUnavailable, NothingToCheck
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleState
from truthexpiry.models.status import Status
from truthexpiry.models.time.changes import ChangeSubject, TimeReport
from truthexpiry.models.time.periods import AsOfSource, TimeQuestion
from truthexpiry.services.pipeline import TruthExpiryPipeline
from truthexpiry.time.feed import ChangeFeed

TODAY = date(2026, 11, 30)
EXPORT = ClaimKey.of("report_export", "availability", {"plan": "starter", "region": "global"})
EXPORT_PRO = ClaimKey.of("report_export", "availability", {"plan": "pro", "region": "global"})
DARK = ClaimKey.of("dark_mode", "availability", {"plan": "starter", "region": "global"})
LIMIT = ClaimKey.of("api", "rate_limit", {"plan": "pro", "region": "global"})
RECORDS = (
    # report export on Starter: on, off, on again
    record("R-1", "enabled", "2024-01-01", key=EXPORT),
    record("R-2", "disabled", "2026-03-10", key=EXPORT, supersedes="R-1"),
    record("R-3", "enabled", "2026-10-05", key=EXPORT, supersedes="R-2"),
    # report export on Pro: always on; a plan to turn it off
    record("R-10", "enabled", "2023-01-01", key=EXPORT_PRO),
    record("R-11", "disabled", "2027-02-01", key=EXPORT_PRO, state=LifecycleState.PLANNED),
    # dark mode on Starter: first shipped in the window; a proposal never counts
    record("R-20", "enabled", "2026-11-02", key=DARK),
    record("R-21", "disabled", "2027-01-01", key=DARK, state=LifecycleState.PROPOSED),
    # the rate limit on Pro: two records of one day disagree; one shipped for later
    record("R-30", "100", "2026-11-15", key=LIMIT),
    record("R-31", "200", "2026-11-15", key=LIMIT),
    record("R-32", "300", "2026-12-20", key=LIMIT, supersedes="R-31"),
)


def pipeline(evidence: FakeLifecycleEvidence | None = None) -> TruthExpiryPipeline:
    return build_pipeline(
        search=FakeMessageSearch(),
        evidence=evidence or FakeLifecycleEvidence(RECORDS),
        clock=FixedClock(TODAY),
    )


def ask(question: str, as_of: date | None = None) -> TruthExpiryResponse:
    return pipeline().run(TruthExpiryRequest(question, as_of=as_of))


def report(response: TruthExpiryResponse) -> TimeReport:
    assert response.time is not None
    return response.time


def changes(
    response: TruthExpiryResponse,
) -> list[tuple[str, str, tuple[str, ...], tuple[str, ...], str | None]]:
    return [
        (t.effective_date.isoformat(), t.key.entity, t.from_values, t.to_values, t.record_id)
        for t in report(response).changes
    ]


def test_a_change_question_for_a_scope_lists_its_transitions_with_records_and_dates() -> None:
    response = ask("What changed for Starter since March?")

    assert report(response).kind is TimeQuestion.CHANGES
    assert report(response).subjects == (ChangeSubject(scope=(("plan", "starter"),)),)
    assert changes(response) == [
        ("2026-03-10", "report_export", ("enabled",), ("disabled",), "R-2"),
        ("2026-10-05", "report_export", ("disabled",), ("enabled",), "R-3"),
        ("2026-11-02", "dark_mode", (), ("enabled",), "R-20"),
    ]
    assert response.as_of == TODAY
    assert response.as_of_source is AsOfSource.OPTION
    assert not response.notices  # answered: no "nothing to check"


def test_a_scope_value_no_record_has_is_named_and_narrows_to_nothing() -> None:
    response = ask("What changed for Basic this year?")

    assert report(response).changes == ()
    assert report(response).unknown_scope == (("plan", "basic"),)


def test_the_window_counts_from_the_request_date_not_the_clock() -> None:
    response = ask("What changed for Starter this year?", as_of=date(2026, 6, 30))

    assert report(response).window.end == date(2026, 6, 30)
    assert changes(response) == [
        ("2026-03-10", "report_export", ("enabled",), ("disabled",), "R-2"),
    ]


def test_without_a_window_a_change_question_looks_at_the_last_30_days() -> None:
    response = ask("What changed for report export recently?")

    assert report(response).window.start == date(2026, 11, 1)
    assert changes(response) == []  # R-3 took effect on 2026-10-05


def test_an_entity_named_without_a_value_selects_every_key_of_it() -> None:
    response = ask("Any changes to report export this year?")

    assert report(response).subjects == (ChangeSubject("report_export"),)
    assert [c[-1] for c in changes(response)] == ["R-2", "R-3"]


def test_a_question_that_names_no_subject_lists_every_key_in_the_window() -> None:
    response = ask("What changed in November?")

    assert report(response).subjects == ()
    found = report(response).changes
    assert [(t.key, t.status, t.to_values) for t in found] == [
        (DARK, Status.CURRENT, ("enabled",)),
        (LIMIT, Status.CONFLICTING, ("100", "200")),
    ]
    assert found[1].record_ids == ("R-30", "R-31")


def test_what_is_coming_lists_shipped_and_planned_records_none_authoritative() -> None:
    response = ask("What's coming?")

    coming = report(response).upcoming
    assert report(response).kind is TimeQuestion.UPCOMING
    assert [(c.record.record_id, c.planned, c.takes_effect) for c in coming] == [
        ("R-32", False, date(2026, 12, 20)),
        ("R-11", True, None),
    ]
    assert coming[0].current_values == ("100", "200")
    assert coming[1].current_values == ("enabled",)


def test_a_planned_question_for_a_scope_lists_only_that_scope() -> None:
    response = ask("Is anything planned for Pro?")

    assert [c.record.record_id for c in report(response).upcoming] == ["R-32", "R-11"]
    response = ask("Is anything planned for Starter?")
    assert report(response).upcoming == ()


def test_a_claim_about_a_period_is_judged_on_its_last_day_with_the_changes_inside() -> None:
    response = ask("Was report export available on Starter in March 2026?")

    [verdict] = response.question_verdicts
    assert response.as_of == date(2026, 3, 31)
    assert response.as_of_source is AsOfSource.QUESTION
    assert verdict.status is Status.SUPERSEDED
    assert verdict.record_ids == ("R-2",)
    assert changes(response) == [
        ("2026-03-10", "report_export", ("enabled",), ("disabled",), "R-2"),
    ]


def test_a_claim_about_a_day_is_judged_on_that_day() -> None:
    response = ask("Was report export enabled on Starter on 2026-03-09?")

    assert response.as_of == date(2026, 3, 9)
    assert response.question_verdicts[0].status is Status.CURRENT
    assert changes(response) == []


def test_a_value_question_about_a_period_is_answered_as_of_it() -> None:
    response = ask("What was the availability of report export on Starter in 2026?")

    assert response.as_of == TODAY  # the period runs on: judged today
    assert response.answer is not None
    assert response.answer.current_values == ("enabled",)
    assert [c[-1] for c in changes(response)] == ["R-2", "R-3"]


def test_a_period_still_ahead_is_judged_today_with_what_is_coming_in_it() -> None:
    response = ask("Will report export be disabled on Pro in February 2027?")

    assert response.as_of == TODAY
    assert response.as_of_source is AsOfSource.OPTION
    # judged on today's records, where it is on; but it states the value R-11 plans for that
    # month, and says so (issue 19, kind 8)
    assert response.question_verdicts[0].status is Status.SUPERSEDED
    assert response.question_verdicts[0].planned is not None
    assert "R-11 (PLANNED)" in response.question_verdicts[0].explanation
    assert [c.record.record_id for c in report(response).upcoming] == ["R-11"]


def test_records_that_cannot_be_listed_are_never_read_as_no_change() -> None:
    evidence = FakeLifecycleEvidence(RECORDS, unavailable=True)

    response = pipeline(evidence).run(TruthExpiryRequest("What changed for Starter?"))

    assert report(response).unavailable
    assert any(isinstance(n, EvidenceUnavailable) for n in response.notices)


def test_an_ordinary_question_carries_no_time_report() -> None:
    response = ask("Is report export enabled on Starter?")

    assert response.time is None
    assert response.as_of_source is AsOfSource.OPTION


def test_a_question_about_a_date_with_nothing_to_check_still_gets_the_notice() -> None:
    response = ask("What happened in March 2026?")

    assert any(isinstance(n, NothingToCheck) for n in response.notices)


def test_summaries_list_recent_changes_and_what_is_coming() -> None:
    evidence = FakeLifecycleEvidence(RECORDS)
    summary = ChangeFeed(history=evidence, evidence=evidence, clock=FixedClock(TODAY)).overview()

    assert [t.record_id for t in summary.recent] == ["R-20", "R-30"]
    assert [c.record.record_id for c in summary.coming] == ["R-32"]


def test_the_workers_pipeline_lists_records_by_date_through_timed_evidence() -> None:
    metrics = RecordingMetrics()
    settings = WorkerSettings.load(
        {
            "SLACK_BOT_TOKEN": "xoxb-bot",
            "SLACK_APP_TOKEN": "xapp-app",
            "TRUTH_EXPIRY_USE_FAKES": "1",
        }
    )
    worker = build_worker(
        settings,
        WebClient(token="xoxb-unused"),
        metrics=metrics,
        search=FakeMessageSearch(),
        evidence=FakeLifecycleEvidence(RECORDS),
    )

    response = worker.deps.pipeline.run(
        TruthExpiryRequest("What changed for Starter?", as_of=TODAY)
    )

    assert [t.record_id for t in report(response).changes] == ["R-20"]
    assert ("history", None) in metrics.port_calls
    worker.close()
