"""Names and values as people say them: value questions in everyday verbs ("how many books can
I take out?"), short codes as values ("is it GA yet?"), verbs that are also a catalog's value
words ("does the library open at 9?"), compound nouns around an entity's name ("debit card"),
and labels that say each word once. Each on a public library's records, with its catalog section
and without one, in questions and in messages.
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.evaluation import run_cases
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA, DATASETS
from tests.readings import reading
from truthexpiry.catalog.examples import example_for
from truthexpiry.models.records.catalog import joined_name
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.reading.lexicon.name_words import WEAK_WORDS
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.words import (
    CURRENCIES,
    MERIDIEM,
    MONTHS,
    NUMBER_WORDS,
    POLARITY_WORDS,
    UNITS,
)
from wording.examples import example_questions

AS_OF = "2026-11-30"


def _record(
    rid: str, entity: str, attribute: str, scope: dict[str, str], value: str, **kw: Any
) -> dict[str, Any]:
    return {
        "record_id": rid,
        "entity": entity,
        "attribute": attribute,
        "scope": scope,
        "value": value,
        "state": kw.get("state", "EFFECTIVE"),
        "effective_date": kw.get("date", "2024-01-01"),
        "supersedes_record_id": kw.get("supersedes"),
    }


ADULT, CHILD, ANY = {"card_type": "adult"}, {"card_type": "child"}, {"branch": "global"}
CENTRAL = {"branch": "central", "day_type": "weekday"}
RECORDS = [
    _record("L-1", "book_loan", "max_items", ADULT, "12 books"),
    _record(
        "L-2", "book_loan", "max_items", ADULT, "15 books", date="2025-06-01", supersedes="L-1"
    ),
    _record("L-3", "book_loan", "max_items", CHILD, "6 books"),
    _record("L-4", "book_loan", "loan_period", ADULT, "21_days"),
    _record("L-5", "book_loan", "loan_period", CHILD, "14_days"),
    _record("L-6", "card", "replacement_fee", ANY, "EUR 2.50"),
    _record("L-7", "card", "validity", ANY, "3_years"),
    _record("L-8", "ebook_service", "rollout", ANY, "beta"),
    _record("L-9", "ebook_service", "rollout", ANY, "ga", date="2025-09-01", supersedes="L-8"),
    _record("L-10", "library", "opening_time", CENTRAL, "09:00"),
    _record("L-11", "library", "closing_time", CENTRAL, "19:00"),
    _record("L-12", "study_room", "status", {"branch": "central"}, "op"),
    _record("L-13", "study_room", "status", {"branch": "north"}, "cl"),
    _record("L-14", "cafe", "closing_time", {"branch": "north", "day_type": "weekday"}, "16:00"),
]
CATALOG = {
    "attributes": {
        "ebook_service.rollout": {"value_aliases": {"ga": ["generally available"]}},
        "study_room.status": {"value_aliases": {"op": ["open"], "cl": ["closed", "shut"]}},
    }
}


def _repository(with_catalog: bool) -> LifecycleRecordRepository:
    data: dict[str, Any] = {"dataset_version": "library-1", "records": RECORDS}
    if with_catalog:
        data["catalog"] = CATALOG
    return LifecycleRecordRepository.from_json(json.dumps(data))


def _case(question: str, expect: dict[str, Any], messages: tuple[str, ...] = ()) -> dict[str, Any]:
    corpus = [
        {
            "message_ts": f"{n}.0",
            "channel_id": "C1",
            "channel_name": "desk",
            "author_user_id": "U1",
            "author_name": "Sam",
            "content": text,
            "permalink": f"https://example.slack.com/archives/C1/p{n}",
        }
        for n, text in enumerate(messages, start=1)
    ]
    return {
        "id": question,
        "question": question,
        "as_of": AS_OF,
        "messages": corpus,
        "expect": expect,
    }


def _passes(case: dict[str, Any], with_catalog: bool) -> None:
    [result] = run_cases([case], _repository(with_catalog))
    assert result.passed, "; ".join(result.failures)


def _answer(key: str, *values: str) -> dict[str, Any]:
    return {"answer": {"claim_key": key, "current_values": list(values)}}


def _claim(key: str, status: str) -> dict[str, Any]:
    return {"question": {"claim_key": key, "status": status}}


BOTH = pytest.mark.parametrize("with_catalog", [True, False], ids=["catalog", "no-catalog"])


@BOTH
@pytest.mark.parametrize(
    ("question", "key", "value"),
    [
        (
            "How many books can I take out on an adult card?",
            "book_loan|max_items|card_type=adult",
            "15 books",
        ),
        (
            "how many books can a child borrow on a child card?",
            "book_loan|max_items|card_type=child",
            "6 books",
        ),
        (
            "How long can I keep a book on a child card?",
            "book_loan|loan_period|card_type=child",
            "14_days",
        ),
        ("How much is a new card?", "card|replacement_fee|branch=global", "EUR 2.50"),
        ("how long is a card good for?", "card|validity|branch=global", "3_years"),
        (
            "What time does Central library open on weekdays?",
            "library|opening_time|branch=central|day_type=weekday",
            "09:00",
        ),
    ],
)
def test_a_value_question_in_everyday_words_asks_for_the_attribute_of_its_kind(
    question: str, key: str, value: str, with_catalog: bool
) -> None:
    _passes(_case(question, _answer(key, value)), with_catalog)


@BOTH
def test_a_count_question_checks_the_messages_about_that_count(with_catalog: bool) -> None:
    case = _case(
        "How many books can I take out on an adult card?",
        {
            **_answer("book_loan|max_items|card_type=adult", "15 books"),
            "messages": {"1.0": "SUPERSEDED", "2.0": "CURRENT"},
        },
        ("adults can take out 12 books", "adult card holders can borrow 15 books now"),
    )
    _passes(case, with_catalog)


@BOTH
@pytest.mark.parametrize(
    ("question", "status"),
    [
        ("Is the ebook service GA yet?", "CURRENT"),
        ("is the ebook service ga?", "CURRENT"),
        ("The ebook service is still in beta, right?", "SUPERSEDED"),
    ],
)
def test_a_short_code_is_read_as_a_value(question: str, status: str, with_catalog: bool) -> None:
    _passes(_case(question, _claim("ebook_service|rollout|branch=global", status)), with_catalog)


def test_a_short_code_in_a_message_and_its_catalog_alias_are_read() -> None:
    case = _case(
        "Is the ebook service generally available?",
        {
            **_claim("ebook_service|rollout|branch=global", "CURRENT"),
            "messages": {"1.0": "CURRENT", "2.0": "SUPERSEDED"},
        },
        ("ebook service went GA in September", "the ebook service is beta only"),
    )
    _passes(case, with_catalog=True)


@pytest.mark.parametrize(
    ("question", "status"),
    [
        ("Does Central library open at 9am on weekdays?", "CURRENT"),
        ("Central library opens at 10am on weekdays, right?", "SUPERSEDED"),
    ],
)
def test_a_verb_that_is_also_a_value_word_of_another_entity_stays_a_name(
    question: str, status: str
) -> None:
    key = "library|opening_time|branch=central|day_type=weekday"
    case = _case(
        question,
        {**_claim(key, status), "messages": {"1.0": "SUPERSEDED"}},
        ("central library closes at 8pm on weekdays",),
    )
    _passes(case, with_catalog=True)


def test_the_value_word_still_names_the_value_of_its_own_entity() -> None:
    _passes(
        _case(
            "Is the study room at Central open?",
            _claim("study_room|status|branch=central", "CURRENT"),
        ),
        True,
    )
    _passes(
        _case(
            "Is the North study room open?", _claim("study_room|status|branch=north", "SUPERSEDED")
        ),
        True,
    )


@BOTH
@pytest.mark.parametrize(
    "question", ["Can I pay with a debit card?", "do you take gift cards at the desk?"]
)
def test_a_compound_noun_around_an_entity_name_is_not_that_entity(
    question: str, with_catalog: bool
) -> None:
    catalog = _repository(with_catalog).catalog
    extraction = RulesClaimExtractor().extract(reading(question, catalog), [], catalog)

    assert "card" not in extraction.topics


@BOTH
def test_the_entity_named_in_a_compound_still_binds_its_value(with_catalog: bool) -> None:
    case = _case(
        "Is a replacement card EUR 2.50?", _claim("card|replacement_fee|branch=global", "CURRENT")
    )
    _passes(case, with_catalog)


@pytest.mark.parametrize(
    ("entity", "attribute", "joined"),
    [
        ("Book loan", "loan period", "Book loan period"),
        ("Card", "card fee", "Card fee"),
        ("Card", "card", "Card"),
        ("Gift card", "card type", "Gift card type"),
        ("Parking", "fee", "Parking fee"),
        ("Seat limit", "max seats", "Seat limit max seats"),
    ],
)
def test_an_entity_and_its_attribute_say_each_word_once(
    entity: str, attribute: str, joined: str
) -> None:
    assert joined_name(entity, attribute) == joined


@BOTH
def test_suggested_prompts_and_labels_never_double_a_word(with_catalog: bool) -> None:
    catalog = _repository(with_catalog).catalog
    texts = [e.question for e in example_questions(catalog, 10)] + [
        example_for(info, catalog).question for info in catalog.attributes.values()
    ]
    texts += catalog.topics()

    for text in texts:
        words = text.lower().replace("?", "").split()
        assert all(a != b for a, b in pairwise(words)), text
    assert "What is the book loan period on Adult?" in texts


@BOTH
def test_a_word_before_a_name_where_a_scope_value_is_missing_is_that_scope_value(
    with_catalog: bool,
) -> None:
    # No record has card_type=staff: the answer says so, never another card type's limit.
    case = _case(
        "Is the staff book loan period 28 days?",
        _claim("book_loan|loan_period|card_type=staff", "UNVERIFIED"),
    )
    _passes(case, with_catalog)


def test_a_list_of_scope_values_each_with_a_value_word_names_the_entity_by_its_values() -> None:
    # No entity is named: the catalog's value words belong to the study room's status only.
    case = _case(
        "Is the North study room open?",
        {"messages": {"1.0": "CURRENT", "2.0": "SUPERSEDED"}},
        ("Central = open, North = shut", "north is open again"),
    )
    _passes(case, with_catalog=True)


@BOTH
@pytest.mark.parametrize(
    ("question", "status"),
    [
        ("Does Central library open at 9am mon-fri?", "CURRENT"),
        ("Central library opens at 10am Monday to Friday, right?", "SUPERSEDED"),
        ("Is Central library open from 9am Mon - Fri?", "CURRENT"),
    ],
)
def test_a_range_of_days_is_the_day_type_records_name_it_by(
    question: str, status: str, with_catalog: bool
) -> None:
    key = "library|opening_time|branch=central|day_type=weekday"
    _passes(_case(question, _claim(key, status)), with_catalog)


def test_a_range_of_days_that_is_no_day_type_is_not_read_as_one() -> None:
    catalog = _repository(True).catalog
    extraction = RulesClaimExtractor().extract(
        reading("Does Central library open at 9am mon-wed?", catalog), [], catalog
    )

    assert all(("day_type", "weekday") not in c.scope for c in extraction.question_claims)


@BOTH
@pytest.mark.parametrize(
    ("message", "status"),
    [
        ("Central weekday closing time is 19:00", "CURRENT"),
        ("central closes at 8pm weekdays", "SUPERSEDED"),
    ],
)
def test_an_attribute_name_two_entities_share_is_the_one_with_records_for_the_scope_stated(
    message: str, status: str, with_catalog: bool
) -> None:
    # The library and the cafe both have a closing time; only the library has records at Central.
    key = "library|closing_time|branch=central|day_type=weekday"
    case = _case(
        "What time does Central library close on weekdays?",
        {**_answer(key, "19:00"), "messages": {"1.0": status}},
        (message,),
    )
    _passes(case, with_catalog)


_ORDINARY = (
    STOPWORDS
    | WEAK_WORDS
    | set(POLARITY_WORDS)
    | set(UNITS)
    | set(CURRENCIES)
    | set(MONTHS)
    | set(NUMBER_WORDS)
    | set(MERIDIEM)
)
_CODES = st.text("abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=3).filter(
    lambda code: code not in _ORDINARY
)


@settings(max_examples=25, deadline=None)
@given(st.lists(_CODES, min_size=2, max_size=2, unique=True), st.booleans(), st.booleans())
def test_any_short_code_a_record_has_is_read_as_a_value(
    codes: list[str], shouted: bool, with_catalog: bool
) -> None:
    old, new = codes
    records = [
        _record("W-1", "widget", "stage", ANY, old),
        _record("W-2", "widget", "stage", ANY, new, date="2025-01-01", supersedes="W-1"),
        _record("W-3", "widget", "stage", {"branch": "north"}, "preview"),
    ]
    data: dict[str, Any] = {"dataset_version": "codes", "records": records}
    if with_catalog:
        data["catalog"] = {"attributes": {"widget.stage": {"value_aliases": {new: ["fully out"]}}}}
    repository = LifecycleRecordRepository.from_json(json.dumps(data))
    key = "widget|stage|branch=global"

    for code, status in ((new, "CURRENT"), (old, "SUPERSEDED")):
        said = code.upper() if shouted else code
        [result] = run_cases(
            [_case(f"Is the widget stage {said} yet?", _claim(key, status))], repository
        )
        assert result.passed, "; ".join(result.failures)


@pytest.mark.parametrize("name", DATASETS)
def test_no_dataset_gets_a_prompt_or_topic_that_doubles_a_word(name: str) -> None:
    catalog = LifecycleRecordRepository.from_path(DATA / f"{name}_records.json").catalog
    texts = [e.question for e in example_questions(catalog, 50)] + catalog.topics()

    doubled = [t for t in texts if any(a == b for a, b in pairwise(t.lower().split()))]
    assert not doubled


@BOTH
@pytest.mark.parametrize(
    ("question", "key"),
    [
        (
            "Does Central library open at 9am on bank holidays?",
            "library|opening_time|branch=central|day_type=bank_holiday",
        ),
        (
            "Is Central library open from 9am in summer?",
            "library|opening_time|branch=central|day_type=summer",
        ),
        ("Does Central library open at 9am?", "library|opening_time|branch=central"),
    ],
)
def test_a_phrase_where_a_missing_scope_value_stands_is_named_as_the_value_no_record_has(
    question: str, key: str, with_catalog: bool
) -> None:
    _passes(_case(question, _claim(key, "UNVERIFIED")), with_catalog)
