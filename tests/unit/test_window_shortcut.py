"""The time reader's cheap test for a question without a window (`may_hold_a_window`) holds
where the full read finds one: over every dataset's questions and messages and over generated
texts, for readings ahead, behind and about dates."""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.datasets import DATA, SHARED_EVAL
from truthexpiry.reading.time.phrases import _first_window
from truthexpiry.reading.time.points import Reading
from truthexpiry.reading.time.ranges import split_ranges
from truthexpiry.reading.time.windows import may_hold_a_window, window_starts
from truthexpiry.text.tokens import sentences

_READINGS = [
    Reading(date(2026, 3, 1)),
    Reading(date(2026, 11, 30), ahead=True),
    Reading(date(2025, 1, 1), dates_are_values=True),
    Reading(date(9999, 12, 1)),
]
_PIECES = [
    *" ,-?",
    *"0123",
    "60",
    "30",
    "2025",
    "2 thousand",
    "100 requests",
    "a",
    "one",
    "days",
    "year",
    "ago",
    "to",
    "and",
    "as of",
    "between",
    "from",
    "since",
    "in",
    "on",
    "the",
    "last",
    "past",
    "coming",
    "next",
    "recently",
    "today",
    "June",
    "q1",
    "3rd",
    "of",
    "end",
    "start",
    "for",
    "Starter",
    "june-august",
    "3-20",
    "2025-03-15",
]
_EXAMPLES = [
    "Is report export available on Starter?",
    "Is the API rate limit 100 requests per minute on Starter?",
    "What changed recently?",
    "any changes in the past year?",
    "What changed from 3 to 20 June?",
    "Was it on in 2025?",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=14).map(" ".join)


@cache
def _dataset_texts() -> list[str]:
    texts: list[str] = []
    for path in [*sorted(DATA.glob("*_cases.jsonl")), SHARED_EVAL / "cases.jsonl"]:
        for line in Path(path).read_text().splitlines() if Path(path).exists() else []:
            case = json.loads(line) if line.strip() else {}
            texts += [case.get("question", ""), *case.get("earlier_questions", [])]
            texts += [message.get("content", "") for message in case.get("messages", [])]
    return [text for text in texts if isinstance(text, str) and text]


def _assert_no_window_where_none_may_be(text: str) -> None:
    tokens = split_ranges([token for sentence in sentences(text) for token in sentence.tokens])
    starts = window_starts(tokens)
    if may_hold_a_window(tokens, starts):
        return
    for reading in _READINGS:
        assert _first_window(tokens, starts, reading) is None, (text, reading)


def test_no_dataset_text_holds_a_window_where_none_may_be() -> None:
    texts = _dataset_texts()
    assert len(texts) > 700
    for text in [*texts, *_EXAMPLES]:
        _assert_no_window_where_none_may_be(text)


@given(_TEXTS)
def test_no_generated_text_holds_a_window_where_none_may_be(text: str) -> None:
    _assert_no_window_where_none_may_be(text)


def test_a_question_on_a_plan_holds_no_window_and_one_with_a_period_may() -> None:
    def holds(text: str) -> bool:
        tokens = split_ranges([t for sentence in sentences(text) for t in sentence.tokens])
        return may_hold_a_window(tokens, window_starts(tokens))

    assert not holds("Is the API rate limit 100 requests per minute on Starter?")
    assert holds("What changed recently?")
    assert holds("Any changes in the past year?")
    assert holds("Was report export on in 2025?")
