"""Which conversations the worker answers in, from the event or one remembered lookup."""

from __future__ import annotations

from typing import Any

import pytest
from slack_sdk.errors import SlackApiError

from listeners.channels import ChannelDirectory, ChannelKind


class FakeConversations:
    """`conversations.info` over a table of channel details; counts the calls."""

    def __init__(self, details: dict[str, dict[str, Any]]) -> None:
        self.details = details
        self.calls: list[str] = []

    def conversations_info(self, *, channel: str) -> Any:
        self.calls.append(channel)
        if channel not in self.details:
            raise SlackApiError("channel_not_found", {"ok": False})  # type: ignore[no-untyped-call]
        return {"ok": True, "channel": self.details[channel]}


SLACK = FakeConversations(
    {
        "C0PUBLIC": {"is_channel": True, "is_private": False},
        "C0PRIVATE": {"is_channel": True, "is_private": True},
        "G0MPIM": {"is_mpim": True, "is_private": True},
        "D0DM": {"is_im": True},
    }
)


@pytest.mark.parametrize(
    ("channel_type", "kind"),
    [
        ("channel", ChannelKind.PUBLIC),
        ("im", ChannelKind.DIRECT),
        ("group", ChannelKind.PRIVATE),
        ("mpim", ChannelKind.PRIVATE),
    ],
)
def test_the_events_channel_type_decides_without_a_lookup(
    channel_type: str, kind: ChannelKind
) -> None:
    slack = FakeConversations({})
    event = {"channel": "C0ANY", "channel_type": channel_type}

    assert ChannelDirectory().kind_of_event(slack, event) is kind
    assert slack.calls == []


@pytest.mark.parametrize(
    ("channel", "kind"),
    [
        ("C0PUBLIC", ChannelKind.PUBLIC),
        ("C0PRIVATE", ChannelKind.PRIVATE),
        ("G0MPIM", ChannelKind.PRIVATE),
        ("D0DM", ChannelKind.DIRECT),
        ("C0UNKNOWN", ChannelKind.PRIVATE),
    ],
)
def test_without_a_channel_type_the_conversation_is_looked_up(
    channel: str, kind: ChannelKind
) -> None:
    assert ChannelDirectory().kind_of_event(SLACK, {"channel": channel}) is kind


def test_only_private_conversations_are_not_answered() -> None:
    assert [k.answered for k in ChannelKind] == [True, True, False]


def test_a_lookup_is_remembered_for_a_while_and_a_failure_not_at_all() -> None:
    now = [0.0]
    slack = FakeConversations({"C0PUBLIC": {"is_channel": True, "is_private": False}})
    directory = ChannelDirectory(ttl=60, clock=lambda: now[0])

    for _ in range(3):
        directory.kind(slack, "C0PUBLIC")
        directory.kind(slack, "C0GONE")
    now[0] = 61.0
    directory.kind(slack, "C0PUBLIC")

    assert slack.calls == ["C0PUBLIC", "C0GONE", "C0GONE", "C0GONE", "C0PUBLIC"]


def test_the_directory_keeps_a_bounded_number_of_channels() -> None:
    slack = FakeConversations(
        {f"C{n}": {"is_channel": True, "is_private": False} for n in range(5)}
    )
    directory = ChannelDirectory(max_entries=2)

    for n in range(5):
        directory.kind(slack, f"C{n}")
    directory.kind(slack, "C4")
    directory.kind(slack, "C0")

    assert slack.calls == ["C0", "C1", "C2", "C3", "C4", "C0"]
