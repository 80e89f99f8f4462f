"""Offline search over a message corpus, and the embedded demo data."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date

import pytest

from adapters.offline.search import CorpusMessageSearch, demo_messages_path, parse_messages
from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.errors import InvalidMessagesError
from truthexpiry.models.records.lifecycle import LifecycleState
from truthexpiry.rules.resolution import resolve


def message(ts: str, content: str) -> SearchMessage:
    return SearchMessage(ts, "C1", "general", "U1", "Ana", content)


CORPUS = CorpusMessageSearch(
    [
        message("1", "Lunch is on the roof today."),
        message("2", "Report export is off for Starter."),
        message("3", "Report export, report export, report export: it is off on Starter."),
        message("4", "The Starter rate limit is 50."),
    ]
)


def test_messages_sharing_rare_terms_rank_first_and_unrelated_ones_are_left_out() -> None:
    found = [m.message_ts for m in CORPUS.search("Is report export on for Starter?", limit=10)]

    assert found[:2] == ["3", "2"]
    assert "1" not in found


def test_stopwords_alone_find_nothing() -> None:
    assert CORPUS.search("is it the one on the", limit=10) == []


def test_the_limit_caps_the_results() -> None:
    assert len(CORPUS.search("starter", limit=2)) == 2


def test_a_corpus_entry_without_content_is_rejected_by_position() -> None:
    with pytest.raises(InvalidMessagesError, match=r"message #2: 'content'"):
        parse_messages(
            [
                {"message_ts": "1", "channel_id": "C1", "content": "ok"},
                {"message_ts": "2", "channel_id": "C1"},
            ]
        )


def test_a_corpus_must_be_a_list() -> None:
    with pytest.raises(InvalidMessagesError, match="JSON list"):
        parse_messages({"messages": []})


def test_the_demo_corpus_loads() -> None:
    search = CorpusMessageSearch.from_path(demo_messages_path())

    assert search.search("report export starter", limit=5)


def test_the_demo_dataset_shows_every_rule() -> None:
    repository = LifecycleRecordRepository.packaged()
    as_of = date(2026, 11, 30)
    by_state = {r.state for key in repository.claim_keys() for r in repository.lookup(key)}
    statuses = {
        resolve(key, repository.lookup(key), as_of).status for key in repository.claim_keys()
    }
    records = [r for key in repository.claim_keys() for r in repository.lookup(key)]

    assert {LifecycleState.PLANNED, LifecycleState.SHIPPED, LifecycleState.EFFECTIVE} <= by_state
    assert {"CURRENT", "CONFLICTING", "UNVERIFIED"} <= {s.value for s in statuses}
    assert any(r.supersedes_record_id for r in records)
    assert any(r.state.is_authoritative and r.effective_date > as_of for r in records)
    assert any(dict(r.key.scope).get("region") not in (None, "global") for r in records)


# Two messages whose scores are equal but for the order their four terms' shares are added in
# (frequencies 1, 2, 3, 4 against 4, 3, 2, 1, the same length, the same IDFs). Summed in a
# set's order, which of the two ranks first changed with PYTHONHASHSEED (seeds 5 and 11 differed).
_RANK_IN_A_FRESH_PROCESS = """
from adapters.offline.search import CorpusMessageSearch
from truthexpiry.models.answering.messages import SearchMessage

contents = [
    "alpha beta beta gamma gamma gamma delta delta delta delta",
    "alpha alpha alpha alpha beta beta beta gamma gamma delta",
    "lunch",
]
corpus = CorpusMessageSearch(
    [SearchMessage(str(n), "C1", "ops", "U1", "Ana", text) for n, text in enumerate(contents)]
)
print(" ".join(m.message_ts for m in corpus.search("alpha beta gamma delta", limit=10)))
"""


def test_the_order_of_results_does_not_depend_on_the_hash_seed() -> None:
    def ranked(seed: int) -> str:
        environment = {**os.environ, "PYTHONHASHSEED": str(seed)}
        command = [sys.executable, "-c", _RANK_IN_A_FRESH_PROCESS]
        done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    orders = {ranked(seed) for seed in range(12)}

    assert len(orders) == 1
