"""Hours in a list of clauses: each clause's times take the scope its own clause abbreviates
("sat" begins only `saturday`), not one borrowed from the clause before; two hours joined by a
hyphen with am or pm ("9am-1pm", "9-5pm") are a range like "9am to 1pm". A hyphen between
bare numbers ("sat 9-1", "2-3 days") stays unread: without am or pm, which hour is meant is a
guess (fail closed)."""

from __future__ import annotations

import pytest

from bootstrap import dataset_evidence
from tests.datasets import DATA
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.reading.reader import read
from truthexpiry.text.tokens import sentences, tokenize

INDEX = vocabulary_index(dataset_evidence(DATA / "meadowclinic_records.json").catalog())


def stated(text: str) -> set[tuple[str | None, str, str]]:
    return {
        (s.attribute, dict(s.scopes[0])["day_type"], s.value.text)
        for sentence in sentences(text)
        for s in read(sentence, INDEX)
        if s.value is not None and s.scopes
    }


@pytest.mark.parametrize(
    "text",
    [
        "bramley: closes 18:30 weekdays, sat 9:00-13:00",
        "bramley: closes 18:30 weekdays, sat 9am-1pm",
        "Bramley: closes 18:30 weekdays, Sat 9am-1pm",
        "bramley: closes 18:30 weekdays, sat 9 am to 1 pm",
    ],
)
def test_each_clause_of_a_list_of_hours_keeps_its_own_day(text: str) -> None:
    assert stated(text) == {
        ("closing_time", "weekday", "18:30"),
        ("opening_time", "saturday", "09:00"),
        ("closing_time", "saturday", "13:00"),
    }


def test_a_clause_that_abbreviates_its_day_is_not_given_the_day_before() -> None:
    assert stated("bramley: closes 18:30 weekdays, closes 13:00 sat") == {
        ("closing_time", "weekday", "18:30"),
        ("closing_time", "saturday", "13:00"),
    }


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("9am-1pm", ["9", "am", "to", "1", "pm"]),
        ("9-5pm", ["9", "to", "5", "pm"]),
        ("8.30am-12", ["8.30", "am", "to", "12"]),
        ("9-1", ["9 1"]),
        ("2-3", ["2 3"]),
        ("mon-fri", ["mon fri"]),
    ],
)
def test_only_an_hour_range_with_am_or_pm_is_cut_at_its_hyphen(text: str, keys: list[str]) -> None:
    assert [t.key for t in tokenize(text)] == keys


def test_bare_hours_joined_by_a_hyphen_are_not_read() -> None:
    assert stated("bramley: sat 9-1") == set()
