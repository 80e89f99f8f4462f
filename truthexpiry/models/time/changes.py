"""Change questions: which records to list, the listing, and what the labeler makes of them
(transitions, changes still to come) and the report on time an answer carries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from truthexpiry.models.records.claim_key import (
    ClaimKey,
    Scope,
    normalise_identifier,
    normalise_scope,
)
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.status import Status
from truthexpiry.models.time.periods import DateWindow, TimeQuestion, TimeReading


@dataclass(frozen=True, slots=True)
class RecordSelection:
    """Records whose effective date falls in `window`, optionally of one entity and attribute,
    and of the scopes that include every pair in `scope` ({"plan": "starter"} selects
    `plan=starter|region=global` too). Build with `RecordSelection.of` so every part is
    canonical."""

    window: DateWindow
    entity: str | None = None
    attribute: str | None = None
    scope: Scope = ()

    @classmethod
    def of(
        cls,
        window: DateWindow,
        entity: str | None = None,
        attribute: str | None = None,
        scope: Mapping[str, str] | None = None,
    ) -> RecordSelection:
        """Raises `InvalidClaimKeyError` for a name that cannot be canonicalised."""
        return cls(
            window,
            normalise_identifier(entity) if entity is not None else None,
            normalise_identifier(attribute) if attribute is not None else None,
            normalise_scope(scope or {}),
        )

    def matches(self, record: LifecycleRecord) -> bool:
        key = record.key
        return (
            record.effective_date in self.window
            and (self.entity is None or key.entity == self.entity)
            and (self.attribute is None or key.attribute == self.attribute)
            and all(pair in key.scope for pair in self.scope)
        )


@dataclass(frozen=True, slots=True)
class ChangeSubject:
    """What a question about changes is about: an entity, an attribute (of that entity, or of
    every entity that has one by that name) and scope pairs. What it leaves out (None, no pair)
    is not narrowed: `ChangeSubject()` is everything."""

    entity: str | None = None
    attribute: str | None = None
    scope: Scope = ()

    def selection(self, window: DateWindow) -> RecordSelection:
        return RecordSelection(window, self.entity, self.attribute, self.scope)


@dataclass(frozen=True, slots=True)
class RecordListing:
    """The selected records in any state, oldest first (effective date, then record ID).
    `truncated`: more records matched than the source hands out at once; narrow the window or
    name an entity to see them all. `dataset_version` names the dataset the records came from
    ("" when the source does not say)."""

    selection: RecordSelection
    records: tuple[LifecycleRecord, ...]
    truncated: bool = False
    dataset_version: str = ""

    def claim_keys(self) -> tuple[ClaimKey, ...]:
        """The claim keys of the listed records, each once, in order of first appearance."""
        return tuple(dict.fromkeys(r.key for r in self.records))


Histories = Mapping[ClaimKey, Sequence[LifecycleRecord]]  # every record of each key, any order


@dataclass(frozen=True, slots=True)
class KeyHistories:
    """The claim keys with a record the selection picks, each with every one of its records (any
    date, any state: the value before the window depends on records before it), in order of
    their first record in the window. At most `max_keys` keys; `truncated`: more keys matched,
    so the window is too wide for one answer and should be narrowed."""

    selection: RecordSelection
    histories: Mapping[ClaimKey, tuple[LifecycleRecord, ...]]
    truncated: bool = False
    max_keys: int = 0
    dataset_version: str = ""  # the dataset the histories came from ("" when not said)


@dataclass(frozen=True, slots=True)
class Transition:
    """The current value of `key` changed on `effective_date`, as the labeler resolves it.

    `from_values` is what was current the day before (empty: nothing was authoritative yet),
    `to_values` what is current from that day (two or more when records conflict, `status`
    CONFLICTING). `records` are the newest authoritative records from that day: the ones that
    made the new value current.
    """

    key: ClaimKey
    effective_date: date
    from_values: tuple[str, ...]
    to_values: tuple[str, ...]
    records: tuple[LifecycleRecord, ...]
    status: Status
    from_status: Status

    @property
    def record_ids(self) -> tuple[str, ...]:
        return tuple(r.record_id for r in self.records)

    @property
    def record_id(self) -> str | None:
        """The record that made the new value current: the first (by ID) of those effective on
        the day of the change, else of the current records; None when none is current."""
        dated = [r.record_id for r in self.records if r.effective_date == self.effective_date]
        chosen = dated or list(self.record_ids)
        return min(chosen) if chosen else None


@dataclass(frozen=True, slots=True)
class UpcomingChange:
    """A record that may change `key` after the as-of date: never authoritative yet.

    `current_values` is what the labeler says is current on the as-of date (empty when nothing
    is), and `current_status` its status then (CONFLICTING when those values disagree,
    UNVERIFIED when nothing is current): the views render it, they do not decide it. A SHIPPED
    or EFFECTIVE record takes effect on its date (`takes_effect`); a PLANNED one is a plan and
    takes effect only if it ships (`takes_effect` is None).
    """

    key: ClaimKey
    record: LifecycleRecord
    current_values: tuple[str, ...]
    current_status: Status

    @property
    def takes_effect(self) -> date | None:
        return self.record.effective_date if self.record.state.is_authoritative else None

    @property
    def planned(self) -> bool:
        return self.record.state is LifecycleState.PLANNED


@dataclass(frozen=True, slots=True)
class TimeReport:
    """What a response says about time, as data (the views word it).

    `reading` is what the question asked (its kind and window); `subjects` what it narrowed to
    (() is everything). A change question carries its `changes`; a question about what is coming
    its `upcoming` records, none of them authoritative yet; a claim judged for a period the
    `changes` of its keys inside the period. `labels` names each key for people ("Report export
    availability"). `truncated`: the source had more records in the window than it lists at
    once, so the lists may be incomplete; a narrower window or a named subject lists them all.
    `unavailable`: the records could not be read (a notice says why), so the lists are empty
    for want of records, not because nothing changed. `unknown_scope` holds the scope values the
    subjects name that no record has ("for Basic" where no record has `plan=basic`).
    """

    reading: TimeReading
    subjects: tuple[ChangeSubject, ...] = ()
    changes: tuple[Transition, ...] = ()
    upcoming: tuple[UpcomingChange, ...] = ()
    labels: tuple[tuple[ClaimKey, str], ...] = ()
    truncated: bool = False
    unavailable: bool = False
    unknown_scope: Scope = ()

    @property
    def kind(self) -> TimeQuestion:
        return self.reading.kind

    @property
    def window(self) -> DateWindow:
        return self.reading.window

    @property
    def lists(self) -> bool:
        """Whether the report answers the question itself, with changes or what is coming
        (even none, or records that could not be read), rather than adding to claims judged for
        a period."""
        return self.kind is not TimeQuestion.AS_OF

    def label(self, key: ClaimKey) -> str:
        """The key's name for people, or its identifiers when the catalog has none."""
        return next((label for k, label in self.labels if k == key), key.describe())
