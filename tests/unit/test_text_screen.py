"""The screen on a message's raw text never drops a message with a sentence the screen on its
tokens would pass, so nothing the full reading could take a claim from goes unread.

Over every dataset's messages and questions (and the public set's, when it is beside the
checkout), for every entity of the catalog as the topic, and for each case's own topics: a text
with a sentence `TopicScreen` passes is kept by `text_screen`. And the screen does skip: texts
about other things are not tokenised.
"""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path

import pytest

from adapters.offline.evidence import InProcessLifecycleEvidence
from cli.evaluation import load_cases
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA, DATASETS, SHARED_EVAL
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.reading.lexicon.text_screen import text_screen
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex, vocabulary_index
from truthexpiry.reading.question import read_question
from truthexpiry.text.tokens import read_form, sentences

SETS = [
    (name, DATA / f"{name}_cases.jsonl", DATA / f"{name}_records.json")
    for name in (*DATASETS, "authority")
]
_AS_OF = date(2026, 11, 30)
if (SHARED_EVAL / "cases.jsonl").exists():
    SETS.append(("public", SHARED_EVAL / "cases.jsonl", SHARED_EVAL / "lifecycle_records.json"))


@cache  # read only; built once per dataset for the module's tests
def _catalog(records: Path) -> Catalog:
    return InProcessLifecycleEvidence(LifecycleRecordRepository.from_path(records)).catalog()


def _texts(cases: Path) -> list[str]:
    loaded = load_cases(cases)
    return [m["content"] for case in loaded for m in case.get("messages", [])] + [
        case["question"] for case in loaded
    ]


def _check(
    texts: list[str], index: VocabularyIndex, fingerprint: str, topics: frozenset[str]
) -> tuple[int, int]:
    """Assert the text screen keeps every text one of whose sentences the token screen passes;
    how many texts the token screen drops wholly, and how many of them the text screen skips."""
    keep = text_screen(index.screen, fingerprint, topics)
    dropped = skipped = 0
    for text in texts:
        kept = keep is None or keep(read_form(text))
        if any(index.screen.may_be_about(s.tokens, topics) for s in sentences(text)):
            assert kept, (sorted(topics), text)
        else:
            dropped += 1
            skipped += not kept
    return dropped, skipped


@cache  # the per-dataset test and the test over all datasets check the same texts
def _per_entity(cases: Path, records: Path) -> tuple[int, int]:
    catalog = _catalog(records)
    index = vocabulary_index(catalog)
    texts = _texts(cases)
    counts = [
        _check(texts, index, catalog.fingerprint, frozenset({entity}))
        for entity in catalog.entities
    ]
    return sum(d for d, _ in counts), sum(s for _, s in counts)


@pytest.mark.parametrize(("name", "cases", "records"), SETS, ids=[s[0] for s in SETS])
def test_the_text_screen_keeps_every_sentence_the_token_screen_passes_for_each_entity(
    name: str, cases: Path, records: Path
) -> None:
    dropped, _ = _per_entity(cases, records)

    assert dropped > 0, name


def test_the_text_screen_skips_a_good_part_of_what_the_token_screen_drops() -> None:
    counts = [_per_entity(cases, records) for _, cases, records in SETS]
    dropped = sum(d for d, _ in counts)
    skipped = sum(s for _, s in counts)

    assert skipped * 3 > dropped


@pytest.mark.parametrize(("name", "cases", "records"), SETS, ids=[s[0] for s in SETS])
def test_the_text_screen_keeps_every_sentence_the_token_screen_passes_for_a_cases_topics(
    name: str, cases: Path, records: Path
) -> None:
    catalog = _catalog(records)
    index = vocabulary_index(catalog)
    texts = _texts(cases)
    for case in load_cases(cases):
        reading = read_question(case["question"], (), _AS_OF, catalog)
        topics = frozenset(s.entity for s in reading.statements)
        if topics:
            _check(texts, index, catalog.fingerprint, topics)


def test_a_topic_word_with_a_digit_leaves_every_sentence_to_the_token_screen() -> None:
    catalog = _catalog(DATA / f"{DATASETS[0]}_records.json")
    screen = vocabulary_index(catalog).screen
    word = next(iter(screen.names))
    entity = next(iter(screen.names[word]))
    numbered = type(screen)({**screen.names, "r102": frozenset({entity})}, screen.scopes, {})

    assert text_screen(numbered, "numbered " + catalog.fingerprint, frozenset({entity})) is None
    assert text_screen(screen, catalog.fingerprint, frozenset({entity})) is not None


def test_a_plural_in_ies_is_kept_for_its_singular_name_word() -> None:
    catalog = _catalog(DATA / f"{DATASETS[0]}_records.json")
    screen = vocabulary_index(catalog).screen
    entity = next(iter(catalog.entities))
    plain = type(screen)({"policy": frozenset({entity})}, {}, {})
    keep = text_screen(plain, "plain " + catalog.fingerprint, frozenset({entity}))

    assert keep is not None
    assert keep("the new policies are out")
    assert not keep("the canteen opens at nine")
