"""A value binds to an entity the sentence names by its own name or alias before one that only
an attribute's word stands for: "are delay refunds paid out within a day and a half?" is about
the delay refund's payout time, though "within" is a word of the transfer window; "can I book a
lane for an hour and a half?" is about the lane booking, though "book" is a word of the class
booking's window. Where the attribute's word is all the sentence says, it still names it."""

from __future__ import annotations

import pytest

from bootstrap import dataset_evidence
from tests.datasets import DATA
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex, vocabulary_index
from truthexpiry.reading.reader import read
from truthexpiry.text.tokens import sentences


def index(name: str) -> VocabularyIndex:
    return vocabulary_index(dataset_evidence(DATA / f"{name}_records.json").catalog())


def stated(name: str, text: str) -> list[tuple[str, str | None, str]]:
    found = index(name)
    return [
        (s.entity, s.attribute, s.value.text)
        for sentence in sentences(text)
        for s in read(sentence, found)
        if s.value is not None
    ]


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("brookside", "Can I book a lane for an hour and a half?", "1.5 hours"),
        ("brookside", "Can I book a lane for 90 minutes?", "90 minutes"),
        ("brookside", "could we book a lane for two hours", "2 hours"),
        ("lakeline", "Are delay refunds paid out within a day and a half?", "1.5 days"),
        ("lakeline", "delay refunds are paid out within 36 hours", "36 hours"),
        ("lakeline", "is a delay refund paid within 2 days?", "2 days"),
    ],
)
def test_a_value_binds_to_the_entity_named_by_its_name(name: str, text: str, expected: str) -> None:
    entity = {"brookside": "lane_booking", "lakeline": "delay_refund"}[name]

    [(bound, _, value)] = stated(name, text)

    assert (bound, value) == (entity, expected)


@pytest.mark.parametrize(
    ("name", "text", "pair"),
    [
        (
            "brookside",
            "you can book classes 7 days in advance",
            ("class_booking", "advance_window"),
        ),
        ("brookside", "can I book a class 2 weeks ahead?", ("class_booking", "advance_window")),
        ("lakeline", "you can transfer within 90 minutes", ("transfer_fare", "window")),
        ("lakeline", "is the transfer window 90 minutes?", ("transfer_fare", "window")),
    ],
)
def test_an_attribute_word_still_names_its_attribute_where_no_other_entity_is_named(
    name: str, text: str, pair: tuple[str, str]
) -> None:
    [(entity, attribute, _)] = stated(name, text)

    assert (entity, attribute) == pair
