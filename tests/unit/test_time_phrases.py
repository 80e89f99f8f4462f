"""Reading time in questions: change windows, what is coming, and the date to judge on."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.builders import day
from truthexpiry.models.records.catalog import AttributeInfo, Catalog, EntityInfo
from truthexpiry.models.records.values import ValueType
from truthexpiry.models.time.periods import TimeQuestion
from truthexpiry.reading.time.phrases import read_time
from truthexpiry.text.tokens import sentences

AS_OF = day("2025-11-20")  # a Thursday
CHANGES, UPCOMING, AS_OF_DATE = TimeQuestion.CHANGES, TimeQuestion.UPCOMING, TimeQuestion.AS_OF
FOREVER = date.max.isoformat()


def read(question: str, as_of: date = AS_OF, catalog: Catalog | None = None) -> tuple[str, ...]:
    reading = read_time(sentences(question), as_of, catalog)
    assert reading is not None, question
    window = reading.window
    return (reading.kind.value, window.start.isoformat(), window.end.isoformat())


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What changed for Starter since October?", ("2025-10-01", "2025-11-20")),
        ("Any changes to the rate limit this year?", ("2025-01-01", "2025-11-20")),
        ("What changed this quarter?", ("2025-10-01", "2025-11-20")),
        ("What changed in 2024?", ("2024-01-01", "2024-12-31")),
        ("What changed last month?", ("2025-10-01", "2025-10-31")),
        ("What changed last week?", ("2025-11-10", "2025-11-16")),
        ("What changed in the last 2 weeks?", ("2025-11-07", "2025-11-20")),
        ("Anything new for Pro in the past three months?", ("2025-08-21", "2025-11-20")),
        ("What changed over the past year?", ("2024-11-21", "2025-11-20")),
        ("What changed between March and May 2025?", ("2025-03-01", "2025-05-31")),
        ("What changed from 1 March 2025 to 15 April 2025?", ("2025-03-01", "2025-04-15")),
        ("What changed since the start of the year?", ("2025-01-01", "2025-11-20")),
        ("What changed since last year?", ("2024-01-01", "2025-11-20")),
        ("What has changed since 2025-09-30?", ("2025-09-30", "2025-11-20")),
        ("Did the rate limit change in Q1 2025?", ("2025-01-01", "2025-03-31")),
        ("Were there updates since December?", ("2024-12-01", "2025-11-20")),
        ("What changed since May?", ("2025-05-01", "2025-11-20")),
    ],
)
def test_a_change_question_reads_its_window(question: str, expected: tuple[str, str]) -> None:
    assert read(question) == (CHANGES.value, *expected)


@pytest.mark.parametrize(
    "question",
    [
        "What changed recently?",
        "What's new?",
        "Any changes lately?",
        "What changed?",
        "Did the Starter rate limit change?",
        "Is there a change to SSO?",
    ],
)
def test_a_change_question_without_a_window_looks_back_30_days(question: str) -> None:
    assert read(question) == (CHANGES.value, "2025-10-22", "2025-11-20")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What's changing next month?", ("2025-12-01", "2025-12-31")),
        ("What changes next month?", ("2025-12-01", "2025-12-31")),
        ("What will change in Q3?", ("2026-07-01", "2026-09-30")),
        ("What's coming in December?", ("2025-12-01", "2025-12-31")),
        ("Anything planned for the next 10 days?", ("2025-11-21", "2025-11-30")),
        ("What's coming this month?", ("2025-11-21", "2025-11-30")),
        ("Is anything planned for Pro?", ("2025-11-21", FOREVER)),
        ("What's coming?", ("2025-11-21", FOREVER)),
        ("What is going to change for Starter?", ("2025-11-21", FOREVER)),
        ("Any upcoming changes to SSO?", ("2025-11-21", FOREVER)),
    ],
)
def test_an_upcoming_question_looks_ahead_of_the_as_of_date(
    question: str, expected: tuple[str, str]
) -> None:
    assert read(question) == (UPCOMING.value, *expected)


@pytest.mark.parametrize(
    ("question", "window", "judged_on"),
    [
        (
            "Was report export available on Starter in March 2025?",
            ("2025-03-01", "2025-03-31"),
            "2025-03-31",
        ),
        ("Was report export on Starter on 2025-03-15?", ("2025-03-15", "2025-03-15"), None),
        ("Was the limit 50 as of 15 March?", ("2025-03-15", "2025-03-15"), None),
        ("Was SSO on Starter last year?", ("2024-01-01", "2024-12-31"), "2024-12-31"),
        ("Was SSO on Starter in Q1 2025?", ("2025-01-01", "2025-03-31"), "2025-03-31"),
        ("Was SSO on Starter in 2024?", ("2024-01-01", "2024-12-31"), "2024-12-31"),
        ("Was SSO on Starter in May?", ("2025-05-01", "2025-05-31"), "2025-05-31"),
        ("Was it on 3 months ago?", ("2025-08-20", "2025-08-20"), None),
        ("Was it on a week ago?", ("2025-11-13", "2025-11-13"), None),
        ("Was it on yesterday?", ("2025-11-19", "2025-11-19"), None),
        ("Was it on at the end of Q1 2025?", ("2025-03-31", "2025-03-31"), None),
        ("Was the limit 50 on 31 March 2025?", ("2025-03-31", "2025-03-31"), None),
        ("Is SSO on Starter this month?", ("2025-11-01", "2025-11-30"), "2025-11-20"),
        ("Will SSO be on Starter next month?", ("2025-12-01", "2025-12-31"), "2025-12-31"),
    ],
)
def test_a_question_naming_a_date_or_period_is_judged_as_of_it(
    question: str, window: tuple[str, str], judged_on: str | None
) -> None:
    reading = read_time(sentences(question), AS_OF)

    assert read(question) == (AS_OF_DATE.value, *window)
    assert reading is not None
    assert reading.judge_on == day(judged_on or window[1])
    assert reading.stated


@pytest.mark.parametrize(
    "question",
    [
        "Is report export still available on Starter?",
        "What is the API rate limit on Starter?",
        "Is the refund window 30 days for Enterprise?",
        "Are Pro bulk uploads capped at 2000 parcels?",
        "Is the limit 2000 users in EMEA?",
        "Was report export available on Starter?",
        "What may the limit be?",
        "Are changes free on Flex fares in the US?",
        "Is the change fee 50 EUR?",
    ],
)
def test_a_question_that_names_no_time_and_no_change_reads_as_none(question: str) -> None:
    assert read_time(sentences(question), AS_OF) is None


def test_a_date_on_its_own_is_a_value_not_a_month() -> None:
    assert read_time(sentences("Is the filing deadline 30 June 2026?"), AS_OF) is None
    assert read_time(sentences("Is the deadline 2026-06-30?"), AS_OF) is None


def catalog_with(*attributes: AttributeInfo) -> Catalog:
    entities = {a.entity: EntityInfo(a.entity, a.entity.replace("_", " ")) for a in attributes}
    fingerprint = ",".join(f"{a.entity}.{a.attribute}" for a in attributes)  # one per content
    return Catalog("v", fingerprint, entities, {(a.entity, a.attribute): a for a in attributes})


def test_with_the_catalog_a_cue_word_inside_a_name_is_no_cue() -> None:
    maintenance = AttributeInfo(
        "maintenance", "scheduled_maintenance_start", "scheduled maintenance start", {}
    )
    question = "Does US scheduled maintenance start at 2am?"

    assert read_time(sentences(question), AS_OF) is not None
    assert read_time(sentences(question), AS_OF, catalog_with(maintenance)) is None
    assert read(
        "What is scheduled to change in scheduled maintenance?", catalog=catalog_with(maintenance)
    ) == (UPCOMING.value, "2025-11-21", FOREVER)


def test_with_the_catalog_a_date_in_a_question_about_a_date_is_the_value() -> None:
    deadline = AttributeInfo(
        "regulatory_filing",
        "deadline",
        "deadline",
        {},
        value_type=ValueType.DATE,
        aliases=("due date", "due"),
    )
    catalog = catalog_with(deadline)

    assert read_time(sentences("Is the certification due on 31 March 2026?"), AS_OF) is not None
    assert (
        read_time(sentences("Is the certification due on 31 March 2026?"), AS_OF, catalog) is None
    )
    assert read_time(sentences("Is the filing due on Oct 31 2026?"), AS_OF, catalog) is None
    assert read("Was the filing due 31 March as of 1 Jan 2025?", catalog=catalog) == (
        AS_OF_DATE.value,
        "2025-01-01",
        "2025-01-01",
    )


def test_a_change_question_whose_window_lies_ahead_asks_what_is_coming() -> None:
    assert read("What changed since 2027?")[0] == UPCOMING.value


def test_windows_are_counted_from_the_as_of_date_never_the_clock() -> None:
    early = read_time(sentences("What changed in the last 30 days?"), day("2020-01-15"))
    late = read_time(sentences("What changed in the last 30 days?"), day("2031-07-04"))

    assert early is not None
    assert late is not None
    assert (early.window.start, early.window.end) == (day("2019-12-17"), day("2020-01-15"))
    assert (late.window.start, late.window.end) == (day("2031-06-05"), day("2031-07-04"))


_WORDS = st.sampled_from(
    "what changed since in on as of last next past the 30 days week month year q1 q3 2024 "
    "2025-03-15 march may 15 between and from to ago recently coming planned was is rate "
    "limit starter , ? this start end of".split()
)


@settings(deadline=None)
@given(st.lists(_WORDS, max_size=12), st.dates(date(2000, 1, 1), date(2090, 12, 31)))
def test_any_question_reads_to_a_coherent_window_or_none(words: list[str], as_of: date) -> None:
    reading = read_time(sentences(" ".join(words)), as_of)

    if reading is None:
        return
    window = reading.window
    assert window.start <= window.end
    if reading.kind is TimeQuestion.CHANGES:
        assert window.end <= as_of
        assert reading.judge_on == as_of
    if reading.kind is TimeQuestion.UPCOMING and window.end > as_of:
        assert window.start > as_of
    if reading.kind is TimeQuestion.AS_OF:
        assert reading.judge_on in window or reading.judge_on == as_of


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200), st.dates(date(1990, 1, 1), date(2100, 12, 31)))
def test_any_text_reads_without_error(text: str, as_of: date) -> None:
    read_time(sentences(text), as_of)


@pytest.mark.parametrize(
    "question",
    ["What's coming next year?", "Was it on tomorrow?", "What changes in Q1?", "in March?"],
)
def test_a_window_past_the_calendars_end_is_no_window(question: str) -> None:
    reading = read_time(sentences(question), date.max - timedelta(days=1))

    assert reading is None or reading.window.end <= date.max


def test_a_relative_window_moves_with_the_as_of_date() -> None:
    for shift in (0, 1, 45, 400):
        as_of = AS_OF + timedelta(days=shift)
        reading = read_time(sentences("What changed over the past 2 weeks?"), as_of)
        assert reading is not None
        assert reading.window.end - reading.window.start == timedelta(days=13)
        assert reading.window.end == as_of
