"""The alerting rules, checked and unit-tested by a real `promtool` (skipped, saying so, where
it is not installed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.prometheus_support import run_promtool

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "deploy" / "monitoring" / "alerts.yml"
RULE_TESTS = Path(__file__).parent / "monitoring" / "alerts_test.yml"


def test_the_alerting_rules_are_valid_for_promtool() -> None:
    result = run_promtool("check", "rules", str(RULES))

    assert result.returncode == 0, result.stdout + result.stderr


def test_the_alerting_rules_fire_as_their_unit_tests_expect() -> None:
    result = run_promtool("test", "rules", RULE_TESTS.name, cwd=str(RULE_TESTS.parent))

    assert result.returncode == 0, result.stdout + result.stderr
