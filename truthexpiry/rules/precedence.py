"""Source precedence: which of several disagreeing newest authoritative records wins.

Only a configured order of sources decides; the first source in the order that has records among
the disagreeing ones wins, provided its own records agree. Otherwise nothing is decided and the
disagreement stays a conflict, with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from truthexpiry.models.records.lifecycle import DEFAULT_SOURCE, LifecycleRecord
from truthexpiry.values.compare import same_record_value


@dataclass(frozen=True, slots=True)
class Preference:
    """The outcome of applying a precedence: `winners` hold one value; `note` says why."""

    source: str
    winners: tuple[LifecycleRecord, ...]
    outranked: tuple[LifecycleRecord, ...]
    note: str


def prefer(current: Sequence[LifecycleRecord], order: Sequence[str]) -> Preference | str:
    """The preferred records of `current` under `order`, or why the order does not decide."""
    ranked = " > ".join(order)
    source = next((s for s in order if any(r.source == s for r in current)), None)
    if source is None:
        return f"The configured source precedence ({ranked}) ranks none of these sources."
    winners = tuple(r for r in current if r.source == source)
    if len(distinct_values(winners)) > 1:
        return (
            f"The configured source precedence ({ranked}) prefers {source}, but the {source} "
            "records disagree among themselves."
        )
    outranked = tuple(r for r in current if r.source != source)
    note = (
        f"Same-date authoritative records disagree ({listing(outranked)}); the configured source "
        f"precedence ({ranked}) prefers {source}."
    )
    return Preference(source, winners, outranked, note)


def distinct_values(records: Iterable[LifecycleRecord]) -> tuple[str, ...]:
    """The records' values, one per normalised value, in record order."""
    distinct: list[str] = []
    for record in records:
        if not any(same_record_value(record.value, seen) for seen in distinct):
            distinct.append(record.value)
    return tuple(distinct)


def listing(records: Iterable[LifecycleRecord]) -> str:
    """`R-1 (billing) says 'on' and R-2 says 'off'`: a named source is shown, the default is not."""
    return " and ".join(f"{r.record_id}{_source(r)} says {r.value!r}" for r in records)


def _source(record: LifecycleRecord) -> str:
    return "" if record.source == DEFAULT_SOURCE else f" ({record.source})"
