"""Generated lifecycle datasets of any size, shaped like a real export.

Every claim key gets a short history of three records: a SHIPPED value, a newer SHIPPED value
that supersedes it, and a PLANNED change still to come. Entities have ten attributes each and ten
plan scopes, so `records` records span `records / 300` entities. The embedded demo records can be
included, so that the demo questions still resolve against a large dataset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lifecycle_data.repository import packaged_dataset_path

ATTRIBUTES = (
    "availability",
    "rate_limit",
    "retention_days",
    "max_seats",
    "export_format",
    "storage_region",
    "support_tier",
    "sla_hours",
    "api_access",
    "audit_logging",
)
PLANS = tuple(f"plan_{n}" for n in range(10))
VALUES = {
    "availability": ("enabled", "disabled"),
    "rate_limit": ("100 requests", "50 requests"),
    "retention_days": ("30 days", "90 days"),
    "max_seats": ("10 seats", "25 seats"),
    "export_format": ("csv", "parquet"),
    "storage_region": ("eu-central", "us-east"),
    "support_tier": ("standard", "priority"),
    "sla_hours": ("24 hours", "8 hours"),
    "api_access": ("on", "off"),
    "audit_logging": ("available", "removed"),
}
RECORDS_PER_KEY = 3


def generated_records(
    count: int, *, variant: int = 0, attributes: int = len(ATTRIBUTES), plans: int = len(PLANS)
) -> list[dict[str, Any]]:
    """Exactly `count` records (the last history may be cut short); `variant` flips values.
    Each entity has the first `attributes` attributes in the first `plans` plans: fewer of
    either means more entities for the same count (8 and 2: 5,000 entities at 240,000)."""
    records: list[dict[str, Any]] = []
    keys = -(-count // RECORDS_PER_KEY)
    for n in range(keys):
        entity = f"feature_{n // (attributes * plans):05d}"
        attribute = ATTRIBUTES[n % attributes]
        plan = PLANS[(n // attributes) % plans]
        old, new = VALUES[attribute][variant % 2], VALUES[attribute][(variant + 1) % 2]
        base = {"entity": entity, "attribute": attribute, "scope": {"plan": plan}}
        records += [
            {**base, "record_id": f"G-{n}-a", "value": old, "state": "SHIPPED",
             "effective_date": "2024-03-01", "supersedes_record_id": None},
            {**base, "record_id": f"G-{n}-b", "value": new, "state": "SHIPPED",
             "effective_date": "2025-06-01", "supersedes_record_id": f"G-{n}-a"},
            {**base, "record_id": f"G-{n}-c", "value": old, "state": "PLANNED",
             "effective_date": "2031-01-01", "supersedes_record_id": f"G-{n}-b"},
        ]  # fmt: skip
    return records[:count]


def generated_document(
    count: int, *, variant: int = 0, with_demo: bool = False, **shape: int
) -> dict[str, Any]:
    demo: dict[str, Any] = json.loads(packaged_dataset_path().read_text()) if with_demo else {}
    records = list(demo.get("records", [])) + generated_records(count, variant=variant, **shape)
    document: dict[str, Any] = {"dataset_version": f"generated-{count}-v{variant}"}
    document["records"] = records
    if "catalog" in demo:
        document["catalog"] = demo["catalog"]
    return document


def write_dataset(
    path: Path, count: int, *, variant: int = 0, with_demo: bool = False, **shape: int
) -> Path:
    """Write atomically (a temp file renamed over `path`), as a careful exporter would."""
    temporary = path.with_suffix(".tmp")
    document = generated_document(count, variant=variant, with_demo=with_demo, **shape)
    temporary.write_text(json.dumps(document))
    temporary.replace(path)
    return path
