"""Builders for unit tests: lifecycle records, claims and raw dataset documents.

Defaults describe one claim key (`report_export|availability|plan=starter|region=global`) on the
as-of date `AS_OF`, so that a test names only what it is about.
"""

from __future__ import annotations

from datetime import date
from functools import cache
from typing import Any

from truthexpiry.models.answering.claims import Claim, ClaimSource
from truthexpiry.models.answering.messages import MessageRef
from truthexpiry.models.answering.verdicts import Resolution, Verdict
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import DEFAULT_SOURCE, LifecycleRecord, LifecycleState
from truthexpiry.rules.labeler import label
from truthexpiry.rules.resolution import resolve

AS_OF = date(2026, 6, 1)
KEY = ClaimKey.of("report_export", "availability", {"plan": "starter", "region": "global"})

AUTHORITATIVE_STATES = (LifecycleState.SHIPPED, LifecycleState.EFFECTIVE)
NON_AUTHORITATIVE_STATES = (
    LifecycleState.PLANNED,
    LifecycleState.PROPOSED,
    LifecycleState.DRAFT,
    LifecycleState.CANCELLED,
    LifecycleState.REJECTED,
)


def day(text: str) -> date:
    return date.fromisoformat(text)


def record(
    record_id: str,
    value: str,
    effective: date | str = "2024-01-01",
    *,
    state: LifecycleState = LifecycleState.SHIPPED,
    supersedes: str | None = None,
    key: ClaimKey = KEY,
    source: str = DEFAULT_SOURCE,
) -> LifecycleRecord:
    return LifecycleRecord(
        record_id=record_id,
        key=key,
        value=value,
        state=state,
        effective_date=day(effective) if isinstance(effective, str) else effective,
        supersedes_record_id=supersedes,
        source=source,
    )


def claim(
    value: str,
    key: ClaimKey = KEY,
    *,
    source: ClaimSource = ClaimSource.QUESTION,
    message: MessageRef | None = None,
) -> Claim:
    return Claim(key.entity, key.attribute, key.scope, value, source, message)


def resolution_of(records: list[LifecycleRecord], as_of: date = AS_OF) -> Resolution:
    return resolve(KEY, records, as_of)


def verdict_for(value: str, records: list[LifecycleRecord], as_of: date = AS_OF) -> Verdict:
    """The verdict on a claim stating `value` for `KEY`, given these records."""
    return label(claim(value), resolve(KEY, records, as_of))


def raw_record(record_id: str, **fields: Any) -> dict[str, Any]:
    """A record as it appears in a dataset JSON document; `fields` override the defaults."""
    raw: dict[str, Any] = {
        "record_id": record_id,
        "entity": "report_export",
        "attribute": "availability",
        "scope": {"plan": "starter", "region": "global"},
        "value": "enabled",
        "state": "SHIPPED",
        "effective_date": "2024-01-01",
        "supersedes_record_id": None,
    }
    raw.update(fields)
    return raw


def document(*records: dict[str, Any], catalog: Any = None) -> dict[str, Any]:
    doc: dict[str, Any] = {"dataset_version": "test-1", "records": list(records)}
    if catalog is not None:
        doc["catalog"] = catalog
    return doc


def history_of(
    draw: Any,
    values: Any,
    dates: Any,
    *,
    max_size: int,
    sources: Any = None,
) -> list[LifecycleRecord]:
    """Records of one key in any states and dates, drawn with hypothesis from the `values`,
    `dates` (and `sources`) strategies; links only point backwards, so there are no cycles."""
    from hypothesis import strategies as st

    size = draw(st.integers(0, max_size))
    records: list[LifecycleRecord] = []
    for index in range(size):
        link = draw(_link_to_one_of(index)) if index else None
        records.append(
            record(
                f"R-{index:02d}",
                draw(values),
                draw(dates),
                state=draw(st.sampled_from(LifecycleState)),
                supersedes=None if link is None else f"R-{link:02d}",
                **({"source": draw(sources)} if sources is not None else {}),
            )
        )
    return records


# Built once per size: `a | b` makes a new strategy, which hypothesis validates and labels again
# on every draw (cached strategies like `st.integers(0, n)` do not pay that), and that was most
# of the history properties' time per example.


@cache
def _link_to_one_of(earlier: int) -> Any:
    """No link, or a link to one of the `earlier` records before this one."""
    from hypothesis import strategies as st

    return st.none() | st.integers(0, earlier - 1)
