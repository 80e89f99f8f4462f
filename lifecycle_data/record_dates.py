"""Records by effective date: which records of a dataset take effect in a window of dates.

Built from the repository's index by claim key the first time a window is asked for, not at
load: a server that is never asked pays nothing, and the 1M-record load stays within its time.
A selection that names an entity reads only that entity's keys; one that names scope pairs reads
the window's stretch of the shortest list, sorted by date, of records with one of those pairs;
any other reads the window's stretch of every record sorted by date. Either way at most `limit`
records come back, oldest first (effective date, then record ID), and the answer says whether
more matched.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Mapping
from operator import attrgetter

from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import RecordSelection

MAX_RECORDS_PER_WINDOW = 1000  # about 250 KB of JSON: narrow the window or name an entity for more
MAX_KEYS_PER_WINDOW = 100  # histories handed out at once: more than any answer shows

_DATE = attrgetter("effective_date")
_RECORD_ID = attrgetter("record_id")
Selected = tuple[tuple[LifecycleRecord, ...], bool]  # the records, and whether more matched
SelectedKeys = tuple[tuple[ClaimKey, ...], bool]  # the keys, and whether more matched


class EffectiveDateIndex:
    def __init__(self, by_key: Mapping[ClaimKey, tuple[LifecycleRecord, ...]]) -> None:
        records = sorted((r for group in by_key.values() for r in group), key=_RECORD_ID)
        records.sort(key=_DATE)  # stable: record IDs stay in order within a day
        self._records = records
        with_pair: dict[tuple[str, str], list[LifecycleRecord]] = defaultdict(list)
        for record in records:
            for pair in record.key.scope:
                with_pair[pair].append(record)
        self._with_pair = dict(with_pair)
        keys_of: dict[str, list[ClaimKey]] = defaultdict(list)
        for key in by_key:
            keys_of[key.entity].append(key)
        self._keys_of = {entity: tuple(keys) for entity, keys in keys_of.items()}
        self._by_key = by_key

    def select(self, selection: RecordSelection, limit: int = MAX_RECORDS_PER_WINDOW) -> Selected:
        """The selected records, at most `limit`, and whether more matched."""
        if selection.entity is not None:
            found = self._of_entity(selection, limit)
        else:
            found = self._in_window(selection, limit)
        return tuple(found[:limit]), len(found) > limit

    def _of_entity(self, selection: RecordSelection, limit: int) -> list[LifecycleRecord]:
        assert selection.entity is not None
        keys = self._keys_of.get(selection.entity, ())
        found = [r for key in keys for r in self._by_key[key] if selection.matches(r)]
        found.sort(key=_RECORD_ID)
        found.sort(key=_DATE)
        return found[: limit + 1]

    def _in_window(self, selection: RecordSelection, limit: int) -> list[LifecycleRecord]:
        window, records = selection.window, self._records
        if selection.scope:
            lists = [self._with_pair.get(pair, []) for pair in selection.scope]
            records = min(lists, key=len)
        first = bisect_left(records, window.start, key=_DATE)
        last = bisect_right(records, window.end, key=_DATE)
        found: list[LifecycleRecord] = []
        for index in range(first, last):
            record = records[index]
            if selection.matches(record):
                found.append(record)
                if len(found) > limit:
                    break
        return found

    def keys(self, selection: RecordSelection, limit: int = MAX_KEYS_PER_WINDOW) -> SelectedKeys:
        """The keys with a selected record, in order of their first one (effective date, then
        record ID), at most `limit`; and whether more matched. A window of many records stops
        reading once `limit` + 1 keys are found."""
        if selection.entity is not None:
            found = self._keys_of_entity(selection)
        else:
            found = self._keys_in_window(selection, limit)
        return tuple(found[:limit]), len(found) > limit

    def _keys_of_entity(self, selection: RecordSelection) -> list[ClaimKey]:
        assert selection.entity is not None
        firsts = []
        for key in self._keys_of.get(selection.entity, ()):
            records = self._by_key[key]
            picked = [(r.effective_date, r.record_id) for r in records if selection.matches(r)]
            if picked:
                firsts.append((min(picked), key))
        firsts.sort(key=lambda first: first[0])
        return [key for _, key in firsts]

    def _keys_in_window(self, selection: RecordSelection, limit: int) -> list[ClaimKey]:
        window, records = selection.window, self._records
        if selection.scope:
            records = min((self._with_pair.get(pair, []) for pair in selection.scope), key=len)
        first = bisect_left(records, window.start, key=_DATE)
        last = bisect_right(records, window.end, key=_DATE)
        found: dict[ClaimKey, None] = {}
        for index in range(first, last):
            record = records[index]
            if record.key not in found and selection.matches(record):
                found[record.key] = None
                if len(found) > limit:
                    break
        return list(found)
