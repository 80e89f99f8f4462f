"""Every proposal the model makes is grounded before use: catalog names, known evidence IDs,
and a value (and scope values) that the cited text states. The rest is dropped and counted.

The rules that read beside the model here read nothing (`FakeClaimExtractor`), so what the live
extractor gives is exactly what grounding kept; `test_llm_injection.py` covers the two together."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import FakeClaimExtractor
from tests.readings import reading
from tests.scripted_llm import claim, extractor, reply
from truthexpiry.grounding.proposals import DropReason
from truthexpiry.models.answering.claims import Claim, ClaimSource, Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.records.catalog import Catalog

OFF = SearchMessage(
    "1747100000.000200",
    "C0PROD",
    "product",
    "U0PM",
    "Priya",
    "Report export has been turned off for Starter since May.",
    "https://example.slack.com/archives/C0PROD/p1747100000000200",
)
LIMIT = SearchMessage(
    "1718000000.000400",
    "C0ENG",
    "eng",
    "U0KIM",
    "Kim",
    "Starter rate limit dropped to 50 requests per minute in June.",
)
RESIDENCY = SearchMessage(
    "1718000000.000500", "C0ENG", "eng", "U0KIM", "Kim", "EU customer data now stays in Frankfurt."
)
QUESTION = "Is report export available on Starter?"


def _extract(
    catalog: Catalog, proposals: dict[str, Any], question: str = QUESTION
) -> tuple[Extraction, dict[str, int]]:
    live = extractor(reply(proposals), rules=FakeClaimExtractor())
    try:
        extraction = live.extract(reading(question, catalog), [OFF, LIMIT, RESIDENCY], catalog)
    finally:
        live.close()
    assert live.fallbacks.count() == 0
    return extraction, live.dropped.snapshot()


def test_a_grounded_proposal_becomes_a_claim_in_canonical_form(catalog: Catalog) -> None:
    proposals = {
        "claims": [
            claim("report_export", "availability", "available", ["question"], {"plan": "Starter"}),
            claim(
                "Report Export", "availability", "turned off", ["evidence-1"], {"plan": "starter"}
            ),
        ],
        "mentioned_entities": ["report_export"],
    }

    extraction, dropped = _extract(catalog, proposals)

    scope = (("plan", "starter"),)
    assert extraction.question_claims == (
        Claim("report_export", "availability", scope, "enabled", ClaimSource.QUESTION),
    )
    assert extraction.message_claims == (
        Claim("report_export", "availability", scope, "disabled", ClaimSource.MESSAGE, OFF.ref),
    )
    assert extraction.topics == ("report_export",)
    assert extraction.fallback is None
    assert dropped == {}


@pytest.mark.xfail(
    strict=True,
    reason="product bug: a counted noun that is also a word of the attribute's name is dropped "
    "(`50 requests per minute` reads as `50`)",
)
def test_a_quantity_keeps_the_noun_it_counts(catalog: Catalog) -> None:
    proposals = {
        "claims": [
            claim("api_rate_limit", "max_requests", "50", ["evidence-2"], {"plan": "starter"})
        ]
    }

    extraction, dropped = _extract(catalog, proposals)

    assert [(c.entity, c.stated_value, c.scope) for c in extraction.message_claims] == [
        ("api_rate_limit", "50 requests", (("plan", "starter"),)),
    ]
    assert dropped == {}


def test_a_value_alias_is_read_with_the_projects_vocabulary(catalog: Catalog) -> None:
    proposals = {
        "claims": [
            claim(
                "data_residency", "storage_region", "Frankfurt", ["evidence-3"], {"region": "EU"}
            ),
        ]
    }

    extraction, dropped = _extract(catalog, proposals)

    assert [(c.entity, c.stated_value, c.scope) for c in extraction.message_claims] == [
        ("data_residency", "eu-central", (("region", "eu"),)),
    ]
    assert dropped == {}


def test_a_value_in_another_spelling_of_the_same_token_is_grounded(catalog: Catalog) -> None:
    proposals = {
        "claims": [
            claim(
                "data_residency", "storage_region", "EU Central", ["evidence-3"], {"region": "EU"}
            ),
        ]
    }

    extraction, dropped = _extract(catalog, proposals)

    assert [(c.entity, c.stated_value, c.scope) for c in extraction.message_claims] == [
        ("data_residency", "eu-central", (("region", "eu"),)),
    ]
    assert dropped == {}


def test_a_value_query_about_the_question_is_kept(catalog: Catalog) -> None:
    proposals = {
        "value_queries": [
            {
                "entity": "api_rate_limit",
                "attribute": "max_requests",
                "scope": [{"key": "plan", "value": "starter"}],
            }
        ]
    }

    extraction, _ = _extract(catalog, proposals, "What is the rate limit on Starter?")

    assert [(q.entity, q.scope) for q in extraction.value_queries] == [
        ("api_rate_limit", (("plan", "starter"),))
    ]
    assert extraction.topics == ("api_rate_limit",)


_NOUN_DROPPED = pytest.mark.xfail(
    strict=True,
    reason="product bug: `50 requests` in the text reads as a bare 50, which any unit matches",
)


def _ungrounded() -> list[Any]:
    starter = {"plan": "starter"}
    not_in_sentence = DropReason.NOT_IN_ONE_SENTENCE
    return [
        pytest.param(
            claim("report_export", "availability", "off", ["evidence-9"], starter),
            DropReason.UNKNOWN_EVIDENCE,
            id="an unknown evidence ID",
        ),
        pytest.param(
            claim("report_export", "availability", "off", ["evidence-1", "msg-1"], starter),
            DropReason.UNKNOWN_EVIDENCE,
            id="one known and one unknown evidence ID",
        ),
        pytest.param(
            claim("report_export", "availability", "enabled", ["evidence-1"], starter),
            not_in_sentence,
            id="a value the cited text does not state",
        ),
        pytest.param(
            claim("report_export", "availability", "disabled", ["question"], starter),
            not_in_sentence,
            id="a value stated in another item than the one cited",
        ),
        pytest.param(
            claim("api_rate_limit", "max_requests", "50 days", ["evidence-2"], starter),
            not_in_sentence,
            id="a quantity with another unit",
            marks=_NOUN_DROPPED,
        ),
        pytest.param(
            claim("payroll_export", "availability", "off", ["evidence-1"], starter),
            DropReason.UNKNOWN_ENTITY,
            id="an unknown entity",
        ),
        pytest.param(
            claim("dark_mode", "availability", "off", ["evidence-1"], starter),
            not_in_sentence,
            id="an entity the cited text does not name",
        ),
        pytest.param(
            claim("report_export", "price", "off", ["evidence-1"], starter),
            DropReason.UNKNOWN_ATTRIBUTE,
            id="an unknown attribute",
        ),
        pytest.param(
            claim("report_export", "availability", "off", ["evidence-1"], {"plan": "platinum"}),
            not_in_sentence,
            id="a scope value no record has that the cited text does not state",
        ),
        pytest.param(
            claim("report_export", "availability", "off", ["evidence-1"], {"tier": "starter"}),
            DropReason.UNKNOWN_SCOPE,
            id="an unknown scope key",
        ),
        pytest.param(
            claim("report_export", "availability", "off", ["evidence-1"], {"plan": "team"}),
            not_in_sentence,
            id="a scope value the cited text does not state",
        ),
    ]


@pytest.mark.parametrize(("proposal", "reason"), _ungrounded())
def test_an_ungrounded_proposal_is_dropped_and_counted(
    catalog: Catalog, proposal: dict[str, Any], reason: DropReason
) -> None:
    extraction, dropped = _extract(catalog, {"claims": [proposal]})

    assert extraction.question_claims == extraction.message_claims == ()
    assert dropped == {reason.value: 1}


def test_a_scope_value_no_record_has_is_kept_when_the_sentence_states_it(
    catalog: Catalog,
) -> None:
    basic = SearchMessage("1.3", "C0", "general", "U0", "Sam", "Report export is off on Basic.")
    live = extractor(
        reply(
            {
                "claims": [
                    claim("report_export", "availability", "off", ["evidence-1"], {"plan": "basic"})
                ]
            }
        ),
        rules=FakeClaimExtractor(),
    )

    extraction = live.extract(reading("", catalog), [basic], catalog)
    live.close()

    assert [(c.scope, c.stated_value) for c in extraction.message_claims] == [
        ((("plan", "basic"),), "disabled")
    ]
    assert live.dropped.snapshot() == {}


def test_a_negated_value_does_not_support_its_opposite(catalog: Catalog) -> None:
    negated = SearchMessage("1.2", "C0", "general", "U0", "Sam", "Report export is not on Starter.")
    live = extractor(
        reply({"claims": [claim("report_export", "availability", "on", ["evidence-1"])]}),
        rules=FakeClaimExtractor(),
    )

    extraction = live.extract(reading("", catalog), [negated], catalog)
    live.close()

    assert extraction.message_claims == ()
    assert live.dropped.count(DropReason.NOT_IN_ONE_SENTENCE) == 1


def test_the_no_claim_answer_gives_an_empty_extraction(catalog: Catalog) -> None:
    extraction, dropped = _extract(catalog, {"claims": [], "value_queries": []})

    assert extraction == Extraction()
    assert dropped == {}
