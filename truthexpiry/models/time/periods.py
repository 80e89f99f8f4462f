"""Windows of dates, and what a question says about time: a change window, what is coming, or
the date a claim is to be judged on."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum


@dataclass(frozen=True, slots=True)
class DateWindow:
    """Every day from `start` to `end`, both included. `end` may be `date.max`: no end."""

    start: date
    end: date

    def __post_init__(self) -> None:
        if self.start > self.end:
            raise ValueError(f"a window cannot end ({self.end}) before it starts ({self.start})")

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and self.start <= day <= self.end

    @property
    def open_ended(self) -> bool:
        return self.end == date.max


class TimeQuestion(StrEnum):
    """What a question asks about time."""

    CHANGES = "changes"  # what changed in a window that has passed
    UPCOMING = "upcoming"  # what is planned or shipped to take effect later
    AS_OF = "as_of"  # was a claim true on a date, or in a period


class AsOfSource(StrEnum):
    """Where the date a response is judged on came from."""

    QUESTION = "question"  # a date or period the question names ("in March 2025")
    OPTION = "option"  # the request's as-of date, or today from the clock


@dataclass(frozen=True, slots=True)
class TimeReading:
    """What a question says about time, relative to the as-of date it was read on.

    `window` is the change window (CHANGES), the window to look ahead in (UPCOMING), or the
    period asked about (AS_OF: one day for a date). `stated` is False when the question named no
    window and a default was taken (the last 30 days, or everything still to come). `judge_on` is
    the date an AS_OF claim is judged on: a period's last day, or the as-of date itself when the
    period includes it ("this month").
    """

    kind: TimeQuestion
    window: DateWindow
    stated: bool
    judge_on: date
