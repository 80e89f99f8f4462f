"""Changes in the records, for people: the App Home's "Recent changes" and "Coming up", and the
notice posted when a change takes effect. Pure functions of the domain's transitions.

Every line names the subject (the catalog's labels), the scope values that are not `global`, the
value before and after, and the record IDs, in the reply card's wording (`change_words.py`).
Changes to come are never shown as in effect: a shipped record is "not yet in effect" before
its date, a planned one "takes effect only if it ships".
Text from the records is escaped and clipped (`blocks.inline`), so a section stays under Slack's
limits whatever the data; long lists end with a count of what is not shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from listeners.views.blocks import (
    MAX_TEXT,
    Block,
    Reply,
    clip,
    context,
    header,
    inline,
    section,
)
from listeners.views.time_card import line_text
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.status import Status
from truthexpiry.models.time.change_overview import ChangeOverview
from truthexpiry.models.time.changes import Transition, UpcomingChange
from wording.change_words import DISAGREE, ChangeWording

MAX_LISTED = 15  # changes per App Home list; the rest are counted
_SECTION = MAX_TEXT - 100
_VALUE = 80
_SUBJECT = 150
_SCOPE = 200
_RECORD_ID = 60
_RECORD_IDS = 3
_GLOBAL = "global"
_WORDS = ChangeWording(lambda text: inline(text, _VALUE), _RECORD_IDS)


def subject(key: ClaimKey, catalog: Catalog) -> str:
    """`*Report export availability* · plan=starter` (scope values other than `global`)."""
    name = f"*{inline(catalog.describe(key.entity, key.attribute), _SUBJECT)}*"
    scope = " · ".join(f"{k}={v}" for k, v in key.scope if v != _GLOBAL)
    return name + (f" · {inline(scope, _SCOPE)}" if scope else "")


def change_line(change: Transition, catalog: Catalog) -> str:
    """`• *2026-05-20* · *Report export availability · plan=starter*: enabled → disabled · B`,
    in the reply card's wording (`change_words`)."""
    return line_text(_WORDS.transition(change, _plain_subject(change.key, catalog)))


def coming_line(change: UpcomingChange, catalog: Catalog) -> str:
    """`• *2026-06-10* · *Report export availability · plan=starter*: enabled from 2026-06-10
    (now: disabled) · C, SHIPPED, not yet in effect`; a planned record only if it ships."""
    return line_text(_WORDS.coming(change, _plain_subject(change.key, catalog)))


def _plain_subject(key: ClaimKey, catalog: Catalog) -> str:
    """`Report export availability · plan=starter`: scope values other than `global`."""
    name = inline(catalog.describe(key.entity, key.attribute), _SUBJECT)
    scope = " · ".join(f"{k}={v}" for k, v in key.scope if v != _GLOBAL)
    return name + (f" · {inline(scope, _SCOPE)}" if scope else "")


def overview_blocks(overview: ChangeOverview | None) -> list[Block]:
    """The App Home's "Recent changes" and "Coming up"; a short note when the records could
    not be read (None)."""
    if overview is None:
        return [
            header("Recent changes"),
            section(
                ":grey_question: The lifecycle records could not be read just now, so recent "
                "and coming changes are not shown. Open this tab again in a moment."
            ),
        ]
    catalog = overview.catalog
    recent_days = (overview.recent_window.end - overview.recent_window.start).days + 1
    coming_days = (overview.coming_window.end - overview.coming_window.start).days + 1
    blocks = [
        header(f"Recent changes (last {recent_days} days)"),
        *_listed(
            [change_line(c, catalog) for c in reversed(overview.recent)],
            f"Nothing changed in the records in the last {recent_days} days.",
        ),
        header(f"Coming up (next {coming_days} days)"),
        *_listed(
            [coming_line(c, catalog) for c in overview.coming],
            f"Nothing is shipped or planned to take effect in the next {coming_days} days.",
        ),
    ]
    note = f"From the lifecycle records as of {overview.as_of.isoformat()}."
    if overview.truncated:
        note += (
            " More subjects changed than the App Home lists: some are not shown; ask about one"
            " subject or a shorter window to see them all."
        )
    return [*blocks, context(note)]


def change_notice(
    change: Transition, catalog: Catalog, *, dataset_version: str = "", correction: bool = False
) -> Reply:
    """The message posted when `change` takes effect: what changed, from what to what, the
    record, and that messages stating the old value are now stale. A `correction` says the
    record was corrected in place since its first notice, and what holds now."""
    name = catalog.describe(change.key.entity, change.key.attribute)
    lines = [subject(change.key, catalog), _what_changed(change)]
    if correction:
        lines.insert(
            1,
            f":pencil2: Correction: record {_ids(change.record_ids[:1])} was corrected after "
            "it was announced here; the earlier notice no longer holds. As the records stand now:",
        )
    if change.from_values:
        lines.append(
            f":hourglass: Messages that say {_values(change.from_values, bold=True)} are now "
            "stale: check before repeating them."
        )
    states = ", ".join(f"{r.record_id} {r.state.value}" for r in change.records[:_RECORD_IDS])
    footer = f"Lifecycle records: {inline(states, 300)}"
    if dataset_version:
        footer += f" · dataset {inline(dataset_version, 100)}"
    title = f"{'Correction' if correction else 'Change in effect'}: {name}"
    blocks = [header(title), section("\n".join(lines)), context(footer)]
    return Reply(_fallback(change, name, correction), blocks)


def _what_changed(change: Transition) -> str:
    when = change.effective_date.isoformat()
    ids = _ids(change.record_ids)
    if change.status is Status.CONFLICTING:
        return (
            f":warning: From {when} {DISAGREE}: "
            f"{_values(change.to_values, bold=True)} ({ids}). Check with the owners before "
            "repeating either value."
        )
    if change.from_values:
        return (
            f"From {_values(change.from_values, bold=True)} to "
            f"{_values(change.to_values, bold=True)}, in effect since {when} (record {ids})."
        )
    return (
        f"Now {_values(change.to_values, bold=True)}, in effect since {when} (record {ids}); "
        "there was no authoritative value before."
    )


def _fallback(change: Transition, name: str, correction: bool) -> str:
    scope = ", ".join(f"{k}={v}" for k, v in change.key.scope if v != _GLOBAL)
    about = name + (f" ({scope})" if scope else "")
    before = " / ".join(change.from_values) or "nothing"
    after = " / ".join(change.to_values)
    lead = "Correction (the record was corrected after its notice)" if correction else ""
    lead = lead or "Change in effect"
    text = (
        f"{lead}: {about} changed from {before} to {after} on "
        f"{change.effective_date.isoformat()} ({', '.join(change.record_ids)})."
    )
    if change.from_values:
        text += f" Messages that say {before} are now stale."
    return clip(" ".join(text.split()), MAX_TEXT)


def _listed(lines: Sequence[str], empty: str) -> list[Block]:
    """Up to `MAX_LISTED` lines packed into as few sections as fit; a count of the rest."""
    if not lines:
        return [section(empty)]
    shown, left = lines[:MAX_LISTED], len(lines) - MAX_LISTED
    chunks: list[list[str]] = [[]]
    size = 0
    for line in shown:
        if chunks[-1] and size + 1 + len(line) > _SECTION:
            chunks.append([])
            size = -1
        chunks[-1].append(line)
        size += 1 + len(line)
    blocks = [section("\n".join(chunk)) for chunk in chunks]
    if left > 0:
        blocks.append(context(f"\u2026and {left} more not shown."))
    return blocks


def _values(values: Sequence[str], *, bold: bool = False) -> str:
    mark = "*" if bold else ""
    return " / ".join(f"{mark}{inline(v, _VALUE)}{mark}" for v in values[:_RECORD_IDS])


def _ids(record_ids: Sequence[str]) -> str:
    shown = ", ".join(inline(i, _RECORD_ID) for i in record_ids[:_RECORD_IDS])
    more = len(record_ids) - _RECORD_IDS
    return shown + (f" and {more} more" if more > 0 else "")
