"""Lifecycle evidence read from a dataset loaded in this process."""

from __future__ import annotations

from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import KeyHistories, RecordListing, RecordSelection


class InProcessLifecycleEvidence:
    def __init__(self, repository: LifecycleRecordRepository) -> None:
        self._repository = repository

    def catalog(self) -> Catalog:
        return self._repository.catalog

    def lookup(self, key: ClaimKey) -> tuple[LifecycleRecord, ...]:
        return self._repository.lookup(key)

    def records_between(self, selection: RecordSelection) -> RecordListing:
        records, truncated = self._repository.effective_between(selection)
        return RecordListing(selection, records, truncated, self._repository.version)

    def histories_between(self, selection: RecordSelection, max_keys: int) -> KeyHistories:
        histories, truncated = self._repository.histories_between(selection, max_keys)
        version = self._repository.version
        return KeyHistories(selection, histories, truncated, max_keys, version)
