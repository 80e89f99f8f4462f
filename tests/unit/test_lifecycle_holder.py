"""The dataset holder: validate first, swap atomically, keep the last good dataset on failure."""

from __future__ import annotations

import json
import os
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp.holder import DatasetHolder, shorten
from tests.unit.builders import raw_record
from truthexpiry.models.errors import InvalidDatasetError

FIRST_LOAD = datetime(2026, 1, 1, tzinfo=UTC)
LATER = datetime(2026, 1, 2, tzinfo=UTC)


class SteppingClock:
    def __init__(self, *times: datetime) -> None:
        self._times = list(times)

    def __call__(self) -> datetime:
        return self._times.pop(0) if len(self._times) > 1 else self._times[0]


def write(path: Path, version: str, *records: dict[str, Any]) -> None:
    """Write the file anew; the mtime is bumped so that a change is always visible."""
    path.write_text(json.dumps({"dataset_version": version, "records": list(records)}))
    stamp = path.stat().st_mtime_ns + 1_000_000
    os.utime(path, ns=(stamp, stamp))


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    path = tmp_path / "lifecycle.json"
    write(path, "v1", raw_record("R-1"))
    return path


@pytest.fixture
def holder(dataset: Path) -> DatasetHolder:
    return DatasetHolder(dataset, SteppingClock(FIRST_LOAD, LATER))


def test_the_packaged_dataset_is_served_when_no_path_is_given() -> None:
    holder = DatasetHolder(None)

    assert holder.current.repository.version == LifecycleRecordRepository.packaged().version
    assert holder.reload_if_changed() is False


def test_an_invalid_file_at_start_raises_naming_the_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    write(path, "v1", raw_record("R-1", state="LIVE"))

    with pytest.raises(InvalidDatasetError, match="record 'R-1'"):
        DatasetHolder(path)


def test_a_valid_new_file_is_swapped_in(holder: DatasetHolder, dataset: Path) -> None:
    write(dataset, "v2", raw_record("R-1"), raw_record("R-2", scope={"plan": "team"}))

    assert holder.reload_if_changed() is True
    assert holder.current.repository.version == "v2"
    assert holder.current.repository.record_count == 2
    assert holder.current.catalog.dataset_version == "v2"
    assert holder.current.loaded_at == LATER
    assert holder.last_reload_error is None


def test_an_invalid_new_file_keeps_the_last_good_dataset_and_records_why(
    holder: DatasetHolder, dataset: Path
) -> None:
    served = holder.current
    write(dataset, "v2", raw_record("R-1"), raw_record("R-1"))

    assert holder.reload_if_changed() is False
    assert holder.current is served
    assert holder.last_reload_error is not None
    assert "duplicate record_id" in holder.last_reload_error


def test_a_later_valid_file_clears_the_reload_error(holder: DatasetHolder, dataset: Path) -> None:
    write(dataset, "v2", raw_record("R-1", state="LIVE"))
    holder.reload_if_changed()
    write(dataset, "v3", raw_record("R-1"))

    assert holder.reload_if_changed() is True
    assert holder.last_reload_error is None
    assert holder.current.repository.version == "v3"


def test_a_deleted_file_is_a_reload_error_not_an_empty_dataset(
    holder: DatasetHolder, dataset: Path
) -> None:
    dataset.unlink()

    assert holder.reload_if_changed() is False
    assert holder.current.repository.record_count == 1
    assert "not found" in str(holder.last_reload_error)


def test_an_unchanged_file_is_not_reloaded(holder: DatasetHolder) -> None:
    served = holder.current

    assert holder.reload_if_changed() is False
    assert holder.current is served


def test_an_invalid_file_is_tried_once_until_it_changes(
    holder: DatasetHolder, dataset: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write(dataset, "v2", raw_record("R-1", state="LIVE"))

    holder.reload_if_changed()
    holder.reload_if_changed()
    assert len([r for r in caplog.records if "reload rejected" in r.getMessage()]) == 1

    write(dataset, "v3", raw_record("R-1"))
    assert holder.reload_if_changed() is True


def test_readers_always_see_one_whole_dataset_while_reloads_happen(
    holder: DatasetHolder, dataset: Path
) -> None:
    torn: list[str] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            loaded = holder.current
            if loaded.catalog.dataset_version != loaded.repository.version:
                torn.append(loaded.repository.version)
            time.sleep(0)  # let the reloading thread run

    readers = [threading.Thread(target=read) for _ in range(2)]
    for reader in readers:
        reader.start()
    for version in range(2, 12):
        write(dataset, f"v{version}", raw_record("R-1"))
        holder.reload_if_changed()
    stop.set()
    for reader in readers:
        reader.join(timeout=5)

    assert torn == []
    assert holder.current.repository.version == "v11"


NESTED = "[" * 100_000 + "]" * 100_000  # json raises RecursionError on this


def touch(path: Path) -> None:
    """A new modification time, the same content (as a re-mounted ConfigMap may give)."""
    stamp = path.stat().st_mtime_ns + 1_000_000
    os.utime(path, ns=(stamp, stamp))


def test_json_nested_too_deeply_is_recorded_counted_and_tried_once(
    holder: DatasetHolder, dataset: Path
) -> None:
    served = holder.current
    dataset.write_text(NESTED)
    touch(dataset)

    assert holder.reload_if_changed() is False
    assert holder.current is served
    assert "nested too deeply" in str(holder.last_reload_error)
    assert holder.reload_failures == 1

    holder.reload_if_changed()
    touch(dataset)
    holder.reload_if_changed()
    assert holder.reload_failures == 1  # the same content is not tried again

    write(dataset, "v2", raw_record("R-1"))
    assert holder.reload_if_changed() is True
    assert holder.last_reload_error is None
    assert holder.reload_failures == 1


def test_an_integer_too_long_to_convert_is_a_reload_error(
    holder: DatasetHolder, dataset: Path
) -> None:
    dataset.write_text('{"dataset_version": "v2", "records": [' + "7" * 5000 + "]}")
    touch(dataset)

    assert holder.reload_if_changed() is False
    assert "too many digits" in str(holder.last_reload_error)
    assert holder.reload_failures == 1


def test_a_huge_reload_error_is_shortened_to_about_a_kilobyte(
    holder: DatasetHolder, dataset: Path
) -> None:
    write(dataset, "v2", raw_record("R-1") | {"x" * 2_000_000: "unknown field"})

    holder.reload_if_changed()

    error = str(holder.last_reload_error)
    assert "unknown field" in error
    assert len(error) < 1100
    assert "x" * 100 not in error


def test_any_error_message_is_shortened_to_one_line_of_about_a_kilobyte() -> None:
    shortened = shorten("first line\n" + "y" * 5_000)

    assert "\n" not in shortened
    assert len(shortened) < 1100
    assert shortened.endswith("more characters)")


def test_a_file_that_cannot_be_loaded_at_start_is_an_invalid_dataset(tmp_path: Path) -> None:
    path = tmp_path / "nested.json"
    path.write_text(NESTED)

    with pytest.raises(InvalidDatasetError, match="nested too deeply"):
        DatasetHolder(path)


def test_the_same_content_as_the_dataset_served_is_not_reloaded(
    holder: DatasetHolder, dataset: Path, caplog: pytest.LogCaptureFixture
) -> None:
    touch(dataset)

    assert holder.reload_if_changed() is False
    assert not [r for r in caplog.records if "reloaded" in r.getMessage()]
