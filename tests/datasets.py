"""The synthetic datasets in `tests/data`, each with its cases file, found by name.

`authority` is left out here: its cases carry authority policies and have tests of their own.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
SHARED_EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval"
DATASETS = tuple(
    sorted(
        path.name.removesuffix("_cases.jsonl")
        for path in DATA.glob("*_cases.jsonl")
        if not path.name.startswith("authority")
    )
)
