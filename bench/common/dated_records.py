"""The generated dataset of `bench.changes`: histories over five years for 100k records or any
other count (`dated_records`): per key a first value, then changes at random later dates
(re-enables among them), now and then a same-day conflict, and a PLANNED record ahead of
`AS_OF`.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

AS_OF = date(2026, 6, 30)
ATTRIBUTES = ("availability", "rate_limit", "retention", "max_seats", "sso")
PLANS = tuple(f"plan_{n}" for n in range(10))
VALUES = {
    "availability": ("enabled", "disabled"),
    "rate_limit": ("100 requests", "50 requests", "200 requests"),
    "retention": ("30 days", "90 days", "365 days"),
    "max_seats": ("5", "10", "25"),
    "sso": ("on", "off"),
}


def dated_records(count: int, seed: int = 7) -> list[dict[str, Any]]:
    """About `count` records: per key a first value in 2021-2022, one to four changes at random
    later dates (values cycle, so on/off/on happens), a same-day conflict in one key of 25, and
    a PLANNED record after the as-of date in one key of 3."""
    rng = random.Random(seed)
    records: list[dict[str, Any]] = []
    n = 0
    while len(records) < count:
        attribute = ATTRIBUTES[n % len(ATTRIBUTES)]
        base = {
            "entity": f"feature_{n // (len(ATTRIBUTES) * len(PLANS)):05d}",
            "attribute": attribute,
            "scope": {"plan": PLANS[(n // len(ATTRIBUTES)) % len(PLANS)]},
        }
        records += _history(rng, n, base, VALUES[attribute])
        n += 1
    return records[:count]


def _history(
    rng: random.Random, n: int, base: dict[str, Any], values: tuple[str, ...]
) -> list[dict[str, Any]]:
    day = date(2021, 1, 1) + timedelta(days=rng.randrange(730))
    history: list[dict[str, Any]] = []
    for step in range(rng.randint(2, 5)):
        history.append(
            {**base, "record_id": f"D-{n}-{step}", "value": values[step % len(values)],
             "state": "SHIPPED", "effective_date": day.isoformat(),
             "supersedes_record_id": f"D-{n}-{step - 1}" if step else None}
        )  # fmt: skip
        day += timedelta(days=rng.randrange(30, 500))
    if n % 25 == 0:  # a record on the same day as the last, with another value, linking nothing
        last = history[-1]
        other = values[(values.index(last["value"]) + 1) % len(values)]
        history.append({**last, "record_id": f"D-{n}-x", "value": other})
        history[-1]["supersedes_record_id"] = None
    if n % 3 == 0:
        ahead = AS_OF + timedelta(days=rng.randrange(1, 200))
        history.append(
            {**base, "record_id": f"D-{n}-p", "value": values[0], "state": "PLANNED",
             "effective_date": ahead.isoformat(), "supersedes_record_id": history[-1]["record_id"]}
        )  # fmt: skip
    return history
