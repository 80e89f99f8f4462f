"""Slack is searched for the question's words and then for the records' own names of what the
question was read to be about: a message that says "web fare discount" answers "does booking
online save 2.5%?", though it shares no word with the question."""

from __future__ import annotations

from datetime import date

import pytest

from adapters.offline.search import CorpusMessageSearch
from bootstrap import build_pipeline, dataset_evidence
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.status import Status

TODAY = date(2026, 11, 30)


def message_statuses(name: str, question: str, *contents: str) -> dict[str, Status]:
    messages = [
        SearchMessage(f"{n}.0", "C0", "general", "U0", "Kim", text)
        for n, text in enumerate(contents, start=1)
    ]
    evidence = dataset_evidence(LifecycleRecordRepository.from_path(DATA / f"{name}_records.json"))
    pipeline = build_pipeline(search=CorpusMessageSearch(messages), evidence=evidence)
    response = pipeline.run(TruthExpiryRequest(question, as_of=TODAY))
    return {v.claim.stated_value: v.status for v in response.message_verdicts}


@pytest.mark.parametrize(
    ("name", "question", "message", "stated", "status"),
    [
        (
            "lakeline",
            "Does booking online save 2.5 percent?",
            "web fare discount is 5%",
            "5%",
            Status.SUPERSEDED,
        ),
        (
            "lakeline",
            "does booking online still save 5%?",
            "the web fare discount is now 2.5%",
            "2.5%",
            Status.CURRENT,
        ),
        (
            "skyline",
            "what are the max carry-on dimensions?",
            "hand luggage limit is 56 x 45 x 25 cm",
            "56x45x25_cm",
            Status.SUPERSEDED,
        ),
        (
            "brookside",
            "Can you book classes two weeks ahead?",
            "class booking window is 7 days in advance",
            "7 days",
            Status.SUPERSEDED,
        ),
    ],
)
def test_a_message_in_the_records_words_is_found_for_a_question_in_other_words(
    name: str, question: str, message: str, stated: str, status: Status
) -> None:
    assert message_statuses(name, question, message, "the cafe has new chairs") == {stated: status}
