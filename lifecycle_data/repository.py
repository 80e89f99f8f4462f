"""Transport-free access to a validated lifecycle dataset.

Shared by the MCP server and the worker's in-process evidence adapter. Records are indexed by
claim key when the dataset loads, so a lookup is one dictionary access, never a scan. The index
by effective date, for windows of dates, is built the first time a window is asked for.
"""

from __future__ import annotations

import gc
import threading
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from lifecycle_data.dataset import parse_dataset
from lifecycle_data.record_dates import (
    MAX_KEYS_PER_WINDOW,
    MAX_RECORDS_PER_WINDOW,
    EffectiveDateIndex,
    Selected,
)
from truthexpiry.catalog.derive import derive_catalog_of_keys
from truthexpiry.models.errors import InvalidDatasetError
from truthexpiry.models.records.catalog import Catalog, CatalogNotes
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import RecordSelection
from truthexpiry.text.json_input import JsonInputError, decode_json, utf8_text

PACKAGED_DATASET = "lifecycle_records.json"


# From this size on (about 20,000 records) a load's objects are frozen when it ends (see below).
FROZEN_FROM_BYTES = 4_000_000


@contextmanager
def _collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector while a dataset loads; with `freeze`, move what the
    load made to the collector's permanent generation when it succeeds.

    Loading allocates millions of dicts and records and creates no reference cycles, yet every
    few hundred allocations would trigger a collection that walks them all: on a 1M-record
    dataset that doubles the load time. Reference counting still frees everything as usual.

    Paused, the load's objects all stay in the youngest generation, so the first collection
    after it walks every one of them (0.25 s of CPU at 240,000 records), and each later full
    collection again. Frozen, no collection visits them; they are still freed by reference
    counting when the dataset is replaced, as they hold no cycles. A freeze would also keep any
    cyclic garbage of the moment until the process ends, so the garbage is collected first (a
    few tens of milliseconds: what is already frozen is not visited), and a small load (every
    test's) is neither collected nor frozen.
    """
    was_enabled = gc.isenabled()
    if freeze:
        gc.collect()
    gc.disable()
    try:
        yield
        if freeze:
            gc.freeze()
    finally:
        if was_enabled:
            gc.enable()


def file_bytes(path: Path, kind: str = "dataset") -> bytes:
    """The file's bytes, or `InvalidDatasetError` naming the `kind` of file and the path."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InvalidDatasetError(f"{kind} file not found: {path}") from None
    except OSError as error:
        raise InvalidDatasetError(f"cannot read {kind} {path}: {error.strerror}") from None


def packaged_dataset_path() -> Path:
    """The embedded synthetic demo dataset."""
    return Path(str(resources.files("lifecycle_data") / "data" / PACKAGED_DATASET))


class LifecycleRecordRepository:
    def __init__(
        self, records: Iterable[LifecycleRecord], version: str, notes: CatalogNotes | None = None
    ) -> None:
        index: dict[ClaimKey, list[LifecycleRecord]] = defaultdict(list)
        for record in records:
            index[record.key].append(record)
        self._index = {key: tuple(group) for key, group in index.items()}
        self._record_count = sum(len(group) for group in self._index.values())
        self.version = version
        self.catalog: Catalog = derive_catalog_of_keys(self._index, version, notes)
        self._dates: EffectiveDateIndex | None = None
        self._dates_lock = threading.Lock()

    @classmethod
    def from_path(cls, path: Path | str) -> LifecycleRecordRepository:
        """The dataset file at `path`; `InvalidDatasetError` names the file and every problem."""
        path = Path(path)
        return cls._from_data(file_bytes(path), str(path))  # no reference kept to the bytes

    @classmethod
    def from_json(
        cls, text: str | bytes, *, origin: str | None = None
    ) -> LifecycleRecordRepository:
        """The dataset in `text`; problems are prefixed with `origin` (a file name) if given."""
        return cls._from_data(text, origin)

    @classmethod
    def _from_data(cls, data: str | bytes, origin: str | None) -> LifecycleRecordRepository:
        with _collector_paused(freeze=len(data) >= FROZEN_FROM_BYTES):
            try:
                return cls._from_text(data)
            except InvalidDatasetError as error:
                if origin is None:
                    raise
                raise InvalidDatasetError(f"{origin}: {error}") from None

    @classmethod
    def _from_text(cls, data: str | bytes) -> LifecycleRecordRepository:
        # Each form is let go as soon as the next exists (bytes, text, document): a 50 MB file
        # would otherwise hold all three at once, 100 MB more at the peak.
        try:
            text = data if isinstance(data, str) else utf8_text(data)
            del data
            document = decode_json(text)
        except JsonInputError as error:
            raise InvalidDatasetError(str(error)) from None
        del text
        parsed = parse_dataset(document, consume=True)
        del document
        return cls(parsed.records, parsed.version, parsed.notes)

    @classmethod
    def packaged(cls) -> LifecycleRecordRepository:
        return cls.from_path(packaged_dataset_path())

    def lookup(self, key: ClaimKey) -> tuple[LifecycleRecord, ...]:
        """Every record, in any state, whose entity, attribute and scope equal `key`'s."""
        return self._index.get(key, ())

    def effective_between(
        self, selection: RecordSelection, limit: int = MAX_RECORDS_PER_WINDOW
    ) -> Selected:
        """The records, in any state, that `selection` picks (effective date in its window; its
        entity, attribute and scope pairs), oldest first, at most `limit`; and whether more
        matched."""
        return self._date_index().select(selection, limit)

    def histories_between(
        self,
        selection: RecordSelection,
        max_keys: int = MAX_KEYS_PER_WINDOW,
        max_records: int = MAX_RECORDS_PER_WINDOW,
    ) -> tuple[dict[ClaimKey, tuple[LifecycleRecord, ...]], bool]:
        """Every record of each key with a record `selection` picks, in order of the keys'
        first picked record: at most `max_keys` keys and `max_records` records in all; and
        whether more keys matched (then the keys that fit come back, never part of one)."""
        keys, truncated = self._date_index().keys(selection, max_keys)
        histories: dict[ClaimKey, tuple[LifecycleRecord, ...]] = {}
        spent = 0
        for key in keys:
            records = self._index[key]
            spent += len(records)
            if spent > max_records:
                return histories, True
            histories[key] = records
        return histories, truncated

    def _date_index(self) -> EffectiveDateIndex:
        with self._dates_lock:  # built once, whichever thread asks first
            if self._dates is None:
                self._dates = EffectiveDateIndex(self._index)
            return self._dates

    def claim_keys(self) -> Iterator[ClaimKey]:
        """Every claim key that has at least one record."""
        return iter(self._index)

    @property
    def record_count(self) -> int:
        return self._record_count
