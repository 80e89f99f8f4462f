"""Values as people say them (issue 19): subunits of a currency, parts of a whole and times of day
in words, read in questions and in messages, and never misread where the words mean something
else. The forms each type reads are listed in `test_typed_values.py`."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest

from adapters.offline.evidence import InProcessLifecycleEvidence
from adapters.offline.search import CorpusMessageSearch, parse_messages
from bootstrap import build_pipeline
from lifecycle_data.repository import LifecycleRecordRepository
from tests.datasets import DATA
from tests.fakes import FixedClock
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.records.values import Comparison, ValueType
from truthexpiry.models.status import Status
from truthexpiry.reading.values_in_text import FoundValue
from truthexpiry.text.tokens import sentences
from truthexpiry.values.compare import compare, read_value
from truthexpiry.values.forms import clock, quantity
from truthexpiry.values.spans import value_at

AS_OF = date(2026, 6, 1)
AS_OF_PAWSFORD = date(2026, 11, 30)
# A transport dataset without a catalog: the fee went from 40 cents to 75 cents.
RECORDS = [
    ("R-1", "booking_fee", "amount", "\u20ac0.40", "2024-01-01", None),
    ("R-2", "booking_fee", "amount", "\u20ac0.75", "2025-03-01", "R-1"),
    ("R-3", "locker", "deposit", "\u00a31.00", "2025-01-06", None),
    ("R-4", "transfer_window", "length", "60 minutes", "2024-01-01", None),
    ("R-5", "transfer_window", "length", "90 minutes", "2025-02-01", "R-4"),
    ("R-6", "web_fare", "discount", "2.5%", "2025-06-15", None),
    ("R-7", "ticket_office", "closing_time", "19:30", "2025-01-01", None),
    ("R-8", "ticket_office", "opening_time", "06:30", "2025-01-01", None),
]


def _ask(question: str, *messages: str) -> TruthExpiryResponse:
    document = {
        "dataset_version": "spoken-1",
        "records": [
            {
                "record_id": record_id,
                "entity": entity,
                "attribute": attribute,
                "scope": {"route": "global"},
                "value": value,
                "state": "EFFECTIVE",
                "effective_date": effective,
                "supersedes_record_id": supersedes,
            }
            for record_id, entity, attribute, value, effective, supersedes in RECORDS
        ],
    }
    corpus = parse_messages(
        [
            {
                "message_ts": f"1760000000.{n:06d}",
                "channel_id": "C1",
                "channel_name": "ops",
                "author_user_id": "U1",
                "author_name": "sam",
                "content": content,
                "permalink": f"https://example.slack.com/archives/C1/p{n}",
            }
            for n, content in enumerate(messages)
        ]
    )
    pipeline = build_pipeline(
        search=CorpusMessageSearch(corpus),
        evidence=InProcessLifecycleEvidence(
            LifecycleRecordRepository.from_json(json.dumps(document))
        ),
        clock=FixedClock(AS_OF),
    )
    return pipeline.run(TruthExpiryRequest(question, as_of=AS_OF))


def _question_status(question: str) -> tuple[str, Status | None]:
    verdicts = _ask(question).question_verdicts
    return question, verdicts[0].status if len(verdicts) == 1 else None


# --- in questions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "status"),
    [
        ("Is the booking fee 75c?", Status.CURRENT),
        ("Is the booking fee 75\u00a2?", Status.CURRENT),
        ("is the booking fee seventy five cents now?", Status.CURRENT),
        ("Is the booking fee still 40 cents?", Status.SUPERSEDED),
        ("Is the locker deposit a pound?", Status.CURRENT),
        ("Is the locker deposit 50p?", Status.SUPERSEDED),
        # Cents are no part of a pound: neither the same nor different.
        ("Is the locker deposit 100 cents?", Status.UNVERIFIED),
        ("Is the transfer window an hour and a half?", Status.CURRENT),
        ("Is the transfer window one and a half hours?", Status.CURRENT),
        ("Is the transfer window 1 1/2 hours?", Status.CURRENT),
        ("Is the transfer window half an hour?", Status.SUPERSEDED),
        ("Is the web fare discount two and a half percent?", Status.CURRENT),
        ("Is the web fare discount three and a half percent?", Status.SUPERSEDED),
        ("Does the ticket office close at half past seven?", Status.CURRENT),
        ("Does the ticket office close at half past seven in the evening?", Status.CURRENT),
        ("Does the ticket office close at 7.30pm?", Status.CURRENT),
        ("Does the ticket office close at 9 in the evening?", Status.SUPERSEDED),
        ("Does the ticket office open at half six?", Status.CURRENT),
        ("Does the ticket office open at quarter to seven?", Status.SUPERSEDED),
    ],
)
def test_a_value_said_in_words_in_a_question_gets_the_verdict_of_its_value(
    question: str, status: Status
) -> None:
    assert _question_status(question) == (question, status)


# --- in messages ------------------------------------------------------------------------------


def test_values_said_in_words_in_messages_are_labelled_by_their_value() -> None:
    response = _ask(
        "What is the booking fee?",
        "the online booking fee is 40 cents",
        "booking fee went up to 75c in March",
        "heads up: the booking fee is seventy five cents",
    )

    statuses = [v.status for v in response.message_verdicts]

    assert statuses == [Status.SUPERSEDED, Status.CURRENT, Status.CURRENT]


def test_a_time_in_words_in_a_message_is_labelled_by_its_time() -> None:
    response = _ask(
        "When does the ticket office close?",
        "ticket office closes at 9 in the evening",
        "ticket office closes at half seven",
        "the ticket office now shuts at seven thirty pm",
    )

    statuses = [v.status for v in response.message_verdicts]

    assert statuses == [Status.SUPERSEDED, Status.CURRENT, Status.CURRENT]


def test_the_words_after_a_spoken_amount_still_count() -> None:
    """ "an hour and a half" is one value: the clause goes on after it."""
    response = _ask("Is the transfer window an hour and a half on the global route?")

    [verdict] = response.question_verdicts

    assert (verdict.claim.stated_value, verdict.status) == ("1.5 hours", Status.CURRENT)


# --- what is not read -------------------------------------------------------------------------


def _first_value(text: str, at: int) -> tuple[str, str] | None:
    [sentence] = sentences(text)
    span = value_at(sentence.tokens, at)
    if span is None:
        return None
    return span.value.text, " ".join(t.text for t in sentence.tokens[span.start : span.end])


@pytest.mark.parametrize(
    ("text", "at", "read"),
    [
        # A count after a price says what it counts: not 5.20.
        ("It costs 5 pounds 20 times a year", 2, ("5 GBP", "5 pounds")),
        # "5 to 7" is a range far more often than 6:55.
        ("Open from 5 to 7 on weekdays", 2, ("5", "5")),
        # Two numbers, not 37 and not a time without a word that gives one.
        ("Lanes seven thirty", 1, ("7", "seven")),
        # Half of what follows, not half past six.
        ("Cut in half 6 hours later", 2, None),
        ("Prices are half of last year", 2, None),
        # A quarter on its own is three months.
        ("Billed once a quarter", 2, None),
        ("Billed a quarter ahead", 1, ("1 quarter", "a quarter")),
        # One in the morning is read; one "at night" is not said of an hour after midnight.
        ("Closes 1 at night", 1, ("1", "1")),
    ],
)
def test_words_that_only_look_like_a_spoken_value_are_not_read_as_one(
    text: str, at: int, read: tuple[str, str] | None
) -> None:
    assert _first_value(text, at) == read


def test_a_bare_hour_after_a_time_word_is_a_time_only_for_an_attribute_that_holds_one() -> None:
    found = FoundValue(3, 4, quantity(Decimal(8), None), "present")
    timed = FoundValue(3, 4, found.value, "present", as_time=read_value("08:00 or 20:00"))

    assert timed.for_attribute(("x", "limit"), ValueType.QUANTITY) == found.value
    assert timed.for_attribute(("x", "opens"), ValueType.TIME_OF_DAY) == read_value(
        "08:00 or 20:00"
    )
    assert found.for_attribute(("x", "opens"), ValueType.TIME_OF_DAY) == found.value


# --- how they compare -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stated", "record", "outcome"),
    [
        ("40 cents", "EUR 0.40", Comparison.SAME),
        ("40 cents", "$0.40", Comparison.SAME),
        ("40 cents", "EUR 0.45", Comparison.DIFFERENT),
        ("40 cents", "40 cents", Comparison.SAME),
        ("40 cents", "GBP 0.40", Comparison.INCOMPARABLE),
        ("40 cents", "JPY 40", Comparison.INCOMPARABLE),
        ("40 cents", "40 minutes", Comparison.INCOMPARABLE),
        ("40p", "GBP 0.40", Comparison.SAME),
        ("40p", "EUR 0.40", Comparison.INCOMPARABLE),
        ("half past six", "18:30", Comparison.SAME),
        ("half past six", "06:30", Comparison.SAME),
        ("half past six", "19:30", Comparison.DIFFERENT),
        ("half past six", "half six", Comparison.SAME),
        ("half past six in the evening", "06:30", Comparison.DIFFERENT),
        ("a quarter to one", "00:45", Comparison.SAME),
    ],
)
def test_subunits_and_times_without_am_or_pm_compare_by_what_they_can_mean(
    stated: str, record: str, outcome: Comparison
) -> None:
    assert compare(read_value(stated), read_value(record)).outcome is outcome
    assert compare(read_value(record), read_value(stated)).outcome is outcome


def test_cents_against_pounds_say_why_they_cannot_be_compared() -> None:
    compared = compare(read_value("40 cents"), read_value("GBP 0.40"))

    assert compared.reason == "stated in cents, but the records are in GBP"


def test_a_time_without_am_or_pm_is_shown_as_both_of_its_readings() -> None:
    assert read_value("half past six") == read_value("06:30 or 18:30")
    assert read_value("quarter past twelve").text == "00:15 or 12:15"
    assert read_value("noon") == clock(720)


@pytest.mark.parametrize(
    ("question", "scope", "status"),
    [
        ("Is the senior pet plan discount twelve and a half percent for dogs?", "dog", "CURRENT"),
        (
            "is the senior pet plan discount still ten and a half percent for cats?",
            "cat",
            "SUPERSEDED",
        ),
        ("senior pet plan discount: 12 and a half percent for dogs now?", "dog", "CURRENT"),
    ],
)
def test_a_spoken_amount_that_holds_and_keeps_the_scope_said_after_it(
    question: str, scope: str, status: str
) -> None:
    """ "and" inside "twelve and a half percent" cuts no clause: "for dogs" is the value's."""
    repository = LifecycleRecordRepository.from_path(DATA / "pawsford_records.json")
    pipeline = build_pipeline(
        search=CorpusMessageSearch(()), evidence=InProcessLifecycleEvidence(repository)
    )

    [verdict] = pipeline.run(TruthExpiryRequest(question, as_of=AS_OF_PAWSFORD)).question_verdicts

    assert verdict.key.scope == (("species", scope),)
    assert verdict.status.value == status
