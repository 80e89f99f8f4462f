"""The window tool as a plain function: the records whose effective date falls in a window of
dates, optionally of one entity, attribute and scope. It lists records and decides nothing."""

from __future__ import annotations

import re
from datetime import date

from mcp.server.mcpserver.exceptions import ToolError

from lifecycle_mcp.contract import SCHEMA_VERSION, WindowOut, record_out
from lifecycle_mcp.holder import LoadedDataset
from lifecycle_mcp.record_dates import MAX_RECORDS_PER_WINDOW
from truthexpiry.models.changes import RecordSelection
from truthexpiry.models.periods import DateWindow

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
        schema_version=SCHEMA_VERSION,
        dataset_version=repository.version,
        from_date=selection.window.start,
        to_date=selection.window.end,
        entity=selection.entity,
        attribute=selection.attribute,
        scope=dict(selection.scope),
        records=[record_out(record) for record in records],
        truncated=truncated,
        max_records=limit,
    )
