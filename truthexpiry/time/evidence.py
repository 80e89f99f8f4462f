"""The records a question about changes needs, fetched through the port in a bounded number of
calls, whatever its window or the dataset's size.

The value each key had before a window depends on its earlier records, so a change question
needs every record of each key that has one in the window: `LifecycleHistory.histories_between`
hands them out in one call per selection. A question asks for at most `MAX_KEYS_PER_QUESTION`
keys (about what one answer shows) and for at most `MAX_SUBJECTS_PER_QUESTION` subjects, so it
costs at most that many history calls. A window with more keys, or a question with more
subjects, is `truncated`: the answer lists what fits and asks to narrow the question, rather
than fetching everything. The port raises `EvidenceUnavailableError`: an outage is never read
as "nothing changed".
"""

from __future__ import annotations

from collections.abc import Sequence

from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import Histories, KeyHistories, RecordSelection
from truthexpiry.ports import LifecycleHistory

MAX_KEYS_PER_QUESTION = 25  # an answer shows 20 changes; the App Home 15 of each kind
MAX_SUBJECTS_PER_QUESTION = 6  # history calls per question: "for Starter and Pro, EU and US"
# Change notices read the notice window (a week) on each tick: more keys than an answer, but
# as bounded (the server's own limit per call).
MAX_KEYS_PER_NOTICE_TICK = 100


def window_histories(
    history: LifecycleHistory,
    selections: Sequence[RecordSelection],
    max_keys: int = MAX_KEYS_PER_QUESTION,
) -> tuple[Histories, bool]:
    """Every record of the keys the selections pick (one history call for each of the first
    `MAX_SUBJECTS_PER_QUESTION`), at most `max_keys` keys in all; and whether more matched
    than were fetched (more keys, or more selections)."""
    histories: dict[ClaimKey, tuple[LifecycleRecord, ...]] = {}
    truncated = len(selections) > MAX_SUBJECTS_PER_QUESTION
    for selection in selections[:MAX_SUBJECTS_PER_QUESTION]:
        found: KeyHistories = history.histories_between(selection, max_keys)
        fresh = {key: records for key, records in found.histories.items() if key not in histories}
        room = max_keys - len(histories)
        histories.update(list(fresh.items())[:room])
        truncated = truncated or found.truncated or len(fresh) > room
    return histories, truncated
