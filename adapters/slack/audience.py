"""Who is answered where: the workspace's own people, in public channels only they can read,
their DMs with the app and the assistant panel.

Everyone else, and every other place, gets one short reply saying where the app answers, with
nothing searched or labelled: a private channel, a group DM, a channel shared with another
organisation (or invited to be), and any person whose home team is not the installation's
(`truthexpiry.models.answering.audience.belongs`). A channel shared among workspaces of one
Enterprise organisation is answered only when the app is installed on that whole organisation:
then all its members are the organisation's own people; installed on one workspace, the other
workspaces' people can read it, so it is not.

Channel kinds and people's home teams are remembered for `ttl` seconds (five minutes by
default): a channel that becomes shared is treated as shared at the latest that long after.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from adapters.slack.channels import (
    ChannelKind,
    Remembered,
    kind_from_channel_type,
    kind_from_details,
)
from truthexpiry.models.answering.audience import HomeTeam, Installation, belongs


class WorkspaceFacts(Protocol):
    """What Slack says about the installation, a channel and a person (see
    `adapters.slack.workspace.SlackWorkspaceFacts`); None when it cannot say."""

    def installation(self) -> Installation | None: ...

    def channel_info(self, channel: str) -> Mapping[str, Any] | None: ...

    def home_of(self, user: str) -> HomeTeam | None: ...


class Audience:
    def __init__(self, facts: WorkspaceFacts, *, ttl: float = 300.0) -> None:
        self._facts = facts
        self._kinds: Remembered[str, ChannelKind] = Remembered(ttl=ttl)
        self._homes: Remembered[str, HomeTeam] = Remembered(ttl=ttl)

    def answers_event(self, event: Mapping[str, Any]) -> bool:
        """A message or mention: its channel is answered and its author is one of ours."""
        user, channel = event.get("user"), event.get("channel")
        if not (isinstance(user, str) and isinstance(channel, str)):
            return False
        kind = kind_from_channel_type(event.get("channel_type")) or self.channel_kind(channel)
        return self.answers_in(kind) and self.is_own(user, team_hint=event.get("user_team"))

    def answers_channel(self, channel: str) -> bool:
        """A message the app is pointed at (a shortcut): whether its channel is answered."""
        return self.answers_in(self.channel_kind(channel))

    def answers_in(self, kind: ChannelKind) -> bool:
        if kind is ChannelKind.ORG_SHARED:
            installation = self._facts.installation()
            return installation is not None and installation.org_wide
        return kind in (ChannelKind.PUBLIC, ChannelKind.DIRECT)

    def channel_kind(self, channel: str) -> ChannelKind:
        kind = self._kinds.get(channel, lambda c: kind_from_details(self._facts.channel_info(c)))
        return kind or ChannelKind.PRIVATE

    def is_own(self, user: str, *, team_hint: object = None) -> bool:
        """Whether `user` belongs to the installation; `team_hint` is the team the event says
        they are from (`user_team`), which settles it without a lookup when it is ours."""
        installation = self._facts.installation()
        if installation is None:
            return False
        if not installation.org_wide and team_hint and team_hint == installation.team_id:
            return True
        home = self._homes.get(user, self._facts.home_of)
        return home is not None and belongs(home, installation)
