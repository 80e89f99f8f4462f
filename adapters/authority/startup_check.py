"""`python app.py --check` for the authority policy: the file parses, and every entity, attribute
and source it names exists in the lifecycle catalog the worker will use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adapters.authority.policy_file import load_checked_policy
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidAuthorityPolicyError
from truthexpiry.models.records.catalog import Catalog


def authority_policy_problems(
    path: Path,
    catalog: Callable[[], Catalog],
    *,
    setting: str,
    remedy_for: Callable[[EvidenceUnavailableError], str | None],
) -> list[str]:
    """One line per problem with the policy file at `path`, checked against the catalog the
    worker will use, each naming `setting` (the policy's variable); `remedy_for` says which
    setting fixes a refusal from the lifecycle server."""
    try:
        lifecycle_catalog = catalog()
    except EvidenceUnavailableError as error:
        remedy = remedy_for(error)
        reason = f"{error}; {remedy}" if remedy else str(error)
        return [f"{setting}: cannot check it against the lifecycle catalog ({reason})"]
    try:
        load_checked_policy(path, lifecycle_catalog)
    except InvalidAuthorityPolicyError as error:
        return [f"{setting}: {problem}" for problem in error.problems]
    return []
