"""The dataset the server is serving right now, and its safe replacement.

`DatasetHolder.current` is one immutable snapshot (repository, wire catalog, load time), read
without a lock by any number of concurrent tool calls. `reload()` parses and validates the new
file completely before swapping the snapshot in one assignment; an invalid file leaves the last
good dataset in service and is remembered as `last_reload_error` for the readiness probe.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from lifecycle_mcp.contract import CatalogOut, catalog_out
from lifecycle_mcp.repository import LifecycleRecordRepository, packaged_dataset_path
from truthexpiry.models.errors import InvalidDatasetError

logger = logging.getLogger(__name__)

FileStamp = tuple[int, int]  # (mtime in ns, size in bytes)
Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class LoadedDataset:
    repository: LifecycleRecordRepository
    catalog: CatalogOut
    loaded_at: datetime


@dataclass(frozen=True, slots=True)
class _State:
    loaded: LoadedDataset
    last_reload_error: str | None
    attempted_stamp: FileStamp | None  # the file version last tried, valid or not


def load_dataset(path: Path | None, clock: Clock = _utc_now) -> LoadedDataset:
    """Parse and validate a dataset file (the packaged one when `path` is None).

    Raises `InvalidDatasetError` naming the problem.
    """
    repository = LifecycleRecordRepository.from_path(path or packaged_dataset_path())
    return LoadedDataset(repository, catalog_out(repository.catalog), clock())


def file_stamp(path: Path) -> FileStamp | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size)


class DatasetHolder:
    """Holds the served dataset; `path` None means the packaged dataset, never reloaded."""

    def __init__(self, path: Path | None, clock: Clock = _utc_now) -> None:
        """Load the dataset at `path`; raises `InvalidDatasetError` if it is not valid."""
        self._path = path
        self._clock = clock
        self._reload_lock = threading.Lock()
        stamp = file_stamp(path) if path else None
        self._state = _State(load_dataset(path, clock), None, stamp)

    @property
    def current(self) -> LoadedDataset:
        return self._state.loaded

    @property
    def last_reload_error(self) -> str | None:
        return self._state.last_reload_error

    def reload_if_changed(self) -> bool:
        """Reload when the file's mtime or size differs from the version last tried.

        Returns True when a new dataset was swapped in. A file that failed validation is not
        tried again until it changes, so a bad file is reported once, not on every poll.
        """
        if self._path is None:
            return False
        stamp = file_stamp(self._path)
        if stamp == self._state.attempted_stamp:
            return False
        return self.reload()

    def reload(self) -> bool:
        """Validate the file, then swap it in; keep the last good dataset if it is invalid."""
        if self._path is None:
            return False
        with self._reload_lock:
            stamp = file_stamp(self._path)
            try:
                loaded = load_dataset(self._path, self._clock)
            except (InvalidDatasetError, ValueError) as error:  # ValueError: from catalog_out
                previous = self._state.loaded
                self._state = _State(previous, str(error), stamp)
                logger.error(
                    "dataset reload rejected, still serving %s: %s",
                    previous.repository.version,
                    error,
                )
                return False
            self._state = _State(loaded, None, stamp)
        logger.info(
            "dataset reloaded: version %s, %d records",
            loaded.repository.version,
            loaded.repository.record_count,
        )
        return True
