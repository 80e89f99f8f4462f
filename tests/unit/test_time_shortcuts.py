"""The time readers' cheap tests give what the full reads give: `range_from` without a word
between two ends after its first token, and `_ago` without `ago` after a count and its unit,
read what `read_range` and `counted_back` read in full, and `split_ranges` splits what a walk
over every token splits, over every dataset's questions and
messages and over generated texts. A full read that raises (a date past the calendar) may be
None instead: the one caller of the window readers reads a raise as no window."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from functools import cache
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.datasets import DATA, SHARED_EVAL
from truthexpiry.reading.time.points import Reading, _ago, counted_back
from truthexpiry.reading.time.ranges import (
    range_from,
    read_range,
    split_every_token,
    split_ranges,
)
from truthexpiry.text.tokens import Token, sentences

_READINGS = [
    Reading(date(2026, 3, 1)),
    Reading(date(2026, 11, 30), ahead=True),
    Reading(date(2025, 1, 1), dates_are_values=True),
    Reading(date(9999, 12, 1)),
]
_PREPOSITIONS = ("from", "between", "since", "in", "on", "as_of")
_PIECES = [
    *" ,-?",
    "60",
    "3",
    "2025",
    "2 thousand",
    "a",
    "one",
    "days",
    "weeks",
    "month",
    "ago",
    "to",
    "and",
    "between",
    "from",
    "the",
    "June",
    "March",
    "q1",
    "3rd",
    "of",
    "end",
    "for",
    "Enterprise",
    "eu-central",
    "june-august",
    "3-20",
    "q1-q2",
    "mon-fri",
    "-June",
    "August",
]
_EXAMPLES = [
    "Did it change 3 weeks ago?",
    "a month ago",
    "2 thousand days ago",
    "What changed from June to August 2024?",
    "between 3 June and 20 August 2024",
    "3-20 June",
    "Is the refund window 60 days for Enterprise customers since the 3rd?",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=14).map(" ".join)


@cache
def _dataset_texts() -> list[str]:
    paths = [*sorted(DATA.glob("*_cases.jsonl")), SHARED_EVAL / "cases.jsonl"]
    texts: list[str] = []
    for path in paths:
        for line in Path(path).read_text().splitlines() if Path(path).exists() else []:
            case = json.loads(line) if line.strip() else {}
            texts += [case.get("question", ""), *case.get("earlier_questions", [])]
            texts += [message.get("content", "") for message in case.get("messages", [])]
    return [text for text in texts if isinstance(text, str) and text]


def _tokens(text: str) -> list[Token]:
    return split_ranges([token for sentence in sentences(text) for token in sentence.tokens])


def _outcome(read: Callable[..., object], *args: object) -> object:
    try:
        return read(*args)
    except (ValueError, OverflowError):
        return "raised"


def _same(shortcut: Callable[..., object], full: Callable[..., object], *args: object) -> None:
    quick, whole = _outcome(shortcut, *args), _outcome(full, *args)
    assert quick == whole or (whole == "raised" and quick is None), args


def _assert_shortcuts_read_as_the_full_reads(text: str) -> None:
    whole = [token for sentence in sentences(text) for token in sentence.tokens]
    assert split_ranges(whole) == split_every_token(whole)
    tokens = _tokens(text)
    for i in range(len(tokens) + 1):
        for reading in _READINGS:
            if i < len(tokens):  # a point is read at a token (`point_at`)
                _same(_ago, counted_back, tokens, i, reading)
            for word in _PREPOSITIONS:
                _same(range_from, read_range, tokens, i, reading, word)


def test_the_shortcuts_read_every_datasets_texts_as_the_full_reads() -> None:
    texts = _dataset_texts()
    assert len(texts) > 700
    for text in [*texts, *_EXAMPLES]:
        _assert_shortcuts_read_as_the_full_reads(text)


@given(_TEXTS)
def test_the_shortcuts_read_generated_texts_as_the_full_reads(text: str) -> None:
    _assert_shortcuts_read_as_the_full_reads(text)
