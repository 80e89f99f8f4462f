"""A follow-up in a thread that states no value ("and in May 2026?", "what about next year?",
"and on Team?") asks the earlier question again: its claim is judged as before, but it is
marked as carried and worded as the earlier question's value, never as "your question assumes"
(the user stated nothing this time). A follow-up that states its own value is its own claim."""

from __future__ import annotations

from datetime import date

import pytest

from bootstrap import build_pipeline
from cli.output import to_text
from listeners.views.fallback import fallback_text
from listeners.views.verdict_card import verdict_reply
from tests.fakes import FakeMessageSearch, FixedClock
from tests.unit import block_kit
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.status import Status
from wording.claim_words import ASSUMES, CARRIED

TODAY = date(2026, 11, 30)
IN_MARCH = "Was report export available on Starter in March 2026?"


def ask(question: str, *earlier: str) -> TruthExpiryResponse:
    pipeline = build_pipeline(search=FakeMessageSearch(), clock=FixedClock(TODAY))
    return pipeline.run(TruthExpiryRequest(question, earlier_questions=earlier))


def card(response: TruthExpiryResponse) -> tuple[str, list[str]]:
    blocks = verdict_reply(response).blocks
    return blocks[0]["text"]["text"], block_kit.section_texts(blocks)


@pytest.mark.parametrize(
    ("follow_up", "status"),
    [
        ("and in May 2026?", Status.SUPERSEDED),
        ("what about next year?", Status.SUPERSEDED),
        ("how about last month?", Status.SUPERSEDED),
        ("and on 1 May 2026?", Status.CURRENT),
        ("And in 2025?", Status.CURRENT),
        ("and on Team?", Status.CURRENT),
        ("and for Team in May 2026?", Status.CURRENT),
    ],
)
def test_a_follow_up_without_a_value_judges_the_earlier_value_worded_as_the_earlier_ones(
    follow_up: str, status: Status
) -> None:
    response = ask(follow_up, IN_MARCH)
    [verdict] = response.question_verdicts
    headline, texts = card(response)

    assert verdict.claim.carried
    assert verdict.claim.stated_value == "enabled"
    assert verdict.status is status  # judged as the earlier question was
    assert headline.endswith(CARRIED)
    assert any(t.endswith(f"* · {CARRIED}") or f"· {CARRIED}\n" in t for t in texts), texts
    assert any("Stated earlier: *enabled*" in t for t in texts)
    assert not any(ASSUMES in t for t in texts)
    assert "stated earlier enabled" in fallback_text(response)
    assert "Earlier question says: enabled" in to_text(follow_up, response)
    assert "Your claim" not in to_text(follow_up, response)


@pytest.mark.parametrize(
    ("follow_up", "earlier"),
    [
        ("is it disabled?", (IN_MARCH,)),
        ("is report export disabled on Team?", (IN_MARCH,)),
        ("and on Team, is it disabled?", (IN_MARCH,)),
        ("Is report export available on Starter?", ()),
    ],
)
def test_a_question_that_states_its_own_value_is_what_the_user_assumes(
    follow_up: str, earlier: tuple[str, ...]
) -> None:
    response = ask(follow_up, *earlier)
    [verdict] = response.question_verdicts
    headline, texts = card(response)

    assert not verdict.claim.carried
    assert CARRIED not in headline
    assert any(ASSUMES in t for t in texts)
    assert any("Stated: *" in t for t in texts)
    assert "Your claim says:" in to_text(follow_up, response)


def test_a_carried_value_stays_carried_along_a_chain_of_follow_ups() -> None:
    response = ask("and on Team?", IN_MARCH, "and in May 2026?")
    [verdict] = response.question_verdicts

    assert verdict.claim.carried
    assert verdict.key.scope == (("plan", "team"), ("region", "global"))


def test_a_thank_you_carries_no_claim() -> None:
    assert not ask("thanks!", IN_MARCH).question_verdicts
