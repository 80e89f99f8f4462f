"""The value expressions the library bench reads, each with the value it must be read as.

From every dataset's cases (`tests/data/*_cases.jsonl`, the strict known bugs, the shared eval
set): a text the case expects CURRENT states the claim's current value, so that value is what a
reader must find in it; a text the case expects SUPERSEDED states another value of the same kind,
so a reader must find a value of that kind that is not the current one. Only typed values count
(money, percentages, durations, measures, counts, times of day, dates): availability words and
enumerated values are the catalog's, and no library reads them.

Beside them, the spoken and written forms issue 19 names, each with the value it means.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from lifecycle_data.repository import LifecycleRecordRepository
from truthexpiry.models.records.catalog import AttributeInfo, Catalog
from truthexpiry.models.records.values import TypedValue, ValueType
from truthexpiry.text.words import UNITS
from truthexpiry.values.compare import read_value

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SHARED_EVAL = ROOT.parent / "shared" / "eval" / "cases.jsonl"
SPOKEN_AS_OF = date(2026, 11, 30)

# A form a person writes -> the canonical values it states (all of them, for a range).
SPOKEN_FORMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("40 cents a day", ("0.40 USD",)),
    ("99¢ per month", ("0.99 USD",)),
    ("75 pence a visit", ("0.75 GBP",)),
    ("40p a day", ("0.40 GBP",)),
    ("€1.50 per hour", ("1.50 EUR",)),
    ("twelve euros a month", ("12 EUR",)),
    ("an hour and a half", ("90 minutes",)),
    ("half an hour", ("30 minutes",)),
    ("a quarter of an hour", ("15 minutes",)),
    ("one and a half days", ("36 hours",)),
    ("a week and a half", ("1.5 weeks",)),
    ("ninety minutes", ("90 minutes",)),
    ("twenty-one days", ("21 days",)),
    ("two hundred and fifty requests per minute", ("250 requests",)),
    ("twenty-five GB", ("25 gb",)),
    ("1.5 kg", ("1.5 kg",)),
    ("two and a half percent", ("2.5%",)),
    ("12.5 per cent", ("12.5%",)),
    ("close at 9 in the evening", ("21:00",)),
    ("open until 9 at night", ("21:00",)),
    ("closes at noon", ("12:00",)),
    ("open until midnight", ("00:00",)),
    ("half past six in the evening", ("18:30",)),
    ("a quarter to nine in the morning", ("08:45",)),
    ("opens at 9.30 am", ("09:30",)),
    ("closes at 7pm", ("19:00",)),
    ("closes at 19:30", ("19:30",)),
    ("from 3 June to 20 August 2024", ("2024-06-03", "2024-08-20")),
    ("between 3 June and 20 August 2024", ("2024-06-03", "2024-08-20")),
    ("3 June - 20 August 2024", ("2024-06-03", "2024-08-20")),
    ("June 3rd, 2024", ("2024-06-03",)),
    ("the 1st of March 2025", ("2025-03-01",)),
    ("on 2025-03-01", ("2025-03-01",)),
)


@dataclass(frozen=True, slots=True)
class Expression:
    group: str  # "datasets", "known bugs", "shared eval", "spoken forms"
    text: str
    expected: tuple[TypedValue, ...]  # the current values, or every value of a range
    mode: str  # "all" (a range: each is read), "any" (one is read), "differs" (another is)
    as_of: date

    @property
    def kind(self) -> str:
        return kind_of(self.expected[0])


def kind_of(value: TypedValue) -> str:
    """The kind a library is judged on: money, percent, duration, measure, count, time, date."""
    names = {
        ValueType.MONEY: "money",
        ValueType.PERCENTAGE: "percent",
        ValueType.DURATION: "duration",
        ValueType.TIME_OF_DAY: "time of day",
        ValueType.DATE: "date",
    }
    if value.type in names:
        return names[value.type]
    return "measure" if value.unit in UNITS else "count"


def _typed(raw: str, info: AttributeInfo | None = None) -> TypedValue | None:
    value = read_value(raw, info)
    if value.is_numeric or value.type in (ValueType.TIME_OF_DAY, ValueType.DATE):
        return value
    return None


def spoken_forms() -> list[Expression]:
    found = []
    for text, raws in SPOKEN_FORMS:
        values = tuple(v for v in map(_typed, raws) if v is not None)
        found.append(Expression("spoken forms", text, values, "all", SPOKEN_AS_OF))
    return found


def case_expressions() -> list[Expression]:
    """Every dataset's texts that state a typed value, once each."""
    sources = [(p, "datasets") for p in sorted(DATA.glob("*_cases.jsonl"))]
    sources += [(p, "known bugs") for p in sorted((DATA / "known_bugs").glob("*_cases.jsonl"))]
    sources += [(SHARED_EVAL, "shared eval")] if SHARED_EVAL.exists() else []
    found: dict[tuple[str, str, tuple[TypedValue, ...]], Expression] = {}
    for path, group in sources:
        catalog = _catalog_for(path)
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                for item in _from_case(json.loads(line), group, catalog):
                    found.setdefault((item.text, item.mode, item.expected), item)
    return list(found.values())


def _catalog_for(cases: Path) -> Catalog:
    """The catalog of a cases file's records: it gives a record number its unit."""
    name = cases.name.removesuffix("_cases.jsonl")
    records = DATA / f"{name}_records.json"
    if cases == SHARED_EVAL:
        records = SHARED_EVAL.with_name("lifecycle_records.json")
    return LifecycleRecordRepository.from_path(records).catalog


def _from_case(case: dict[str, Any], group: str, catalog: Catalog) -> list[Expression]:
    expected = case["expect"].get("question")
    if not isinstance(expected, dict) or "|" not in (expected.get("claim_key") or ""):
        return []  # a case about a change list or a date: no claim value
    entity, attribute = expected["claim_key"].split("|")[:2]
    info = catalog.attributes.get((entity, attribute))
    raws = expected.get("current_values") or ()
    current = tuple(v for v in (_typed(raw, info) for raw in raws) if v is not None)
    if not current:
        return []
    as_of = date.fromisoformat(case["as_of"])
    statuses = [(case["question"], expected.get("status"))]
    texts = {m["message_ts"]: m["content"] for m in case.get("messages", ())}
    message_statuses = case["expect"].get("messages") or {}
    statuses += [(texts[ts], status) for ts, status in message_statuses.items() if ts in texts]
    modes = {"CURRENT": "any", "SUPERSEDED": "differs"}
    return [
        Expression(group, text, current, modes[status], as_of)
        for text, status in statuses
        if status in modes
    ]
