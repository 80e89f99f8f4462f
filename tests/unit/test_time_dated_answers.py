"""Answers judged on a date other than today are worded for that date: "the value on <date>",
never "the current value"; a record in effect since then is said to have changed it, not to be
"not yet in effect"; a message stale then but right today says so; a claim about a period
ahead that states the value planned for it is not SUPERSEDED; a thank-you names no time."""

from __future__ import annotations

from datetime import date

import pytest

from bootstrap import build_pipeline
from cli.output import to_text
from listeners.views.verdict_card import verdict_reply
from tests.fakes import FakeLifecycleEvidence, FakeMessageSearch, FixedClock
from tests.unit import block_kit
from tests.unit.builders import record
from tests.unit.test_pipeline_time import EXPORT, RECORDS, TODAY
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.status import Status
from truthexpiry.models.time.periods import TimeQuestion
from truthexpiry.reading.time.phrases import read_time
from truthexpiry.text.tokens import sentences

OFF_TODAY = SearchMessage("1.0", "C0", "eng", "U0", "Kim", "Report export is enabled on Starter.")
OFF_THEN = SearchMessage("2.0", "C0", "eng", "U0", "Kim", "Report export is disabled on Starter.")
PLANNED = (
    *RECORDS,
    record(
        "R-40", "disabled", "2027-03-01", key=EXPORT, supersedes="R-3", state=LifecycleState.PLANNED
    ),
)


def ask(
    question: str,
    as_of: date | None = None,
    messages: tuple[SearchMessage, ...] = (),
    records: tuple[LifecycleRecord, ...] = RECORDS,
) -> TruthExpiryResponse:
    pipeline = build_pipeline(
        search=FakeMessageSearch(messages),
        evidence=FakeLifecycleEvidence(records),
        clock=FixedClock(TODAY),
    )
    return pipeline.run(TruthExpiryRequest(question, as_of=as_of))


@pytest.mark.parametrize(
    ("question", "as_of", "day"),
    [
        ("Is report export on for Starter?", date(2026, 5, 1), "2026-05-01"),
        ("Was report export on for Starter in May 2026?", None, "2026-05-31"),
        ("Was report export on for Starter on 1 May 2026?", None, "2026-05-01"),
        ("Was report export on for Starter as of 2026-05-01?", None, "2026-05-01"),
    ],
)
def test_a_claim_judged_on_another_date_is_worded_for_that_date(
    question: str, as_of: date | None, day: str
) -> None:
    response = ask(question, as_of)
    [verdict] = response.question_verdicts

    assert response.dated
    assert verdict.status is Status.SUPERSEDED
    assert f"the value on {day} is 'disabled'" in verdict.explanation
    assert "current value" not in verdict.explanation
    assert "R-3 changed it to 'enabled' on 2026-10-05" in verdict.explanation
    assert "not yet in effect" not in verdict.explanation
    assert f"Value on {day}: disabled" in to_text(question, response)
    assert f"(judged on {day})" in to_text(question, response)


@pytest.mark.parametrize(
    ("question", "as_of", "day"),
    [
        ("Is report export on for Starter?", date(2026, 5, 1), "2026-05-01"),
        ("Was report export on for Starter in May 2026?", None, "2026-05-31"),
        ("Was report export on for Starter as of 2026-05-01?", None, "2026-05-01"),
        ("What is report export on Starter?", date(2026, 5, 1), "2026-05-01"),
        ("What was report export on Starter on 1 May 2026?", None, "2026-05-01"),
    ],
)
def test_a_slack_card_judged_on_another_date_labels_values_for_that_date(
    question: str, as_of: date | None, day: str
) -> None:
    response = ask(question, as_of, (OFF_TODAY, OFF_THEN))
    texts = block_kit.section_texts(verdict_reply(response).blocks)
    labelled = [t for t in texts if "alue" in t and ("Stated:" in t or "*Answer*" in t)]

    assert response.dated
    assert labelled
    assert all(f"Value on {day}: *" in t for t in labelled), labelled
    assert not any("Current value" in t for t in texts)


def test_a_slack_card_judged_today_says_current_value() -> None:
    response = ask("Is report export on for Starter?", None, (OFF_TODAY,))
    texts = block_kit.section_texts(verdict_reply(response).blocks)

    assert not response.dated
    assert any("Current value: *enabled*" in t for t in texts)
    assert not any("Value on" in t for t in texts)


def test_a_claim_judged_today_keeps_the_current_wording() -> None:
    response = ask("Is report export on for Starter?")
    [verdict] = response.question_verdicts

    assert not response.dated
    assert "The current value is 'enabled'" in verdict.explanation
    assert "Current value: enabled" in to_text("q", response)


def test_a_message_stale_on_the_date_but_right_today_says_so() -> None:
    response = ask("Is report export on for Starter?", date(2026, 5, 1), (OFF_TODAY, OFF_THEN))
    by_value = {v.claim.stated_value: v for v in response.message_verdicts}

    stale_then = by_value["enabled"]
    assert stale_then.status is Status.SUPERSEDED
    assert "Judged on 2026-05-01; it is the value today, per R-3" in stale_then.explanation
    assert "today" not in by_value["disabled"].explanation.split("changed it")[0]


def test_an_answer_on_another_date_says_the_value_was_on_that_date() -> None:
    response = ask("What is report export on Starter?", date(2026, 5, 1))

    assert response.answer is not None
    assert response.answer.explanation.startswith("The value on 2026-05-01 is 'disabled'")
    assert "on 2026-05-01 was disabled" in to_text("q", response)


@pytest.mark.parametrize(
    "question",
    [
        "Will report export be off on Starter next year?",
        "Will report export be disabled on Starter in March 2027?",
        "Is report export going to be off for Starter in 2027?",
    ],
)
def test_a_claim_about_a_period_ahead_stating_its_planned_value_says_it_is_planned(
    question: str,
) -> None:
    response = ask(question, records=PLANNED)
    [verdict] = response.question_verdicts

    assert verdict.status is Status.SUPERSEDED  # judged on today's records
    assert verdict.planned is not None
    assert verdict.planned.record_id == "R-40"
    assert "R-40 (PLANNED) would take effect with the value stated" in verdict.explanation
    assert "Planned, not yet authoritative" in verdict_reply(response).blocks[0]["text"]["text"]
    assert "R-40 plans the value stated for then" in to_text(question, response)


def test_a_claim_about_a_period_ahead_stating_another_value_names_no_plan() -> None:
    response = ask("Will report export be on for Starter next year?", records=PLANNED)
    [verdict] = response.question_verdicts

    assert verdict.key == EXPORT
    assert verdict.status is Status.CURRENT  # R-40 plans it off: that is what is coming
    assert verdict.planned is None


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, that helped yesterday!",
        "thank you for the answer yesterday",
        "Many thanks, the numbers from last week were right.",
        "Cheers, sorted it out yesterday",
    ],
)
def test_a_thank_you_names_no_time(text: str) -> None:
    assert read_time(sentences(text), TODAY) is None


def test_a_thank_you_that_also_asks_is_read() -> None:
    reading = read_time(sentences("Thanks! And what changed yesterday?"), TODAY)

    assert reading is not None
    assert reading.kind is TimeQuestion.CHANGES
