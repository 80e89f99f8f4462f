"""Dimensions are one value however they are written: "56 x 45 x 25 cm", "55x40x23cm", or
with the multiplication sign, all read as the record value `55x40x23_cm`; a count times a
quantity ("2 x 500mg") is not joined into one."""

from __future__ import annotations

import pytest

from bootstrap import dataset_evidence
from tests.datasets import DATA
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.reading.reader import read
from truthexpiry.text.tokens import sentences

INDEX = vocabulary_index(dataset_evidence(DATA / "skyline_records.json").catalog())


def sizes(text: str) -> list[str]:
    return [
        s.value.text
        for sentence in sentences(text)
        for s in read(sentence, INDEX)
        if s.attribute == "max_dimensions" and s.value is not None
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("hand luggage limit is 56 x 45 x 25 cm", "56x45x25_cm"),
        ("Carry-on max size is 55x40x23cm.", "55x40x23_cm"),
        ("carry-on must fit 55x40x23cm; checked bags are 23kg", "55x40x23_cm"),
        ("carry-on max size is 55 \u00d7 40 \u00d7 23 cm", "55x40x23_cm"),
        ("Carry-on max size is 55X40X23 CM", "55x40x23_cm"),
        ("carry-on max size is 55x40x23 cm", "55x40x23_cm"),
    ],
)
def test_dimensions_in_any_spacing_are_one_value(text: str, value: str) -> None:
    assert sizes(text) == [value]


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("2 x 500mg tablets", ["2", "x", "500", "mg", "tablet"]),
        ("a 30 x 20 cm box", ["a", "30x20", "cm", "box"]),
        ("56 x 45 x 25 cm", ["56x45x25", "cm"]),
    ],
)
def test_only_figures_of_a_size_are_joined(text: str, keys: list[str]) -> None:
    [sentence] = sentences(text)
    assert [t.key for t in sentence.tokens] == keys
