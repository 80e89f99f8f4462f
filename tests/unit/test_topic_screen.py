"""Messages are read only as far as they can matter, and nothing that could matter is skipped.

The rules extractor leaves unread a message sentence that `TopicScreen` says cannot be about the
question's topics. Over every dataset's cases (and the public set, when it is beside the
checkout): every sentence the full reading finds a statement about an entity in passes the
screen for that entity, and every case's answer is the same whether every sentence is read or
only the screened ones.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, parse_messages
from bootstrap import build_pipeline
from cli.evaluation import load_cases
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA, DATASETS, SHARED_EVAL
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.reading.reader import read
from truthexpiry.text.tokens import sentences

SETS = [
    (name, DATA / f"{name}_cases.jsonl", DATA / f"{name}_records.json")
    for name in (*DATASETS, "authority")
]
if (SHARED_EVAL / "cases.jsonl").exists():
    SETS.append(("public", SHARED_EVAL / "cases.jsonl", SHARED_EVAL / "lifecycle_records.json"))


def _evidence(records: Path) -> InProcessLifecycleEvidence:
    return InProcessLifecycleEvidence(LifecycleRecordRepository.from_path(records))


@pytest.mark.parametrize(("name", "cases", "records"), SETS, ids=[s[0] for s in SETS])
def test_every_sentence_about_an_entity_passes_the_screen_for_it(
    name: str, cases: Path, records: Path
) -> None:
    index = vocabulary_index(_evidence(records).catalog())
    texts = [m["content"] for case in load_cases(cases) for m in case.get("messages", [])]
    texts += [case["question"] for case in load_cases(cases)]
    read_about = 0
    for text in texts:
        for sentence in sentences(text):
            for statement in read(sentence, index):
                read_about += 1
                entity = frozenset({statement.entity})
                assert index.screen.may_be_about(sentence.tokens, entity), (name, text)
    assert read_about > 0


@pytest.mark.parametrize(("name", "cases", "records"), SETS, ids=[s[0] for s in SETS])
def test_screened_reading_answers_every_case_as_reading_every_sentence(
    name: str, cases: Path, records: Path
) -> None:
    evidence = _evidence(records)
    screened = RulesClaimExtractor()
    full = RulesClaimExtractor(every_message=True)
    for case in load_cases(cases):
        search = CorpusMessageSearch(parse_messages(case.get("messages", [])))
        request = TruthExpiryRequest(case["question"], as_of=_as_of(case))
        answers = [
            _answer(build_pipeline(search=search, evidence=evidence, extractor=e).run(request))
            for e in (screened, full)
        ]
        assert answers[0] == answers[1], (name, case.get("id"))


def _as_of(case: dict[str, Any]) -> date | None:
    return date.fromisoformat(str(case["as_of"])) if case.get("as_of") else None


def _answer(response: TruthExpiryResponse) -> tuple[object, ...]:
    return (response.verdicts, response.answers, response.notices, response.time)
