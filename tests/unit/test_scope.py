"""Scope resolution: a scope key the claim leaves out defaults to `global` when the records for
that entity and attribute use `global` for it; otherwise it is a missing scope key."""

from __future__ import annotations

from tests.unit.builders import record
from truthexpiry.catalog.derive import derive_catalog
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey, normalise_scope
from truthexpiry.rules.scope import GLOBAL, MissingScope, resolve_scope


def _key(plan: str, region: str) -> ClaimKey:
    return ClaimKey.of("report_export", "availability", {"plan": plan, "region": region})


def _catalog(*keys: ClaimKey) -> Catalog:
    return derive_catalog(
        [record(f"R-{index}", "enabled", key=key) for index, key in enumerate(keys)], "test"
    )


CATALOG = _catalog(_key("starter", "global"), _key("enterprise", "global"), _key("pro", "eu"))


def _resolve(stated: dict[str, str], catalog: Catalog = CATALOG) -> ClaimKey | MissingScope:
    return resolve_scope("report_export", "availability", normalise_scope(stated), catalog)


def test_a_fully_stated_scope_resolves_to_itself() -> None:
    assert _resolve({"plan": "starter", "region": "global"}) == _key("starter", "global")


def test_a_missing_scope_key_defaults_to_global_when_the_records_use_global_for_it() -> None:
    assert _resolve({"plan": "starter"}) == _key("starter", "global")


def test_a_stated_scope_value_other_than_global_is_kept() -> None:
    assert _resolve({"plan": "pro", "region": "eu"}) == _key("pro", "eu")


def test_a_missing_scope_key_without_a_global_value_is_missing() -> None:
    result = _resolve({"region": "global"})

    assert isinstance(result, MissingScope)
    assert result.missing == ("plan",)
    assert result.options == "plan=enterprise, pro, starter"
    assert result.partial_key == ClaimKey.of("report_export", "availability", {"region": "global"})


def test_a_missing_scope_explains_which_key_and_the_values_records_exist_for() -> None:
    result = _resolve({})

    assert isinstance(result, MissingScope)
    assert result.explain("The claim") == (
        "The claim does not say which plan; records exist for plan=enterprise, pro, starter."
    )


def test_the_global_default_still_applies_when_another_key_is_missing() -> None:
    result = _resolve({})

    assert isinstance(result, MissingScope)
    assert result.partial_key.scope_dict == {"region": GLOBAL}


def test_several_missing_scope_keys_are_all_named() -> None:
    catalog = _catalog(
        ClaimKey.of("sso_login", "availability", {"plan": "starter", "region": "eu"}),
        ClaimKey.of("sso_login", "availability", {"plan": "pro", "region": "us"}),
    )

    result = resolve_scope("sso_login", "availability", (), catalog)

    assert isinstance(result, MissingScope)
    assert result.missing == ("plan", "region")
    assert result.explain("The question") == (
        "The question does not say which plan and region; "
        "records exist for plan=pro, starter; region=eu, us."
    )


def test_a_scope_key_the_records_do_not_use_is_dropped() -> None:
    result = _resolve({"plan": "starter", "region": "global", "seats": "10"})

    assert result == _key("starter", "global")


def test_an_entity_and_attribute_without_records_keeps_the_stated_scope() -> None:
    result = resolve_scope("unknown_feature", "availability", (("plan", "starter"),), CATALOG)

    assert result == ClaimKey.of("unknown_feature", "availability", {"plan": "starter"})


def test_records_without_scope_need_no_scope_from_the_claim() -> None:
    catalog = _catalog(ClaimKey.of("sso_login", "availability"))

    result = resolve_scope("sso_login", "availability", (("plan", "starter"),), catalog)

    assert result == ClaimKey.of("sso_login", "availability")


def test_the_default_is_per_entity_and_attribute() -> None:
    catalog = _catalog(
        ClaimKey.of("report_export", "availability", {"region": "global"}),
        ClaimKey.of("report_export", "max_rows", {"region": "eu"}),
    )

    assert resolve_scope("report_export", "availability", (), catalog) == ClaimKey.of(
        "report_export", "availability", {"region": "global"}
    )
    assert isinstance(resolve_scope("report_export", "max_rows", (), catalog), MissingScope)
