"""A scope value no record has, named in a question, is answered as such: a change question
about it lists nothing and names it (`unknown_scope`), a value question about it is UNVERIFIED;
neither is ever answered with another scope's records."""

from __future__ import annotations

from datetime import date
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bootstrap import build_pipeline, corpus_search, dataset_evidence
from cli.evaluation import run_cases
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.status import Status
from truthexpiry.models.time.changes import ChangeSubject
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.reading.subjects import read_subjects
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import sentences
from truthexpiry.text.words import MONTHS

AS_OF = date(2026, 11, 30)
S = ChangeSubject
CHANGE_QUESTIONS = (
    "What changed for {name} since 2025?",
    "What changed at {name} this year?",
    "Any changes for the {name} line since 2025?",
    "What changed at the {name} site in the last 12 months?",
    "What's coming for {name}?",
)
VALUE_QUESTIONS = {
    "brookside": (
        "What is the locker deposit at {name}?",
        "What is the card payment surcharge for {name}?",
    ),
    "lakeline": (
        "What is the delay refund threshold on the {name} line?",
        "What is the adult single fare for {name}?",
    ),
}


@cache
def repository(name: str) -> LifecycleRecordRepository:
    return LifecycleRecordRepository.from_path(DATA / f"{name}_records.json")


def ask(name: str, question: str) -> TruthExpiryResponse:
    pipeline = build_pipeline(search=corpus_search(()), evidence=dataset_evidence(repository(name)))
    return pipeline.run(TruthExpiryRequest(question, as_of=AS_OF))


@pytest.mark.parametrize(
    ("name", "question", "expected"),
    [
        ("brookside", "What changed for Westfield since 2025?", (("site", "westfield"),)),
        ("brookside", "Any changes at Westfield this year?", (("site", "westfield"),)),
        ("lakeline", "What changed for the Harbour line since 2025?", (("route", "harbour"),)),
        ("lakeline", "What changed on the Harbour Bay line?", (("route", "harbour_bay"),)),
        ("lakeline", "What changed at the Kestrel station?", (("station", "kestrel"),)),
        ("lakeline", "What changed for Shoreline since 2025?", (("route", "shoreline"),)),
    ],
)
def test_a_name_no_record_has_is_the_subjects_scope_value(
    name: str, question: str, expected: tuple[tuple[str, str], ...]
) -> None:
    subjects = read_subjects(sentences(question), repository(name).catalog)

    assert subjects == (S(scope=expected),)


@pytest.mark.parametrize(
    "question",
    [
        "What changed since 2025?",
        "What changed in March?",
        "What changed on Friday?",
        "What changed for everyone since 2025?",
    ],
)
def test_time_words_and_lower_case_words_are_not_scope_values(question: str) -> None:
    subjects = read_subjects(sentences(question), repository("brookside").catalog)

    assert all(not subject.scope for subject in subjects)


def test_a_change_question_about_an_unknown_site_lists_nothing_and_says_so() -> None:
    response = ask("brookside", "What changed for Westfield since 2025?")

    assert response.time is not None
    assert response.time.changes == ()
    assert response.time.unknown_scope == (("site", "westfield"),)


def test_a_case_can_expect_the_scope_values_no_record_has() -> None:
    def case(unknown: list[str]) -> dict[str, object]:
        expect = {"changes": [], "unknown_scope": unknown}
        return {
            "question": "What changed for Westfield since 2025?",
            "as_of": "2026-11-30",
            "messages": [],
            "expect": expect,
        }

    results = list(
        run_cases(
            [case(["site=westfield"]), case(["westfield"]), case([]), case(["site=eastgate"])],
            repository("brookside"),
        )
    )

    assert [r.passed for r in results] == [True, True, False, False]


def _unknown_names(name: str) -> st.SearchStrategy[str]:
    known = vocabulary_index(repository(name).catalog).known_words
    return (
        st.from_regex(r"[A-Z][a-z]{4,9}", fullmatch=True)
        .filter(lambda word: word.lower() not in known)
        .filter(lambda word: word.lower() not in STOPWORDS and word.lower() not in MONTHS)
    )


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_change_question_about_a_name_no_record_has_lists_no_other_scope(
    data: st.DataObject,
) -> None:
    name = data.draw(st.sampled_from(sorted(VALUE_QUESTIONS)))
    unknown = data.draw(_unknown_names(name))
    question = data.draw(st.sampled_from(CHANGE_QUESTIONS)).format(name=unknown)
    assume(unknown.lower() not in {"line", "site"})

    report = ask(name, question).time

    assert report is not None
    assert report.changes == ()
    assert report.upcoming == ()
    assert [value for _, value in report.unknown_scope] == [unknown.lower()]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_value_question_about_a_name_no_record_has_cites_no_other_scope(
    data: st.DataObject,
) -> None:
    name = data.draw(st.sampled_from(sorted(VALUE_QUESTIONS)))
    unknown = data.draw(_unknown_names(name))
    question = data.draw(st.sampled_from(VALUE_QUESTIONS[name])).format(name=unknown)

    answer = ask(name, question).answer

    assert answer is not None
    assert answer.status is Status.UNVERIFIED
    assert answer.record_ids == ()
    assert unknown.lower() in dict(answer.key.scope).values()


@pytest.mark.parametrize(
    ("question", "unknown"),
    [
        ("Any changes for students since 2025?", "students"),
        ("what changed for trade customers this year?", "trade_customers"),
        ("What's coming for pensioners?", "pensioners"),
    ],
)
def test_whom_a_change_question_asks_about_in_lower_case_is_named_not_answered_with_all(
    question: str, unknown: str
) -> None:
    report = ask("brookside", question).time

    assert report is not None
    assert report.changes == ()
    assert report.upcoming == ()
    assert [value for _, value in report.unknown_scope] == [unknown]


@pytest.mark.parametrize(
    "question",
    [
        "What changed for the past three months?",
        "What changed for everything since 2025?",
        "Any changes for next year?",
        "What changed for 2025?",
    ],
)
def test_a_lower_case_word_after_for_that_reads_as_time_or_as_everything_names_no_scope(
    question: str,
) -> None:
    report = ask("brookside", question).time

    assert report is not None
    assert report.unknown_scope == ()
