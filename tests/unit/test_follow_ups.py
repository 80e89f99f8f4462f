"""Follow-ups in a thread take what they do not state from the questions before them."""

from __future__ import annotations

from datetime import date

import pytest

from bootstrap import build_pipeline, dataset_evidence
from tests.fakes import FakeMessageSearch, FixedClock
from tests.readings import reading
from tests.unit.test_rules_extractor import build_catalog
from truthexpiry.models.answering.claims import Extraction
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.status import Status
from truthexpiry.reading.extractor import RulesClaimExtractor
from truthexpiry.reading.follow_ups import MAX_EARLIER_QUESTIONS

CATALOG = dataset_evidence(None).catalog()  # the demo dataset: plans starter, team, enterprise
EXTRACTOR = RulesClaimExtractor()
EXPORT = "Is report export available on Starter?"
RESIDENCY = "What is the storage region for Enterprise in the EU?"


def read(question: str, *earlier: str) -> Extraction:
    return EXTRACTOR.extract(reading(question, CATALOG, earlier), [], CATALOG)


def claims(question: str, *earlier: str) -> list[str]:
    """`entity|attribute|k=v = value` for each claim the question makes in its thread."""
    found = read(question, *earlier).question_claims
    return [f"{c.entity}|{c.attribute}|{_scope(c.scope)} = {c.stated_value}" for c in found]


def queries(question: str, *earlier: str) -> list[str]:
    found = read(question, *earlier).value_queries
    return [f"{q.entity}|{q.attribute}|{_scope(q.scope)}" for q in found]


def _scope(scope: tuple[tuple[str, str], ...]) -> str:
    return ",".join(f"{k}={v}" for k, v in scope)


def test_a_new_scope_asks_the_earlier_question_again_for_it() -> None:
    assert claims("And on Team?", EXPORT) == ["report_export|availability|plan=team = enabled"]


def test_a_scope_value_no_record_has_is_kept_so_the_answer_can_say_so() -> None:
    assert claims("and on Pro?", EXPORT) == ["report_export|availability|plan=pro = enabled"]


def test_another_attribute_keeps_the_scope_it_would_miss_and_asks_for_its_value() -> None:
    asked = queries("what about the rate limit?", EXPORT)

    assert asked == ["api_rate_limit|max_requests|plan=starter"]
    assert claims("what about the rate limit?", EXPORT) == []


def test_a_value_stated_without_a_name_is_about_the_earlier_subject() -> None:
    assert claims("is it 100 on Enterprise?", "what is the API rate limit on Starter?") == [
        "api_rate_limit|max_requests|plan=enterprise = 100"
    ]


def test_a_new_region_keeps_the_plan() -> None:
    assert queries("and in APAC?", RESIDENCY) == [
        "data_residency|storage_region|plan=enterprise,region=apac"
    ]


def test_a_region_that_defaults_to_global_is_not_carried_into_a_new_topic() -> None:
    assert queries("what about the rate limit?", RESIDENCY) == [
        "api_rate_limit|max_requests|plan=enterprise"
    ]


def test_a_chain_of_follow_ups_is_read_in_order() -> None:
    thread = (EXPORT, "and on Pro?", "thanks!")

    assert claims("and on Enterprise?", *thread) == [
        "report_export|availability|plan=enterprise = enabled"
    ]
    rate_limit = queries("what about the rate limit?", *thread)
    assert rate_limit == ["api_rate_limit|max_requests|plan=pro"]


def test_a_message_that_states_nothing_is_no_question() -> None:
    assert read("thanks!", EXPORT) == read("thanks!")
    assert read("ok", EXPORT).question_claims == ()


def test_a_complete_question_is_read_as_it_would_be_alone() -> None:
    alone = read("What is the API rate limit on Team?")

    assert read("What is the API rate limit on Team?", EXPORT, RESIDENCY) == alone
    assert read("Is dark mode disabled on Starter?", RESIDENCY) == read(
        "Is dark mode disabled on Starter?"
    )


def test_only_the_last_questions_of_a_long_thread_are_read() -> None:
    padding = ("thanks!",) * MAX_EARLIER_QUESTIONS

    assert claims("and on Team?", EXPORT, *padding) == []
    assert claims("and on Team?", EXPORT, *padding[1:]) != []


def test_without_earlier_questions_a_follow_up_finds_nothing() -> None:
    assert read("And on Team?") == Extraction()


@pytest.mark.parametrize("earlier", [(), ("what is it?",), ("thanks",)])
def test_a_thread_that_never_named_a_topic_changes_nothing(earlier: tuple[str, ...]) -> None:
    assert read(EXPORT, *earlier) == read(EXPORT)


def test_the_pipeline_answers_a_follow_up_for_the_new_scope() -> None:
    search = FakeMessageSearch()
    pipeline = build_pipeline(search=search, clock=FixedClock(date(2026, 11, 30)))

    earlier = ("What is the API rate limit on Starter?",)

    response = pipeline.run(TruthExpiryRequest("what is it on Team?", earlier_questions=earlier))

    [answer] = response.answers
    assert answer.key.canonical == "api_rate_limit|max_requests|plan=team|region=global"
    assert answer.status is Status.CURRENT
    assert answer.current_values == ("500",)


def test_a_follow_up_searches_with_the_question_before_it() -> None:
    request = TruthExpiryRequest("and on Team?", earlier_questions=("thanks", EXPORT))

    assert request.search_text == f"and on Team? {EXPORT}"
    assert TruthExpiryRequest(EXPORT).search_text == EXPORT
    assert "Team" not in repr(request)
    assert "Starter" not in repr(request)


def test_a_value_and_a_scope_without_a_name_change_only_those() -> None:
    assert claims("is it disabled on Team?", EXPORT) == [
        "report_export|availability|plan=team = disabled"
    ]


def test_another_attribute_of_the_same_entity_is_asked_in_the_subjects_scope() -> None:
    catalog = build_catalog()
    printer = "Is the label printer available on Pro?"

    asked = EXTRACTOR.extract(reading("and the data center?", catalog, (printer,)), [], catalog)
    in_emea = EXTRACTOR.extract(reading("and in EMEA?", catalog, (printer,)), [], catalog)

    assert [(q.entity, q.attribute, q.scope) for q in asked.value_queries] == [
        ("label_printer", "data_center", (("tier", "pro"),))
    ]
    assert [(c.attribute, c.scope, c.stated_value) for c in in_emea.question_claims] == [
        ("availability", (("market", "emea"), ("tier", "pro")), "enabled")
    ]


def test_a_date_or_a_period_alone_asks_the_earlier_question_again() -> None:
    assert claims("and in May 2026?", EXPORT) == [
        "report_export|availability|plan=starter = enabled"
    ]
    assert queries("and on 2025-03-15?", "what is the API rate limit on Team?") == [
        "api_rate_limit|max_requests|plan=team"
    ]


def test_a_question_about_changes_alone_asks_no_claim_again() -> None:
    assert read("what changed since October?", EXPORT) == read("what changed since October?")
