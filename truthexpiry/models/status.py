"""The four statuses: what the labeler says of a claim, and what the records say of a key on a
date (a transition's, or the value current while a change is still to come)."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    CURRENT = "CURRENT"
    SUPERSEDED = "SUPERSEDED"
    CONFLICTING = "CONFLICTING"
    UNVERIFIED = "UNVERIFIED"
