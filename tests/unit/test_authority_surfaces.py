"""The authority policy where an operator sees it: the App Home and `python app.py --check`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import app
from listeners.views.app_home import home_view
from tests.fakes import FakeLifecycleEvidence
from tests.unit import block_kit
from tests.unit.builders import record
from truthexpiry.models.records.authority import AuthorityPolicy, OwnerRule

CATALOG = FakeLifecycleEvidence([record("R-1", "on", source="billing")]).catalog()
POLICY = AuthorityPolicy(
    precedence=("billing", "wiki"),
    owners=(OwnerRule("report_export", None, frozenset({"U0PM"}), frozenset({"C0PROD"}), 30),),
)
OFFLINE = {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1", "TRUTH_EXPIRY_USE_FAKES": "1"}


def test_the_app_home_shows_the_policy() -> None:
    text = block_kit.all_text(home_view(CATALOG, dataset_version="v", authority=POLICY)["blocks"])

    assert "Authority policy" in text
    assert "Source precedence: billing &gt; wiki" in text
    assert "Owners of report_export: U0PM in C0PROD, valid 30 day(s)" in text


def test_the_app_home_without_a_policy_is_unchanged() -> None:
    assert home_view(CATALOG, dataset_version="v") == home_view(
        CATALOG, dataset_version="v", authority=None
    )
    assert "Authority policy" not in block_kit.all_text(
        home_view(CATALOG, dataset_version="v")["blocks"]
    )


def _policy(tmp_path: Path, document: object) -> str:
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_check_accepts_a_policy_that_fits_the_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    owners = {"report_export": {"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": 30}}
    environ = {
        **OFFLINE,
        "TRUTH_EXPIRY_AUTHORITY_POLICY_PATH": _policy(tmp_path, {"owners": owners}),
    }

    assert app.main(["--check"], environ) == 0
    assert "configuration OK" in capsys.readouterr().out


def test_check_names_each_problem_with_the_policy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = {
        "precedence": {"default": ["billing"]},
        "owners": {"ghost": {"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": 30}},
    }
    environ = {**OFFLINE, "TRUTH_EXPIRY_AUTHORITY_POLICY_PATH": _policy(tmp_path, document)}

    assert app.main(["--check"], environ) == 2

    err = capsys.readouterr().err
    assert "unknown source 'billing'" in err
    assert "unknown entity 'ghost'" in err


def test_check_names_a_malformed_user_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    owners = {"report_export": {"users": ["pm"], "channels": ["C0PROD"], "valid_days": 30}}
    environ = {
        **OFFLINE,
        "TRUTH_EXPIRY_AUTHORITY_POLICY_PATH": _policy(tmp_path, {"owners": owners}),
    }

    assert app.main(["--check"], environ) == 2
    assert "not a Slack user ID: 'pm'" in capsys.readouterr().err
