"""The wire contract of the lifecycle MCP server's tools, shared by server and client.

The server returns these models as structured content (and publishes their JSON schema as the
tools' output schema); the worker's adapter validates what it receives against the same models
before turning it into domain objects. `SCHEMA_VERSION` changes with any incompatible change.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema

from truthexpiry.models.records.catalog import AttributeInfo, Catalog, EntityInfo
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord, LifecycleState
from truthexpiry.models.records.values import ValueType

SCHEMA_VERSION = "truthexpiry.lifecycle.v1"

# The domain's states, published as a plain string enumeration in the tools' output schema.
StateName = Annotated[
    str,
    AfterValidator(lambda state: LifecycleState(state).value),
    WithJsonSchema({"enum": [state.value for state in LifecycleState], "type": "string"}),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RecordOut(_Strict):
    record_id: str = Field(min_length=1)
    entity: str
    attribute: str
    scope: dict[str, str]
    value: str
    state: StateName
    effective_date: date
    supersedes_record_id: str | None
    source: str


class EvidenceOut(_Strict):
    """Every record, in any state, for exactly one claim key. Validity is not decided here."""

    schema_version: str
    dataset_version: str
    claim_key: str
    records: list[RecordOut]


class _WindowAsked(_Strict):
    """What a window tool was asked, and of which dataset it answers: the fields both share."""

    schema_version: str
    dataset_version: str
    from_date: date
    to_date: date
    entity: str | None
    attribute: str | None
    scope: dict[str, str]


class WindowOut(_WindowAsked):
    """The records, in any state, whose effective date falls in [from_date, to_date], of the
    entity, attribute and scope asked for (null: any; `scope` pairs a record's scope must
    include), oldest first. At most `max_records`; `truncated` says more matched. Which value
    is current is not decided here."""

    records: list[RecordOut]
    truncated: bool
    max_records: int


class KeyHistoryOut(_Strict):
    """Every record, in any state and of any date, of one claim key."""

    claim_key: str
    records: list[RecordOut]


class HistoriesOut(_WindowAsked):
    """The claim keys with a record effective in [from_date, to_date] (of the entity, attribute
    and scope asked for, as in `WindowOut`), each with every record it has, in order of the
    keys' first record in the window. At most `max_keys` keys; `truncated` says more keys
    matched. Which value is current, and what changed, is not decided here."""

    histories: list[KeyHistoryOut]
    truncated: bool
    max_keys: int


class EntityOut(_Strict):
    name: str
    label: str
    aliases: list[str]
    description: str | None


class AttributeOut(_Strict):
    entity: str
    attribute: str
    label: str
    scope_values: dict[str, list[str]]
    value_type: ValueType
    unit: str | None
    value_tokens: list[str]
    aliases: list[str]
    value_aliases: dict[str, list[str]]
    description: str | None


class ScopeAliasOut(_Strict):
    key: str
    value: str
    aliases: list[str]


class CatalogOut(_Strict):
    """What can be checked: names, scopes and value vocabulary; no record values or states."""

    schema_version: str
    dataset_version: str
    fingerprint: str
    entities: list[EntityOut]
    attributes: list[AttributeOut]
    scope_aliases: list[ScopeAliasOut]
    sources: list[str] = Field(default_factory=list)


class CatalogVersionOut(_Strict):
    """Which catalog is served now, in a few bytes: `fingerprint` is the catalog's own, so a
    client holding a catalog with that fingerprint holds the catalog served."""

    schema_version: str
    dataset_version: str
    fingerprint: str


def record_out(record: LifecycleRecord) -> RecordOut:
    return RecordOut(
        record_id=record.record_id,
        entity=record.key.entity,
        attribute=record.key.attribute,
        scope=record.key.scope_dict,
        value=record.value,
        state=record.state.value,
        effective_date=record.effective_date,
        supersedes_record_id=record.supersedes_record_id,
        source=record.source,
    )


def record_in(record: RecordOut, key: ClaimKey | None = None) -> LifecycleRecord:
    """The domain's record; `key`, when given, is `record`'s own key, already canonicalised."""
    return LifecycleRecord(
        record_id=record.record_id,
        key=key or ClaimKey.of(record.entity, record.attribute, record.scope),
        value=record.value,
        state=LifecycleState(record.state),
        effective_date=record.effective_date,
        supersedes_record_id=record.supersedes_record_id,
        source=record.source,
    )


def catalog_out(catalog: Catalog) -> CatalogOut:
    return CatalogOut(
        schema_version=SCHEMA_VERSION,
        dataset_version=catalog.version,
        fingerprint=catalog.fingerprint,
        entities=[
            EntityOut.model_construct(
                name=e.name, label=e.label, aliases=list(e.aliases), description=e.description
            )
            for e in catalog.entities.values()
        ],
        attributes=[_attribute_out(a) for a in catalog.attributes.values()],
        scope_aliases=[
            ScopeAliasOut(key=key, value=value, aliases=list(aliases))
            for (key, value), aliases in catalog.scope_aliases.items()
        ],
        sources=list(catalog.sources),
    )


def _attribute_out(info: AttributeInfo) -> AttributeOut:
    # Built unvalidated, like the entities above: the fields come from a derived catalog, of
    # these very types, and validating 33,000 attributes again took a second of a 1M load.
    return AttributeOut.model_construct(
        entity=info.entity,
        attribute=info.attribute,
        label=info.label,
        scope_values={k: list(v) for k, v in info.scope_values.items()},
        value_type=info.value_type,
        unit=info.unit,
        value_tokens=list(info.value_tokens),
        aliases=list(info.aliases),
        value_aliases={k: list(v) for k, v in info.value_aliases.items()},
        description=info.description,
    )


def catalog_in(wire: CatalogOut) -> Catalog:
    entities = {
        e.name: EntityInfo(e.name, e.label, tuple(e.aliases), e.description) for e in wire.entities
    }
    attributes = {
        (a.entity, a.attribute): AttributeInfo(
            entity=a.entity,
            attribute=a.attribute,
            label=a.label,
            scope_values={k: tuple(v) for k, v in a.scope_values.items()},
            value_type=a.value_type,
            unit=a.unit,
            value_tokens=tuple(a.value_tokens),
            aliases=tuple(a.aliases),
            value_aliases={k: tuple(v) for k, v in a.value_aliases.items()},
            description=a.description,
        )
        for a in wire.attributes
    }
    scope_aliases = {(s.key, s.value): tuple(s.aliases) for s in wire.scope_aliases}
    return Catalog(
        wire.dataset_version,
        wire.fingerprint,
        entities,
        attributes,
        scope_aliases,
        tuple(wire.sources),
    )
