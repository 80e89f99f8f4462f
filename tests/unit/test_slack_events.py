"""Turning Slack events into questions, and the worker's small services."""

from __future__ import annotations

import pytest

from adapters.dedup.memory import InMemoryEventDedup
from adapters.slack.events import action_token, is_from_a_person, question_text


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("<@U0BOT> is report export on Starter?", "is report export on Starter?"),
        ("<@U0BOT|truthexpiry>   is it   still true?", "is it still true?"),
        ("see <#C123|sales> and <https://example.com/x|the doc>", "see and the doc"),
        ("is *report export* :tada: on _Starter_?", "is report export on Starter?"),
        ("ping <!here> rate limit &lt;50&gt;", "ping rate limit <50>"),
        ("<https://example.com/only-a-link>", ""),
    ],
)
def test_question_text_drops_slack_markup(text: str, question: str) -> None:
    assert question_text(text) == question


def test_action_token_comes_from_the_event_or_its_assistant_thread() -> None:
    assert action_token({"action_token": "t1"}) == "t1"
    assert action_token({"assistant_thread": {"action_token": "t2"}}) == "t2"
    assert action_token({"action_token": ""}) is None
    assert action_token({}) is None


@pytest.mark.parametrize(
    "event",
    [
        {"user": "U1", "bot_id": "B1"},
        {"user": "U1", "subtype": "message_changed"},
        {"user": "U1", "subtype": "bot_message"},
        {"user": "UBOT"},
        {"text": "no user"},
    ],
)
def test_bots_edits_and_the_app_itself_are_not_people(event: dict[str, object]) -> None:
    assert not is_from_a_person(event, "UBOT")


def test_a_person_is_a_person() -> None:
    assert is_from_a_person({"user": "U1", "text": "hi"}, "UBOT")


def test_dedup_answers_first_time_once_per_event_id() -> None:
    dedup = InMemoryEventDedup()

    assert dedup.first_time("Ev1")
    assert not dedup.first_time("Ev1")
    assert dedup.first_time("Ev2")


def test_dedup_forgets_after_its_window_and_stays_bounded() -> None:
    now = [0.0]
    dedup = InMemoryEventDedup(ttl_seconds=10, max_entries=2, clock=lambda: now[0])
    dedup.first_time("Ev1")
    now[0] = 11.0

    assert dedup.first_time("Ev1")
    dedup.first_time("Ev2")
    dedup.first_time("Ev3")
    assert dedup.first_time("Ev1")  # pushed out by the bound
