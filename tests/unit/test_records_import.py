"""`records import`: a table of records becomes a dataset that loads, or every bad row and
column is named and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli.main import main
from lifecycle_data.record_fields import FIELDS
from lifecycle_data.repository import LifecycleRecordRepository

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "recycling-centre"
HEADER = "record_id,entity,attribute,scope.site,value,state,effective_date,supersedes_record_id"
GOOD_ROWS = [
    "WR-1,centre,closing_time,northgate,16:00,EFFECTIVE,2023-04-01,",
    "WR-2,centre,closing_time,northgate,17:00,effective,2025-10-01,WR-1",
]


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def table(tmp_path: Path, *rows: str, header: str = HEADER, name: str = "t.csv") -> Path:
    return write(tmp_path, name, "\n".join([header, *rows]) + "\n")


def run_import(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, list[str]]:
    code = main(["records", "import", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err.splitlines()


def imported(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> dict[str, Any]:
    code, out, err = run_import(capsys, path, *options)
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


def test_a_good_table_becomes_a_dataset_that_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table(tmp_path, *GOOD_ROWS)
    output = tmp_path / "records.json"

    code, out, err = run_import(capsys, path, "--output", output, "--dataset-version", "2026-11")

    assert code == 0, err
    assert out == f"2 records from {path} written to {output} (dataset_version 2026-11)\n"
    document = json.loads(output.read_text(encoding="utf-8"))
    assert document["dataset_version"] == "2026-11"
    assert document["records"][1] == {
        "record_id": "WR-2",
        "entity": "centre",
        "attribute": "closing_time",
        "scope": {"site": "northgate"},
        "value": "17:00",
        "state": "EFFECTIVE",
        "effective_date": "2025-10-01",
        "supersedes_record_id": "WR-1",
    }
    assert LifecycleRecordRepository.from_path(output).record_count == 2


def test_without_output_the_dataset_goes_to_stdout_and_the_summary_to_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_import(capsys, table(tmp_path, *GOOD_ROWS))

    assert code == 0
    assert [r["record_id"] for r in json.loads(out)["records"]] == ["WR-1", "WR-2"]
    assert "dataset_version" not in json.loads(out)  # read as `unversioned`
    assert err == [f"2 records from {tmp_path / 't.csv'} written to stdout"]


def test_the_example_table_gives_the_example_dataset_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "records.json"
    options: list[str | Path] = ["--ignore-column", "notes", "--dataset-version", "2026-11"]
    options += ["--output", output]

    code, _, err = run_import(capsys, EXAMPLE / "records.csv", *options)

    assert code == 0, err
    assert output.read_text(encoding="utf-8") == (EXAMPLE / "records.json").read_text("utf-8")


def test_scope_as_pairs_in_one_column_reads_like_one_column_per_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    per_key = table(
        tmp_path,
        "WR-1,centre,closing_time,northgate,winter,16:00,EFFECTIVE,2023-04-01",
        header="record_id,entity,attribute,scope.site,Scope.Season,value,state,effective_date",
        name="per_key.csv",
    )
    pairs = table(
        tmp_path,
        'WR-1,centre,closing_time,"site=northgate, season=winter",16:00,EFFECTIVE,2023-04-01',
        header="record_id,entity,attribute,scope,value,state,effective_date",
        name="pairs.csv",
    )
    both = table(
        tmp_path,
        "WR-1,centre,closing_time,season = Winter;,northgate,16:00,EFFECTIVE,2023-04-01",
        header="record_id,entity,attribute,scope,scope.site,value,state,effective_date",
        name="both.csv",
    )

    read = [imported(capsys, path)["records"] for path in (per_key, pairs, both)]

    assert read[0] == read[1] == read[2]
    assert read[0][0]["scope"] == {"season": "winter", "site": "northgate"}


def test_an_empty_scope_key_cell_means_the_record_has_no_such_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table(
        tmp_path,
        "WR-1,mattresses,accepted,eastfield,,yes,EFFECTIVE,2023-04-01",
        header="record_id,entity,attribute,scope.site,scope.season,value,state,effective_date",
    )

    assert imported(capsys, path)["records"][0]["scope"] == {"site": "eastfield"}


def test_json_lines_take_scope_as_an_object_pairs_or_keys_and_keep_numbers_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        {"record_id": "R-1", "entity": "rubble", "attribute": "charge", "scope": {"site": "all"}},
        {"record_id": "R-2", "entity": "rubble", "attribute": "charge", "scope": "site=all"},
        {"record_id": "R-3", "entity": "rubble", "attribute": "charge", "scope.site": "all"},
    ]
    text = "\n\n".join(
        json.dumps(line)[:-1] + ', "value": 2.50, "state": "SHIPPED", '
        '"effective_date": "2024-04-01", "supersedes_record_id": null}'
        for line in lines
    )
    path = write(tmp_path, "t.jsonl", text + "\n")

    records = imported(capsys, path)["records"]

    assert {json.dumps(r["scope"]) for r in records} == {'{"site": "all"}'}
    assert [r["value"] for r in records] == ["2.50", "2.50", "2.50"]


BAD_ROWS = [  # (rows below the header, the problem line expected after "error: t.csv ")
    (
        ["WR-1,centre,closing_time,northgate,16:00,LIVE,2023-04-01,"],
        "row 2, column F (state): unknown state 'LIVE' (allowed: PROPOSED, PLANNED, SHIPPED, "
        "EFFECTIVE, CANCELLED, REJECTED, DRAFT)",
    ),
    (
        ["WR-1,centre,closing_time,northgate,16:00,EFFECTIVE,01/04/2026,"],
        "row 2, column G (effective_date): '01/04/2026' is not a YYYY-MM-DD date",
    ),
    (
        ["WR-1,centre,closing_time,northgate,16:00,EFFECTIVE,2026-02-30,"],
        "row 2, column G (effective_date): '2026-02-30' is not a YYYY-MM-DD date",
    ),
    (
        [GOOD_ROWS[0], GOOD_ROWS[0].replace("16:00", "18:00")],
        "row 3, column A (record_id): duplicate WR-1 (first on row 2)",
    ),
    (
        [GOOD_ROWS[0], "\uff37\uff32-1,centre,closing_time,northgate,18:00,EFFECTIVE,2024-01-01,"],
        "row 3, column A (record_id): duplicate WR-1 (first on row 2)",
    ),
    (
        ["WR-2,centre,closing_time,northgate,17:00,EFFECTIVE,2025-10-01,WR-9"],
        "row 2, column H (supersedes_record_id): supersedes WR-9, which no row has",
    ),
    (
        ["WR-2,centre,closing_time,northgate,17:00,EFFECTIVE,2025-10-01,WR-2"],
        "row 2, column H (supersedes_record_id): supersedes itself",
    ),
    (
        ["WR-1,centre,closing_time,northgate,  ,EFFECTIVE,2023-04-01,"],
        "row 2, column E (value): empty",
    ),
    (
        ["WR-1,centre,closing|time,northgate,16:00,EFFECTIVE,2023-04-01,"],
        "row 2, column C (attribute): not a usable identifier: 'closing|time'",
    ),
    (
        ["WR-1,centre,closing_time,northgate,16:00,EFFECTIVE,2023-04-01,,stray"],
        "row 2, column I: a value beyond the last named column (8 columns are named)",
    ),
]


@pytest.mark.parametrize(("rows", "problem"), BAD_ROWS)
def test_a_bad_row_is_named_with_its_row_and_column_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: list[str], problem: str
) -> None:
    output = tmp_path / "out.json"

    code, out, err = run_import(capsys, table(tmp_path, *rows), "--output", output)

    assert code == 2
    assert out == ""
    assert err[0] == f"error: {tmp_path / 't.csv'} {problem}"
    assert err[-1].endswith("; nothing was written")
    assert not output.exists()


@pytest.mark.parametrize(
    ("header", "row", "problem"),
    [
        (
            "record_id,entity,attribute,scope,value,state,effective_date",
            "WR-1,centre,closing_time,northgate,16:00,EFFECTIVE,2023-04-01",
            "row 2, column D (scope): 'northgate' is not a key=value pair",
        ),
        (
            "record_id,entity,attribute,scope,value,state,effective_date",
            "WR-1,centre,closing_time,site=north;site=south,16:00,EFFECTIVE,2023-04-01",
            "row 2, column D (scope): scope key site given twice",
        ),
        (
            "record_id,entity,attribute,value,state,effective_date,notes",
            "WR-1,centre,closing_time,16:00,EFFECTIVE,2023-04-01,ring Sam",
            "row 1, column G (notes): unknown column (known: record_id, entity, attribute, "
            "value, state, effective_date, scope, supersedes_record_id, source, scope.KEY; "
            "or --ignore-column)",
        ),
        (
            "record_id,entity,attribute,value,state,effective date,supersedes",
            "WR-1,centre,closing_time,16:00,EFFECTIVE,2023-04-01,",
            "row 1, column G (supersedes): unknown column (did you mean supersedes_record_id? "
            "known: record_id, entity, attribute, value, state, effective_date, scope, "
            "supersedes_record_id, source, scope.KEY; or --ignore-column)",
        ),
        (
            "record_id,entity,attribute,value,effective_date",
            "WR-1,centre,closing_time,16:00,2023-04-01",
            "row 1: no column state (needed: record_id, entity, attribute, value, state, "
            "effective_date)",
        ),
        (
            "record_id,entity,attribute,value,state,effective_date,Record ID",
            "WR-1,centre,closing_time,16:00,EFFECTIVE,2023-04-01,WR-1",
            "row 1, column G (Record ID): record_id again (also column A (record_id))",
        ),
        (
            "record_id,entity,attribute,value,state,effective_date,",
            "WR-1,centre,closing_time,16:00,EFFECTIVE,2023-04-01,x",
            "row 2, column G: a value in a column with no name",
        ),
    ],
)
def test_a_bad_column_or_scope_cell_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, row: str, problem: str
) -> None:
    code, _, err = run_import(capsys, table(tmp_path, row, header=header))

    assert code == 2
    assert err[0] == f"error: {tmp_path / 't.csv'} {problem}"


def test_every_problem_of_every_row_is_listed_in_row_order_then_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = table(
        tmp_path,
        GOOD_ROWS[0],
        "WR-3,centre,,northgate,,LIVE,2023-04-01,",
        "",
        "WR-4,centre,closing_time,northgate,16:00,EFFECTIVE,2023-4-1,WR-8",
        header=HEADER + ",notes",
    )

    code, _, err = run_import(capsys, path)

    assert code == 2
    assert [line.split(": ")[1].split(",")[0] for line in err[:-1]] == [
        f"{path} row 1",
        f"{path} row 3",
        f"{path} row 3",
        f"{path} row 3",
        f"{path} row 5",
        f"{path} row 5",
    ]
    assert err[-2].endswith("supersedes WR-8, which no row has")  # though its date is bad too
    assert err[-1] == f"error: {path}: 6 problems in 3 rows; nothing was written"


def test_more_than_fifty_problems_list_the_first_fifty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [f"WR-{n},centre,closing_time,northgate,16:00,LIVE,2023-04-01," for n in range(60)]

    code, _, err = run_import(capsys, table(tmp_path, *rows))

    assert code == 2
    assert len(err) == 51
    assert err[-1].endswith(
        ": 60 problems in 60 rows (the first 50 are listed); nothing was written"
    )


def test_ignored_columns_are_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = table(tmp_path, GOOD_ROWS[0] + ",ring Sam", header=HEADER + ",Notes")

    records = imported(capsys, path, "--ignore-column", "notes")["records"]

    assert set(records[0]) == FIELDS - {"source"}


def test_the_error_example_in_the_dataset_docs_is_what_the_import_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = (EXAMPLE / "records.csv").read_text(encoding="utf-8").splitlines()[:8]
    rows[5] = rows[5].replace("WR-105", "WR-104")
    rows[6] = rows[6].replace("2027-04-01", "01/04/2027").replace("WR-101", "WR-199")
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "records.csv", "\n".join(rows) + "\n")
    docs = (ROOT / "docs" / "datasets.md").read_text(encoding="utf-8")
    shown = docs.split("not ignored, give:\n\n```\n", 1)[1].split("```", 1)[0]

    code, _, err = run_import(capsys, "records.csv")

    assert code == 2
    assert err == shown.splitlines()
