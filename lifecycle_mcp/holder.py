"""The dataset the server is serving right now, and its safe replacement.

`DatasetHolder.current` is one immutable snapshot (repository, wire catalog, load time), read
without a lock by any number of concurrent tool calls. `reload_if_changed()` parses and
validates a new version of the file completely before swapping the snapshot in one assignment.
Any failure to load, whatever raised it (an invalid record, JSON nested too deeply, an integer
too long to convert, memory), leaves the last good dataset in service, is counted, and is
remembered, shortened to about 1 KB, as `last_reload_error` for the readiness probe. A file is
tried once per version: the same modification time and size, or the same content, is not tried
again until it changes."""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from lifecycle_data.repository import LifecycleRecordRepository, packaged_dataset_path
from lifecycle_mcp.contract import CatalogOut, catalog_out
from truthexpiry.models.errors import InvalidDatasetError

logger = logging.getLogger(__name__)

FileStamp = tuple[int, int]  # (mtime in ns, size in bytes)
Clock = Callable[[], datetime]
MAX_ERROR_CHARACTERS = 1024


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
    attempted_digest: str | None  # its content's hash (None: unreadable)


def shorten(message: str, limit: int = MAX_ERROR_CHARACTERS) -> str:
    """One line of at most about `limit` characters, saying how much was left out."""
    line = " ".join(message.split())
    if len(line) <= limit:
        return line
    return f"{line[:limit]}… ({len(line) - limit} more characters)"


def describe_failure(error: Exception) -> str:
    """What went wrong while loading, for an operator; never more than about 1 KB."""
    if isinstance(error, InvalidDatasetError):
        return shorten(str(error))
    if isinstance(error, RecursionError):
        return "the dataset could not be loaded: its JSON is nested too deeply (RecursionError)"
    if isinstance(error, MemoryError):
        return "the dataset could not be loaded: not enough memory (MemoryError)"
    return shorten(f"the dataset could not be loaded: {type(error).__name__}: {error}")


def load_dataset(path: Path | None, clock: Clock = _utc_now) -> LoadedDataset:
    """Parse and validate a dataset file (the packaged one when `path` is None).

    Raises `InvalidDatasetError`, at most about 1 KB long, for any failure to load.
    """
    try:
        repository = LifecycleRecordRepository.from_path(path or packaged_dataset_path())
        catalog = catalog_out(repository.catalog)
    except Exception as error:  # every failure to load is reported, and counted, the same way
        raise InvalidDatasetError(describe_failure(error)) from None
    return LoadedDataset(repository, catalog, clock())


def file_stamp(path: Path) -> FileStamp | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size)


def file_digest(path: Path) -> str | None:
    try:
        with path.open("rb") as file:
            return hashlib.file_digest(file, "sha256").hexdigest()
    except OSError:
        return None


class DatasetHolder:
    """Holds the served dataset; `path` None means the packaged dataset, never reloaded."""

    def __init__(self, path: Path | None, clock: Clock = _utc_now) -> None:
        """Load the dataset at `path`; raises `InvalidDatasetError` if it cannot be served."""
        self._path = path
        self._clock = clock
        self._reload_lock = threading.Lock()
        self._failures = 0
        stamp, digest = (file_stamp(path), file_digest(path)) if path else (None, None)
        self._state = _State(load_dataset(path, clock), None, stamp, digest)

    @property
    def current(self) -> LoadedDataset:
        return self._state.loaded

    @property
    def last_reload_error(self) -> str | None:
        return self._state.last_reload_error

    @property
    def reload_failures(self) -> int:
        """Reloads refused since start (a counter: it never goes down)."""
        return self._failures

    def reload_if_changed(self) -> bool:
        """Reload when the file differs from the version last tried, valid or not.

        Returns True when a new dataset was swapped in. A file that failed is not tried again
        until its modification time or size changes and its content differs, so a bad file is
        reported and counted once, not on every poll.
        """
        if self._path is None:
            return False
        with self._reload_lock:
            state = self._state
            stamp = file_stamp(self._path)
            if stamp == state.attempted_stamp:
                return False
            digest = file_digest(self._path)
            if digest is not None and digest == state.attempted_digest:
                self._state = _State(state.loaded, state.last_reload_error, stamp, digest)
                return False
            return self._load(stamp, digest)

    def _load(self, stamp: FileStamp | None, digest: str | None) -> bool:
        try:
            loaded = load_dataset(self._path, self._clock)
        except InvalidDatasetError as error:
            previous = self._state.loaded
            self._failures += 1
            self._state = _State(previous, str(error), stamp, digest)
            logger.error(
                "dataset reload rejected, still serving %s: %s", previous.repository.version, error
            )
            return False
        self._state = _State(loaded, None, stamp, digest)
        logger.info(
            "dataset reloaded: version %s, %d records",
            loaded.repository.version,
            loaded.repository.record_count,
        )
        return True
