"""The question is read once per request: split into sentences once, and a follow-up's thread
once, however many readers (claims, follow-ups, time, subjects) take their part of it."""

from __future__ import annotations

import sys
from collections import Counter
from datetime import date

import pytest

from bootstrap import build_pipeline, dataset_evidence
from tests.fakes import FakeMessageSearch, FixedClock
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.text import tokens

STARTER = "Is report export still available on Starter?"
SINCE = "What changed for Starter since October?"
MESSAGE = SearchMessage("1.0", "C1", "eng", "U1", "Ana", "Report export is gone on Starter.")


@pytest.fixture
def splits(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each text is split into sentences, counted wherever the splitter is imported
    (the real splitter runs)."""
    counted: Counter[str] = Counter()
    real = tokens.sentences

    def counting(text: str) -> list[tokens.Sentence]:
        counted[text] += 1
        return real(text)

    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name.startswith("truthexpiry") and getattr(module, "sentences", None) is real:
            monkeypatch.setattr(module, "sentences", counting)
    return counted


def _ask(question: str, *earlier: str) -> None:
    pipeline = build_pipeline(
        search=FakeMessageSearch([MESSAGE]),
        evidence=dataset_evidence(None),
        clock=FixedClock(date(2026, 11, 30)),
    )
    pipeline.run(TruthExpiryRequest(question, earlier_questions=earlier))


def test_a_question_is_split_into_sentences_once_per_request(splits: Counter[str]) -> None:
    _ask(STARTER)

    assert splits[STARTER] == 1
    assert splits[MESSAGE.content] == 1


def test_a_question_about_time_is_split_once(splits: Counter[str]) -> None:
    _ask(SINCE)

    assert splits[SINCE] == 1


def test_a_follow_up_and_its_thread_are_each_split_once(splits: Counter[str]) -> None:
    _ask("and on Pro?", SINCE, STARTER)

    assert splits["and on Pro?"] == 1
    assert splits[SINCE] == 1
    assert splits[STARTER] == 1
