"""`python app.py --check` for the authority policy: the file parses, and every entity, attribute
and source it names exists in the lifecycle catalog the worker will use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adapters.authority.policy_file import load_checked_policy
from settings.remedies import setting_remedy
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidAuthorityPolicyError

VARIABLE = "TRUTH_EXPIRY_AUTHORITY_POLICY_PATH"


def authority_policy_problems(
    path: Path, catalog: Callable[[], Catalog], *, token_set: bool
) -> list[str]:
    """One line per problem with the policy file at `path`, checked against the catalog the
    worker will use; `token_set` says whether a lifecycle token is configured (for remedies)."""
    try:
        lifecycle_catalog = catalog()
    except EvidenceUnavailableError as error:
        remedy = setting_remedy(error, token_set=token_set)
        reason = f"{error}; {remedy}" if remedy else str(error)
        return [f"{VARIABLE}: cannot check it against the lifecycle catalog ({reason})"]
    try:
        load_checked_policy(path, lifecycle_catalog)
    except InvalidAuthorityPolicyError as error:
        return [f"{VARIABLE}: {problem}" for problem in error.problems]
    return []
