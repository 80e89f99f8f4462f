"""What a question about changes is about: scope values alone, entities without a value,
attributes, or nothing (everything)."""

from __future__ import annotations

from functools import cache

import pytest

from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.time.changes import ChangeSubject
from truthexpiry.reading.subjects import read_subjects
from truthexpiry.text.tokens import sentences

S = ChangeSubject


@cache
def catalog(name: str) -> Catalog:
    if name == "demo":
        return LifecycleRecordRepository.packaged().catalog
    return LifecycleRecordRepository.from_path(DATA / f"{name}_records.json").catalog


@pytest.mark.parametrize(
    ("name", "question", "expected"),
    [
        ("demo", "What changed recently?", ()),
        ("demo", "What changed for Starter since October?", (S(scope=(("plan", "starter"),)),)),
        (
            "demo",
            "What changed for Starter and Enterprise?",
            (S(scope=(("plan", "starter"),)), S(scope=(("plan", "enterprise"),))),
        ),
        ("demo", "Any changes to report export?", (S("report_export"),)),
        ("demo", "Any changes to the rate limit this year?", (S("api_rate_limit"),)),
        (
            "demo",
            "Any changes to availability on Starter?",
            (S(None, "availability", (("plan", "starter"),)),),
        ),
        (
            "demo",
            "What's coming for SSO on Enterprise?",
            (S("sso_login", None, (("plan", "enterprise"),)),),
        ),
        ("parcelwing", "What changed in APAC?", (S(scope=(("market", "apac"),)),)),
        (
            "parcelwing",
            "Any changes to cash on delivery in EMEA?",
            (S("cash_on_delivery", None, (("market", "emea"),)),),
        ),
        (
            "stratocloud",
            "Any changes to block storage quotas?",
            (S("block_storage", "volume_quota"),),
        ),
        ("stratocloud", "What changed for backup retention?", (S("backup", "retention_days"),)),
        ("peopleops", "What's coming in 2027?", ()),
        ("demo", "What changed for Basic?", (S(scope=(("plan", "basic"),)),)),
        ("demo", "What changed in October?", ()),
        # "change of train" is an alias of the transfer fare: the word asking for changes is
        # not that name, and the entity named in full later is.
        (
            "lakeline",
            "What changed for Shoreline since 2025?",
            (S(scope=(("route", "shoreline"),)),),
        ),
        ("lakeline", "what has changed on the Midland route?", (S(scope=(("route", "midland"),)),)),
        (
            "lakeline",
            "Any changes to transfer fares on Midland?",
            (S("transfer_fare", None, (("route", "midland"),)),),
        ),
    ],
)
def test_a_question_names_its_subjects(
    name: str, question: str, expected: tuple[ChangeSubject, ...]
) -> None:
    assert read_subjects(sentences(question), catalog(name)) == expected
