"""Dataset files that are not what they should be: each ends in one `InvalidDatasetError` naming
the file and what is wrong, never another exception, never an echo of the input at length; and
record IDs that only look alike are caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lifecycle_data.dataset import parse_dataset
from lifecycle_data.repository import LifecycleRecordRepository
from lifecycle_mcp.holder import DatasetHolder
from tests.unit.builders import document, raw_record
from truthexpiry.models.errors import InvalidDatasetError


def load_error(tmp_path: Path, content: bytes) -> str:
    path = tmp_path / "records.json"
    path.write_bytes(content)
    with pytest.raises(InvalidDatasetError) as raised:
        LifecycleRecordRepository.from_path(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: ")
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"records": [], "dataset_version": ' + b"9" * 5000 + b"}", "too many digits"),
        (b'{"records": [\xff]}', "not UTF-8 text (byte 0xff on line 1)"),
        (b'{"records": [NaN]}', "NaN is not a JSON number"),
        (b'{"records": [', "not valid JSON"),
        (b"", "not valid JSON"),
    ],
)
def test_a_file_that_is_not_a_json_document_is_one_error_naming_it(
    tmp_path: Path, content: bytes, fragment: str
) -> None:
    message = load_error(tmp_path, content)

    assert fragment in message
    assert len(message) < 300


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(document(raw_record("R-1"))).encode())

    assert LifecycleRecordRepository.from_path(path).record_count == 1


def test_a_directory_is_not_a_dataset(tmp_path: Path) -> None:
    with pytest.raises(InvalidDatasetError, match="cannot read dataset"):
        LifecycleRecordRepository.from_path(tmp_path)


@pytest.mark.parametrize("doc", [{"records": []}, {"dataset_version": "v", "records": []}])
def test_a_dataset_without_records_is_rejected(doc: object) -> None:
    with pytest.raises(InvalidDatasetError, match="the dataset has no records"):
        parse_dataset(doc)


def test_every_problem_of_every_record_is_listed() -> None:
    bad = raw_record(
        "R-2", entity="", state="LIVE", effective_date="2024-02-30", value=7, colour="red"
    )
    with pytest.raises(InvalidDatasetError) as raised:
        parse_dataset(document(raw_record("R-1"), bad, raw_record("R-3", attribute=None)))

    assert str(raised.value).split("; ") == [
        "record 'R-2': unknown field(s) colour",
        "record 'R-2': 'entity' must be a non-empty string",
        "record 'R-2': 'value' must be a non-empty string",
        "record 'R-2': unknown state 'LIVE' (allowed: PROPOSED, PLANNED, SHIPPED, EFFECTIVE, "
        "CANCELLED, REJECTED, DRAFT)",
        "record 'R-2': 'effective_date' '2024-02-30' is not a YYYY-MM-DD date",
        "record 'R-3': 'attribute' must be a non-empty string",
    ]


def test_long_or_nested_values_are_described_not_echoed() -> None:
    huge = "x" * 100_000
    record = raw_record("R-1", state=[[[[]]]], effective_date=huge, **{huge: 1})

    with pytest.raises(InvalidDatasetError) as raised:
        parse_dataset(document(record))

    message = str(raised.value)
    assert "unknown state a list" in message
    assert len(message) < 600


# --- look-alike record IDs ----------------------------------------------------------------


def test_a_full_width_spelling_of_an_id_is_a_duplicate() -> None:
    with pytest.raises(InvalidDatasetError) as raised:
        parse_dataset(document(raw_record("LC-100"), raw_record("\uff2c\uff23-100")))

    assert str(raised.value) == (
        "record '\\uff2c\\uff23-100': duplicate record_id (read as 'LC-100')"
    )


@pytest.mark.parametrize(
    "lookalike",
    ["LC-100\u200b", "\u0421-100", "L\u0421-100", "LC-\u202e100", "LC-100\ufeff", "LC\u2060-100"],
)
def test_an_id_with_a_look_alike_or_invisible_character_is_refused(lookalike: str) -> None:
    with pytest.raises(InvalidDatasetError) as raised:
        parse_dataset(document(raw_record("LC-100"), raw_record(lookalike)))

    message = str(raised.value)
    assert "'record_id' must be printable ASCII" in message
    assert message.startswith(f"record {lookalike!a}")  # escaped, so it looks different


def test_a_link_is_read_like_an_id() -> None:
    parsed = parse_dataset(
        document(
            raw_record("LC-100"),
            raw_record("LC-101", supersedes_record_id="\uff2c\uff23-100 ", state="EFFECTIVE"),
        )
    )
    assert parsed.records[1].supersedes_record_id == "LC-100"
    with pytest.raises(InvalidDatasetError, match="'supersedes_record_id' '\\\\u0421-100'"):
        parse_dataset(
            document(raw_record("LC-100"), raw_record("R", supersedes_record_id="\u0421-100"))
        )


def test_look_alike_entities_and_scope_are_refused_or_read_as_the_same_key() -> None:
    wide = raw_record(
        "R-2", entity="\uff52eport_export", scope={"plan": "\uff53tarter", "region": "global"}
    )
    parsed = parse_dataset(document(raw_record("R-1"), wide))
    assert parsed.records[0].key == parsed.records[1].key

    for fields in (
        {"entity": "report\u200bexport"},
        {"attribute": "availa\u202ebility"},
        {"scope": {"plan\u2066": "starter"}},
        {"scope": {"plan": "st\u0430rter"}},
        {"source": "b\u0456lling"},
    ):
        with pytest.raises(InvalidDatasetError):
            parse_dataset(document(raw_record("R-1", **fields)))


@pytest.mark.parametrize(
    "content",
    [b'{"dataset_version": "v2", "records": []}', b"[" * 100_000 + b"]" * 100_000],
)
def test_a_hot_reload_to_an_empty_or_unreadable_file_keeps_the_last_good_dataset(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "records.json"
    path.write_text(json.dumps(document(raw_record("R-1"))))
    holder = DatasetHolder(path)
    served = holder.current
    path.write_bytes(content)

    assert holder.reload_if_changed() is False
    assert holder.current is served
    assert holder.last_reload_error is not None
