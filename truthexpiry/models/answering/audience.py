"""Whose questions TruthExpiry answers: the installing workspace's (or organisation's) own people.

Lifecycle records are internal. A person belongs when their home team is the team the app is
installed on; when the app is installed on a whole Enterprise organisation, when their
organisation is that one. Someone whose home is unknown does not belong (fail closed).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Installation:
    """Where the app is installed: a team, or (`org_wide`) a whole Enterprise organisation."""

    team_id: str | None
    enterprise_id: str | None = None
    org_wide: bool = False


@dataclass(frozen=True)
class HomeTeam:
    """The team a person belongs to, and its Enterprise organisation if it is in one."""

    team_id: str | None
    enterprise_id: str | None = None


def belongs(person: HomeTeam, installation: Installation) -> bool:
    """True for the installation's own people only."""
    if installation.org_wide:
        return installation.enterprise_id is not None and (
            person.enterprise_id == installation.enterprise_id
        )
    return installation.team_id is not None and person.team_id == installation.team_id
