"""`records import` on files as spreadsheets and exports write them, and what it writes: the
encodings and separators Excel uses, JSON Lines, `--output`, `--force`, `--catalog`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.test_records_import import GOOD_ROWS, HEADER, imported, run_import, table, write

EXPECTED_IDS = ["WR-1", "WR-2"]


def csv_text(delimiter: str = ",", newline: str = "\n") -> str:
    return newline.join(line.replace(",", delimiter) for line in [HEADER, *GOOD_ROWS]) + newline


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"\xef\xbb\xbf" + csv_text().encode(), id="utf-8 with a byte-order mark"),
        pytest.param(csv_text(";", "\r\n").encode(), id="semicolons and CRLF (Excel, EU locale)"),
        pytest.param(b"sep=;\r\n" + csv_text(";", "\r\n").encode(), id="Excel's sep= line"),
        pytest.param(csv_text("\t").encode("utf-16"), id="utf-16 tab-separated (Unicode Text)"),
        pytest.param(csv_text() + ",,,,,,,\n\n", id="trailing empty rows"),
    ],
)
def test_tables_as_spreadsheets_save_them_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes | str
) -> None:
    path = write(tmp_path, "t.csv", data)

    records = imported(capsys, path)["records"]

    assert [r["record_id"] for r in records] == EXPECTED_IDS
    assert records[1]["supersedes_record_id"] == "WR-1"


def test_row_numbers_count_the_header_and_blank_rows_as_a_spreadsheet_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        "t.csv",
        f"sep=,\n{HEADER}\n{GOOD_ROWS[0]}\n,,,\n" + "X,a,b,c,d,LIVE,2023-04-01,\n",
    )

    code, _, err = run_import(capsys, path)

    assert code == 2
    assert err[0].startswith(f"error: {path} row 4, column F (state): unknown state 'LIVE'")


def test_quoted_cells_keep_separators_and_line_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table(
        tmp_path,
        'WR-1,"gate, north",opening_note,northgate,"open; ring\nthe bell",EFFECTIVE,2023-04-01,',
    )

    [record] = imported(capsys, path)["records"]

    assert record["entity"] == "gate,_north"
    assert record["value"] == "open; ring\nthe bell"


def test_a_file_that_is_not_utf8_names_the_line_and_says_how_to_save_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = csv_text().replace("16:00", "caf\u00e9").encode("cp1252")
    path = write(tmp_path, "t.csv", data)

    code, _, err = run_import(capsys, path)

    assert code == 2
    assert err == [
        f"error: {path}: not UTF-8 text (byte 0xe9 on line 2): save it as UTF-8 "
        "(in Excel: 'CSV UTF-8')"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the first row must name the columns"),
        (HEADER + "\n", "no records: nothing below the first row"),
    ],
)
def test_a_table_without_header_or_rows_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = write(tmp_path, "t.csv", text)

    code, _, err = run_import(capsys, path)

    assert code == 2
    assert err[0] == f"error: {path}: {message}"


def test_json_lines_problems_are_named_by_line_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = {
        "record_id": "R-1",
        "entity": "rubble",
        "attribute": "charge",
        "value": "3",
        "state": "SHIPPED",
        "effective_date": "2024-04-01",
    }
    lines = [
        json.dumps(good),
        json.dumps({**good, "record_id": "R-2", "value": True}),
        "{not json",
        json.dumps(["a list"]),
        json.dumps({k: v for k, v in {**good, "record_id": "R-5"}.items() if k != "state"}),
    ]
    path = write(tmp_path, "t.jsonl", "\n".join(lines) + "\n")

    code, _, err = run_import(capsys, path)

    assert code == 2
    assert err[:-1] == [
        f"error: {path} line 2, field 'value': must be a string, a number or null",
        f"error: {path} line 3: not a JSON object on one line (Expecting property name "
        "enclosed in double quotes, column 2)",
        f"error: {path} line 4: not a JSON object",
        f"error: {path} line 5: no field state (needed: record_id, entity, attribute, value, "
        "state, effective_date)",
    ]
    assert err[-1] == f"error: {path}: 4 problems in 4 lines; nothing was written"


def test_a_dataset_given_as_the_table_is_pointed_to_lifecycle_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = json.dumps({"records": []}, indent=2)
    path = write(tmp_path, "records.json", dataset)

    code, _, err = run_import(capsys, path)

    assert code == 2
    assert err == [
        f"error: {path}: this is already a lifecycle dataset: use it with --lifecycle-data"
    ]


def test_an_existing_output_is_replaced_only_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, output = table(tmp_path, *GOOD_ROWS), write(tmp_path, "out.json", "keep me")

    refused = run_import(capsys, path, "--output", output)
    forced = run_import(capsys, path, "--output", output, "--force")

    assert refused[0] == 2
    assert refused[2] == [f"error: {output} exists: pass --force to replace it"]
    assert forced[0] == 0
    assert len(json.loads(output.read_text(encoding="utf-8"))["records"]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "t.csv"]


def test_the_table_itself_is_never_the_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table(tmp_path, *GOOD_ROWS)
    before = path.read_bytes()

    code, _, err = run_import(capsys, path, "--output", path, "--force")

    assert code == 2
    assert err == [f"error: --output {path} is the table being imported"]
    assert path.read_bytes() == before


def test_an_output_in_a_missing_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "missing" / "out.json"

    code, _, err = run_import(capsys, table(tmp_path, *GOOD_ROWS), "--output", output)

    assert code == 2
    assert err == [f"error: cannot write {output}: No such file or directory"]


def test_a_catalog_comes_from_a_catalog_file_or_another_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = {"entities": {"centre": {"label": "Recycling centre", "aliases": ["tip"]}}}
    alone = write(tmp_path, "catalog.json", json.dumps(catalog))
    in_dataset = write(tmp_path, "old.json", json.dumps({"records": [], "catalog": catalog}))
    path = table(tmp_path, *GOOD_ROWS)

    from_file = imported(capsys, path, "--catalog", str(alone))
    from_dataset = imported(capsys, path, "--catalog", str(in_dataset))

    assert from_file["catalog"] == from_dataset["catalog"] == catalog


def test_a_catalog_naming_what_no_row_has_is_refused_naming_both_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = write(tmp_path, "catalog.json", json.dumps({"entities": {"skip_hire": {}}}))
    path = table(tmp_path, *GOOD_ROWS)

    code, _, err = run_import(capsys, path, "--catalog", catalog)

    assert code == 2
    [line] = err
    assert line.startswith(f"error: {path} with {catalog}: ")
    assert "skip_hire" in line


def test_a_supersedes_cycle_is_named_by_the_dataset_validator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table(
        tmp_path,
        "WR-1,centre,closing_time,northgate,16:00,EFFECTIVE,2023-04-01,WR-2",
        "WR-2,centre,closing_time,northgate,17:00,EFFECTIVE,2025-10-01,WR-1",
    )

    code, _, err = run_import(capsys, path)

    assert code == 2
    assert err == [f"error: {path}: record 'WR-1': supersedes links form a cycle"]


def test_a_missing_table_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_import(capsys, tmp_path / "nope.csv")

    assert code == 2
    assert err == [f"error: table file not found: {tmp_path / 'nope.csv'}"]
