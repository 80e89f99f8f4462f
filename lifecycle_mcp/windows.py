"""The window tools as plain functions: the records whose effective date falls in a window of
dates, optionally of one entity, attribute and scope; and, in one call, every record of each
claim key that has one of them. They list records and decide nothing."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError

from lifecycle_data.record_dates import MAX_KEYS_PER_WINDOW, MAX_RECORDS_PER_WINDOW
from lifecycle_mcp.contract import (
    SCHEMA_VERSION,
    HistoriesOut,
    KeyHistoryOut,
    WindowOut,
    record_out,
)
from lifecycle_mcp.holder import LoadedDataset
from truthexpiry.models.time.changes import RecordSelection
from truthexpiry.models.time.periods import DateWindow

# Published as the arguments' schema; checked by `checked_window`, whose refusals name the
# argument and never repeat what was sent.
DATE_SCHEMA = {"type": "string", "format": "date", "minLength": 10, "maxLength": 10}
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def checked_window(from_date: str, to_date: str) -> DateWindow:
    """The window from `from_date` to `to_date`, both ISO days; else `ToolError`."""
    start, end = _day("from_date", from_date), _day("to_date", to_date)
    if end < start:
        raise ToolError("invalid window: to_date is before from_date")
    return DateWindow(start, end)


def _day(name: str, text: str) -> date:
    if not _ISO_DAY.fullmatch(text):
        raise ToolError(f"invalid window: {name} must be a date written YYYY-MM-DD")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ToolError(f"invalid window: {name} is not a day of the calendar") from None


def records_in_window(
    dataset: LoadedDataset, selection: RecordSelection, limit: int = MAX_RECORDS_PER_WINDOW
) -> WindowOut:
    """Every record, in any state, that `selection` picks (effective in its window; of its
    entity, attribute and scope pairs, where given), oldest first, at most `limit`."""
    repository = dataset.repository
    records, truncated = repository.effective_between(selection, limit)
    return WindowOut(
        **_asked(repository.version, selection),
        records=[record_out(record) for record in records],
        truncated=truncated,
        max_records=limit,
    )


def histories_in_window(
    dataset: LoadedDataset, selection: RecordSelection, max_keys: int = MAX_KEYS_PER_WINDOW
) -> HistoriesOut:
    """Every record of each claim key that has a record `selection` picks, at most `max_keys`
    keys (and `MAX_RECORDS_PER_WINDOW` records in all), in order of the keys' first one."""
    repository = dataset.repository
    histories, truncated = repository.histories_between(selection, max_keys)
    return HistoriesOut(
        **_asked(repository.version, selection),
        histories=[
            KeyHistoryOut(claim_key=key.canonical, records=[record_out(r) for r in records])
            for key, records in histories.items()
        ],
        truncated=truncated,
        max_keys=max_keys,
    )


def _asked(dataset_version: str, selection: RecordSelection) -> dict[str, Any]:
    """The fields every window answer repeats: what was asked, and of which dataset."""
    return {
        "schema_version": SCHEMA_VERSION,
        "dataset_version": dataset_version,
        "from_date": selection.window.start,
        "to_date": selection.window.end,
        "entity": selection.entity,
        "attribute": selection.attribute,
        "scope": dict(selection.scope),
    }
