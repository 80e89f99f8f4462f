"""The catalog rendered as the model's allowed vocabulary.

Only names, labels, aliases, scope values, value kinds, units and the enumerated value words go
out: never a lifecycle record, its state, date or ID, so nothing here tells which value is current.
"""

from __future__ import annotations

import json
from typing import Any

from truthexpiry.models.records.catalog import AttributeInfo, Catalog


def render_vocabulary(catalog: Catalog) -> str:
    """One JSON document listing what can be checked, ordered for stable prompts."""
    entities = [
        {
            "entity": name,
            "label": info.label,
            "aliases": list(info.aliases),
            "attributes": [_attribute(a, catalog) for a in catalog.attributes_of(name)],
        }
        for name, info in sorted(catalog.entities.items())
    ]
    return json.dumps({"entities": entities}, ensure_ascii=False, separators=(",", ":"))


def _attribute(info: AttributeInfo, catalog: Catalog) -> dict[str, Any]:
    rendered: dict[str, Any] = {
        "attribute": info.attribute,
        "label": info.label,
        "aliases": list(info.aliases),
        "scope": {
            key: [_scope_value(key, value, catalog) for value in values]
            for key, values in sorted(info.scope_values.items())
        },
        "value_type": info.value_type.value,
    }
    if info.unit:
        rendered["unit"] = info.unit
    if info.value_tokens:
        rendered["value_words"] = list(info.value_tokens)
    if info.value_aliases:
        rendered["value_aliases"] = {k: list(v) for k, v in sorted(info.value_aliases.items())}
    return rendered


def _scope_value(key: str, value: str, catalog: Catalog) -> dict[str, Any]:
    return {"value": value, "aliases": list(catalog.scope_aliases.get((key, value), ()))}
