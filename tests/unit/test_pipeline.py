"""The pipeline, wired through the composition root with fakes for every port."""

from __future__ import annotations

from datetime import date

from bootstrap import build_pipeline
from tests.fakes import FakeClaimExtractor, FakeLifecycleEvidence, FakeMessageSearch, FixedClock
from tests.unit.builders import KEY, record
from truthexpiry.models.answering.claims import Claim, ClaimSource, Extraction, ValueQuery
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.notices import (
    EvidenceUnavailable,
    NothingToCheck,
    SearchUnavailable,
)
from truthexpiry.models.answering.requests import TruthExpiryRequest
from truthexpiry.models.answering.verdicts import UnverifiedReason
from truthexpiry.models.errors import SearchFailure, SearchUnavailableError
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.status import Status
from truthexpiry.services.pipeline import TruthExpiryPipeline

TODAY = date(2026, 11, 30)
RECORDS = (
    record("R-1", "enabled", "2024-01-01"),
    record("R-2", "disabled", "2026-05-12", supersedes="R-1"),
)
MESSAGE = SearchMessage(
    "1714000000.000100",
    "C1",
    "sales",
    "U1",
    "Alex",
    "Report export is available on Starter.",
    "https://example.slack.com/archives/C1/p1",
)


def pipeline(
    *,
    evidence: FakeLifecycleEvidence | None = None,
    search: FakeMessageSearch | None = None,
    extractor: FakeClaimExtractor | None = None,
) -> TruthExpiryPipeline:
    return build_pipeline(
        search=search or FakeMessageSearch([MESSAGE]),
        evidence=evidence or FakeLifecycleEvidence(RECORDS),
        extractor=extractor,
        clock=FixedClock(TODAY),
    )


def ask(question: str, **kwargs: object) -> TruthExpiryRequest:
    return TruthExpiryRequest(question, **kwargs)  # type: ignore[arg-type]


def test_a_stated_value_gets_a_question_verdict_and_messages_get_their_own() -> None:
    response = pipeline().run(ask("Is report export available on Starter?"))

    [question] = response.question_verdicts
    [message] = response.message_verdicts
    assert question.status is Status.SUPERSEDED
    assert question.current_values == ("disabled",)
    assert question.record_ids == ("R-2",)
    assert message.status is Status.SUPERSEDED
    assert message.claim.message is not None
    assert message.claim.message.permalink == MESSAGE.permalink
    assert response.messages_searched == 1


def test_the_clock_gives_the_date_when_the_request_has_none() -> None:
    response = pipeline().run(ask("Is report export disabled on Starter?"))

    assert response.as_of == TODAY
    assert response.question_verdicts[0].status is Status.CURRENT


def test_the_request_date_overrides_the_clock() -> None:
    response = pipeline().run(ask("Is report export enabled on Starter?", as_of=date(2025, 1, 1)))

    assert response.as_of == date(2025, 1, 1)
    assert response.question_verdicts[0].status is Status.CURRENT


def test_a_value_question_gets_the_current_value_as_an_answer() -> None:
    response = pipeline().run(ask("What is report export availability on Starter?"))

    assert response.answer is not None
    assert response.answer.key == KEY
    assert response.answer.current_values == ("disabled",)
    assert response.answer.record_ids == ("R-2",)
    assert not response.question_verdicts


def test_unavailable_evidence_makes_every_claim_unverified_never_no_records() -> None:
    evidence = FakeLifecycleEvidence(RECORDS, unavailable=True)

    response = pipeline(evidence=evidence).run(ask("Is report export available on Starter?"))

    assert response.verdicts
    for verdict in response.verdicts:
        assert verdict.status is Status.UNVERIFIED
        assert verdict.reason is UnverifiedReason.EVIDENCE_UNAVAILABLE
        assert "unavailable" in verdict.explanation


def test_an_unavailable_catalog_gives_a_notice_and_no_verdicts() -> None:
    evidence = FakeLifecycleEvidence(RECORDS, catalog_unavailable=True)

    response = pipeline(evidence=evidence).run(ask("Is report export available on Starter?"))

    assert response.verdicts == ()
    assert response.notices == (EvidenceUnavailable("fake evidence source is down"),)


def test_failed_search_still_answers_the_question_from_the_records() -> None:
    search = FakeMessageSearch(
        failure=SearchUnavailableError("down", category=SearchFailure.RATELIMITED)
    )

    response = pipeline(search=search).run(ask("Is report export available on Starter?"))

    assert response.question_verdicts[0].status is Status.SUPERSEDED
    assert response.message_verdicts == ()
    assert response.notices == (SearchUnavailable("ratelimited"),)


def test_each_key_is_looked_up_once_per_request() -> None:
    evidence = FakeLifecycleEvidence(RECORDS)
    search = FakeMessageSearch([MESSAGE, MESSAGE, MESSAGE])

    pipeline(evidence=evidence, search=search).run(ask("Is report export on for Starter?"))

    assert evidence.lookups == [KEY]


def test_evidence_for_another_key_is_rejected_as_invalid() -> None:
    other = ClaimKey.of("report_export", "availability", {"plan": "team", "region": "global"})

    class WrongKeyEvidence(FakeLifecycleEvidence):
        def lookup(self, key: ClaimKey) -> tuple[object, ...]:  # type: ignore[override]
            return (record("R-9", "enabled", key=other),)

    response = pipeline(evidence=WrongKeyEvidence(RECORDS)).run(
        ask("Is report export available on Starter?")
    )

    assert response.question_verdicts[0].status is Status.UNVERIFIED
    assert response.question_verdicts[0].reason is UnverifiedReason.EVIDENCE_UNAVAILABLE


def test_a_missing_scope_key_is_unverified_and_names_the_key() -> None:
    response = pipeline().run(ask("Is report export available?"))

    [verdict] = response.question_verdicts
    assert verdict.status is Status.UNVERIFIED
    assert verdict.reason is UnverifiedReason.MISSING_SCOPE
    assert "plan" in verdict.explanation


def test_a_question_without_a_claim_gets_a_notice_listing_what_can_be_checked() -> None:
    response = pipeline().run(ask("What's the weather like today?"))

    assert response.verdicts == ()
    assert response.answer is None
    [notice] = response.notices
    assert isinstance(notice, NothingToCheck)
    assert notice.found == ()
    assert any(topic.startswith("Report export availability") for topic in notice.topics)


def test_the_shortcut_labels_the_chosen_message_without_searching() -> None:
    search = FakeMessageSearch([])

    response = pipeline(search=search).run(ask("", subject_message=MESSAGE, as_of=TODAY))

    assert search.calls == 0
    [verdict] = response.verdicts
    assert verdict.claim.source is ClaimSource.MESSAGE
    assert verdict.status is Status.SUPERSEDED
    assert response.notices == ()


def test_the_action_token_reaches_search_and_is_not_in_the_request_repr() -> None:
    search = FakeMessageSearch([])
    request = ask("Is report export on for Starter?", action_token="secret-token-123")

    pipeline(search=search).run(request)

    assert search.tokens_seen == [True]
    assert "secret-token-123" not in repr(request)


def test_claims_from_the_extractor_are_labelled_even_when_scripted() -> None:
    scripted = Extraction(
        question_claims=(
            Claim(
                "report_export", "availability", (("plan", "starter"),), "off", ClaimSource.QUESTION
            ),
        ),
        value_queries=(ValueQuery("report_export", "availability", (("plan", "starter"),)),),
    )

    response = pipeline(extractor=FakeClaimExtractor(scripted)).run(ask("anything"))

    assert response.question_verdicts[0].status is Status.CURRENT
    assert response.answer is not None
    assert response.answer.current_values == ("disabled",)


def test_message_claims_about_other_topics_are_left_out() -> None:
    dark_mode = ClaimKey.of("dark_mode", "availability", {"plan": "starter", "region": "global"})
    records = (*RECORDS, record("R-7", "enabled", key=dark_mode))
    other = SearchMessage("2.0", "C2", "eng", "U2", "Kim", "Dark mode is on for Starter now.")

    response = pipeline(
        evidence=FakeLifecycleEvidence(records), search=FakeMessageSearch([MESSAGE, other])
    ).run(ask("Is report export available on Starter?"))

    assert {v.key.entity for v in response.message_verdicts} == {"report_export"}
