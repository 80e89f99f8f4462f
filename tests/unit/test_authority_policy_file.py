"""The authority policy file: parsed into the domain policy, every problem named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adapters.authority.policy_file import (
    check_against,
    load_authority_policy,
    parse_authority_policy,
)
from tests.fakes import FakeLifecycleEvidence
from tests.unit.builders import KEY, record
from truthexpiry.models.errors import InvalidAuthorityPolicyError
from truthexpiry.models.records.authority import OwnerRule

CATALOG = FakeLifecycleEvidence([record("R-1", "on", source="billing")]).catalog()
GOOD: dict[str, Any] = {
    "precedence": {"default": ["Billing"], "by_entity": {"report_export": ["billing"]}},
    "owners": {
        "report_export.availability": {"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": 30}
    },
}


def problems_of(document: object) -> str:
    with pytest.raises(InvalidAuthorityPolicyError) as caught:
        check_against(parse_authority_policy(document), CATALOG)
    return str(caught.value)


def test_a_valid_policy_becomes_the_domain_policy() -> None:
    policy = check_against(parse_authority_policy(GOOD), CATALOG)

    assert policy.precedence == ("billing",)
    assert policy.precedence_for("report_export") == ("billing",)
    rule = OwnerRule(
        "report_export", "availability", frozenset({"U0PM"}), frozenset({"C0PROD"}), 30
    )
    assert policy.owners == (rule,)
    assert policy.owner_rule_for(KEY) == rule


def test_an_empty_policy_is_allowed_and_empty() -> None:
    assert parse_authority_policy({}).is_empty


@pytest.mark.parametrize(
    ("owners", "fragment"),
    [
        (
            {"users": ["u0pm"], "channels": ["C0PROD"], "valid_days": 3},
            "not a Slack user ID: 'u0pm'",
        ),
        ({"users": ["B0BOT"], "channels": ["C0PROD"], "valid_days": 3}, "not a Slack user ID"),
        (
            {"users": ["U0PM"], "channels": ["G0PRIVATE"], "valid_days": 3},
            "not a public channel ID",
        ),
        ({"users": ["U0PM"], "channels": ["D0DM"], "valid_days": 3}, "not a public channel ID"),
        (
            {"users": [], "channels": ["C0PROD"], "valid_days": 3},
            "non-empty list of Slack user IDs",
        ),
        ({"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": 0}, "valid_days must be"),
        ({"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": True}, "valid_days must be"),
        ({"users": ["U0PM"], "channels": ["C0PROD"]}, "valid_days must be"),
        (
            {"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": 3, "why": 1},
            "unknown key(s) why",
        ),
    ],
)
def test_malformed_owner_rules_are_named(owners: dict[str, Any], fragment: str) -> None:
    assert fragment in problems_of({"owners": {"report_export": owners}})


@pytest.mark.parametrize(
    ("document", "fragment"),
    [
        (
            {"owners": {"ghost": GOOD["owners"]["report_export.availability"]}},
            "unknown entity 'ghost'",
        ),
        (
            {"owners": {"report_export.colour": GOOD["owners"]["report_export.availability"]}},
            "has no attribute 'colour'",
        ),
        (
            {"precedence": {"default": ["crm"]}},
            "unknown source 'crm' (the records' sources: billing)",
        ),
        ({"precedence": {"by_entity": {"ghost": ["billing"]}}}, "unknown entity 'ghost'"),
        ({"precedence": {"default": ["billing", "billing"]}}, "listed twice"),
        ({"precedence": {"default": "billing"}}, "must be a list of source names"),
        ({"precedence": [], "owners": 3}, "precedence must be a JSON object"),
        ({"sources": []}, "unknown key(s) sources"),
        ([], "must be a JSON object"),
    ],
)
def test_unknown_or_malformed_settings_are_named(document: object, fragment: str) -> None:
    assert fragment in problems_of(document)


def test_every_problem_is_named_at_once() -> None:
    document = {"precedence": {"default": 1}, "owners": {"x": {"users": ["bad"], "channels": []}}}

    with pytest.raises(InvalidAuthorityPolicyError) as caught:
        parse_authority_policy(document)

    assert len(caught.value.problems) >= 4


def test_a_missing_or_broken_file_is_named(tmp_path: Path) -> None:
    broken = tmp_path / "policy.json"
    broken.write_text("{", encoding="utf-8")

    with pytest.raises(InvalidAuthorityPolicyError, match="not found"):
        load_authority_policy(tmp_path / "missing.json")
    with pytest.raises(InvalidAuthorityPolicyError, match="not valid JSON"):
        load_authority_policy(broken)
