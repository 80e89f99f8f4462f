"""What changed lately and what is coming, as read from the records at one moment."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.time.changes import Transition, UpcomingChange
from truthexpiry.models.time.periods import DateWindow


@dataclass(frozen=True, slots=True)
class ChangeOverview:
    """`recent`: the transitions in `recent_window` (the last days up to `as_of`), oldest
    first; `coming`: the records taking effect in `coming_window` (the days after `as_of`),
    soonest first, none of them authoritative yet. `truncated`: the source had more records
    to list than it hands out at once, so some changes may be missing."""

    as_of: date
    recent_window: DateWindow
    coming_window: DateWindow
    recent: tuple[Transition, ...]
    coming: tuple[UpcomingChange, ...]
    catalog: Catalog
    truncated: bool = False
