"""`python app.py --check` for the authority policy: the file parses, and every entity, attribute
and source it names exists in the lifecycle catalog the worker will use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adapters.authority.policy_file import load_checked_policy
from adapters.lifecycle_mcp_client.remedies import setting_remedy
from truthexpiry.config.worker import WorkerSettings
from truthexpiry.models.catalog import Catalog
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidAuthorityPolicyError

VARIABLE = "TRUTH_EXPIRY_AUTHORITY_POLICY_PATH"


def authority_policy_problems(
    settings: WorkerSettings, catalog_of: Callable[[WorkerSettings], Catalog]
) -> list[str]:
    """One line per problem with the configured policy, checked against the catalog that
    `catalog_of` fetches for these settings; none when no policy is configured."""
    if settings.authority_policy_path is None:
        return []
    try:
        catalog = catalog_of(settings)
    except EvidenceUnavailableError as error:
        token_set = settings.lifecycle_mcp_token is not None
        remedy = setting_remedy(error, token_set=token_set)
        reason = f"{error}; {remedy}" if remedy else str(error)
        return [f"{VARIABLE}: cannot check it against the lifecycle catalog ({reason})"]
    try:
        load_checked_policy(Path(settings.authority_policy_path), catalog)
    except InvalidAuthorityPolicyError as error:
        return [f"{VARIABLE}: {problem}" for problem in error.problems]
    return []
