"""Who is answered where: the workspace's own people, in public channels only they can read,
their DMs and the assistant panel; a channel shared with another organisation (or invited to
be), a private one, and anyone from another team are not. Lookups are remembered a while."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from adapters.slack.audience import Audience
from adapters.slack.channels import ChannelKind, Remembered, kind_from_details
from truthexpiry.models.answering.audience import HomeTeam, Installation

PUBLIC = {"is_channel": True, "is_private": False}
CHANNELS: dict[str, dict[str, Any]] = {
    "C0PUBLIC": PUBLIC,
    "C0PRIVATE": {"is_channel": True, "is_private": True},
    "G0MPIM": {"is_mpim": True, "is_private": True},
    "D0DM": {"is_im": True},
    "C0CONNECT": {**PUBLIC, "is_shared": True, "is_ext_shared": True},
    "C0INVITED": {**PUBLIC, "is_pending_ext_shared": True},
    "C0ORGWIDE": {**PUBLIC, "is_shared": True, "is_org_shared": True},
}
HOMES = {"U0OWN": HomeTeam("T0HOME", "E0ORG"), "U0SISTER": HomeTeam("T0SISTER", "E0ORG")}
ONE_TEAM = Installation("T0HOME", "E0ORG")
WHOLE_ORG = Installation("E0ORG", "E0ORG", org_wide=True)


class FakeFacts:
    """The workspace's facts from tables; counts each lookup."""

    def __init__(self, installation: Installation | None = ONE_TEAM) -> None:
        self.installed = installation
        self.channels = dict(CHANNELS)
        self.lookups: list[str] = []

    def installation(self) -> Installation | None:
        return self.installed

    def channel_info(self, channel: str) -> Mapping[str, Any] | None:
        self.lookups.append(channel)
        return self.channels.get(channel)

    def home_of(self, user: str) -> HomeTeam | None:
        self.lookups.append(user)
        return HOMES.get(user, HomeTeam("T0OTHER", "E0ELSEWHERE") if user == "U0GUEST" else None)


def mention(channel: str, user: str = "U0OWN", **extra: Any) -> dict[str, Any]:
    return {"type": "app_mention", "channel": channel, "user": user, **extra}


@pytest.mark.parametrize(
    ("channel", "kind"),
    [
        ("C0PUBLIC", ChannelKind.PUBLIC),
        ("C0PRIVATE", ChannelKind.PRIVATE),
        ("G0MPIM", ChannelKind.PRIVATE),
        ("D0DM", ChannelKind.DIRECT),
        ("C0CONNECT", ChannelKind.SHARED),
        ("C0INVITED", ChannelKind.SHARED),
        ("C0ORGWIDE", ChannelKind.ORG_SHARED),
        ("C0UNKNOWN", ChannelKind.PRIVATE),
    ],
)
def test_a_channels_kind_comes_from_its_details(channel: str, kind: ChannelKind) -> None:
    assert kind_from_details(CHANNELS.get(channel)) is kind


@pytest.mark.parametrize(
    ("channel", "answered"),
    [
        ("C0PUBLIC", True),
        ("D0DM", True),
        ("C0PRIVATE", False),
        ("C0CONNECT", False),
        ("C0INVITED", False),
        ("C0ORGWIDE", False),  # installed on one workspace: the others can read it
        ("C0UNKNOWN", False),
    ],
)
def test_only_public_channels_of_this_workspace_and_dms_are_answered(
    channel: str, answered: bool
) -> None:
    assert Audience(FakeFacts()).answers_event(mention(channel)) is answered


def test_an_org_wide_channel_is_answered_when_the_app_is_on_the_whole_organisation() -> None:
    audience = Audience(FakeFacts(WHOLE_ORG))

    assert audience.answers_event(mention("C0ORGWIDE"))
    assert audience.answers_event(mention("C0ORGWIDE", user="U0SISTER"))
    assert not audience.answers_event(mention("C0CONNECT"))
    assert not audience.answers_event(mention("C0ORGWIDE", user="U0GUEST"))


@pytest.mark.parametrize("channel", ["C0PUBLIC", "D0DM"])
def test_a_person_from_another_team_is_not_answered_even_in_a_public_channel(channel: str) -> None:
    audience = Audience(FakeFacts())

    assert not audience.answers_event(mention(channel, user="U0GUEST"))
    assert not audience.answers_event(mention(channel, user="U0SISTER"))  # same org, other team
    assert not audience.answers_event(mention(channel, user="U0NOBODY"))  # home unknown


def test_the_events_user_team_settles_an_own_person_without_a_lookup() -> None:
    facts = FakeFacts()
    audience = Audience(facts)

    assert audience.answers_event(mention("C0PUBLIC", user="U0NEW", user_team="T0HOME"))
    assert not audience.answers_event(mention("C0PUBLIC", user="U0GUEST", user_team="T0OTHER"))
    assert facts.lookups == ["C0PUBLIC", "U0GUEST"]  # a foreign team hint is checked


@pytest.mark.parametrize("channel_type", ["im", "group", "mpim"])
def test_an_events_channel_type_settles_dms_and_private_ones_without_a_lookup(
    channel_type: str,
) -> None:
    facts = FakeFacts()
    event = mention("C0ANY", channel_type=channel_type, user_team="T0HOME")

    assert Audience(facts).answers_event(event) is (channel_type == "im")
    assert facts.lookups == []


def test_a_public_channel_type_is_still_looked_up_for_sharing() -> None:
    facts = FakeFacts()

    assert not Audience(facts).answers_event(mention("C0CONNECT", channel_type="channel"))
    assert facts.lookups == ["C0CONNECT"]


def test_nobody_is_answered_while_the_installation_is_unknown() -> None:
    assert not Audience(FakeFacts(None)).answers_event(mention("C0PUBLIC", user_team="T0HOME"))


def test_a_channel_that_becomes_shared_is_shared_once_its_memory_expires() -> None:
    now = [0.0]
    facts = FakeFacts()
    audience = Audience(facts, ttl=300)
    audience._kinds = Remembered(ttl=300, clock=lambda: now[0])

    assert audience.answers_event(mention("C0PUBLIC"))
    facts.channels["C0PUBLIC"] = CHANNELS["C0CONNECT"]
    now[0] = 299.0
    assert audience.answers_event(mention("C0PUBLIC"))  # remembered
    now[0] = 301.0
    assert not audience.answers_event(mention("C0PUBLIC"))


def test_a_lookup_is_remembered_for_a_while_and_a_failure_not_at_all() -> None:
    now = [0.0]
    looked_up: list[str] = []
    memory: Remembered[str, str] = Remembered(ttl=60, clock=lambda: now[0])

    def look_up(key: str) -> str | None:
        looked_up.append(key)
        return None if key == "gone" else key.upper()

    for _ in range(3):
        memory.get("c", look_up)
        memory.get("gone", look_up)
    now[0] = 61.0
    memory.get("c", look_up)

    assert looked_up == ["c", "gone", "gone", "gone", "c"]


def test_the_memory_is_bounded() -> None:
    looked_up: list[int] = []
    memory: Remembered[int, int] = Remembered(max_entries=2)

    def look_up(key: int) -> int:
        looked_up.append(key)
        return key

    for n in [0, 1, 2, 3, 4, 4, 0]:
        memory.get(n, look_up)

    assert looked_up == [0, 1, 2, 3, 4, 0]
