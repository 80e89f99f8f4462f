"""Parsing of the authority policy file (JSON) into an `AuthorityPolicy`.

    {"precedence": {"default": ["billing", "jira"], "by_entity": {"api_rate_limit": ["jira"]}},
     "owners": {"report_export.availability":
                {"users": ["U0PM"], "channels": ["C0PROD"], "valid_days": 30}}}

Every key is optional. Parsing collects every problem (malformed user or channel IDs, bad
windows, unknown keys) and raises `InvalidAuthorityPolicyError` naming each; `check_against`
adds what the catalog does not know (entities, attributes, sources).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from truthexpiry.catalog.policy_check import policy_problems
from truthexpiry.models.errors import EvidenceUnavailableError, InvalidAuthorityPolicyError
from truthexpiry.models.records.authority import AuthorityPolicy, OwnerRule
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.unicode_text import plain_or_shown, shown
from truthexpiry.text.json_input import JsonInputError, decode_json

USER_ID = re.compile(r"^[UW][A-Z0-9]{2,}$")
PUBLIC_CHANNEL_ID = re.compile(r"^C[A-Z0-9]{2,}$")
_IDENTIFIER = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")
_SUBJECT = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)?$")
MAX_VALID_DAYS = 3650
MAX_REPORTED = 50


def load_authority_policy(path: Path) -> AuthorityPolicy:
    """The policy file at `path`; `InvalidAuthorityPolicyError` names the file and each problem."""
    try:
        return parse_authority_policy(decode_json(path.read_bytes()))
    except FileNotFoundError:
        raise InvalidAuthorityPolicyError(["file not found"], origin=str(path)) from None
    except OSError as error:
        problem = f"cannot be read ({error.strerror})"
        raise InvalidAuthorityPolicyError([problem], origin=str(path)) from None
    except JsonInputError as error:
        raise InvalidAuthorityPolicyError([str(error)], origin=str(path)) from None
    except InvalidAuthorityPolicyError as error:
        raise InvalidAuthorityPolicyError(error.problems, origin=str(path)) from None


def check_against(policy: AuthorityPolicy, catalog: Catalog) -> AuthorityPolicy:
    """The policy, if everything it names exists in the catalog; else the error naming each."""
    problems = policy_problems(policy, catalog)
    if problems:
        raise InvalidAuthorityPolicyError(problems)
    return policy


def parse_authority_policy(document: object) -> AuthorityPolicy:
    problems: list[str] = []
    root = _object(document, "the authority policy", {"precedence", "owners"}, problems)
    sections = {"default", "by_entity"}
    precedence = _object(root.get("precedence", {}), "precedence", sections, problems)
    default = _sources(precedence.get("default", []), "precedence.default", problems)
    by_entity = {
        entity: _sources(order, f"precedence.by_entity.{plain_or_shown(entity)}", problems)
        for entity, order in _object(
            precedence.get("by_entity", {}), "precedence.by_entity", None, problems
        ).items()
    }
    owners = _object(root.get("owners", {}), "owners", None, problems)
    rules = tuple(
        rule for subject, raw in owners.items() if (rule := _owner_rule(subject, raw, problems))
    )
    if problems:
        more = len(problems) - MAX_REPORTED
        raise InvalidAuthorityPolicyError(
            problems[:MAX_REPORTED] + ([f"and {more} more"] if more > 0 else [])
        )
    return AuthorityPolicy(default, by_entity, rules)


def _object(
    value: object, where: str, allowed: set[str] | None, problems: list[str]
) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        problems.append(f"{where} must be a JSON object")
        return {}
    unknown = sorted(set(value) - allowed) if allowed is not None else []
    if unknown:
        problems.append(f"{where}: unknown key(s) {_listed(unknown, plain_or_shown)}")
    return value


def _sources(value: object, where: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        problems.append(f"{where} must be a list of source names")
        return ()
    sources = tuple(s.strip().lower() for s in value)
    bad = [s for s in sources if not _IDENTIFIER.fullmatch(s)]
    if bad:
        problems.append(f"{where}: malformed source name(s) {_listed(bad, shown)}")
    if len(set(sources)) != len(sources):
        problems.append(f"{where}: a source is listed twice")
    return sources


def _owner_rule(subject: str, raw: object, problems: list[str]) -> OwnerRule | None:
    where = f"owners.{plain_or_shown(subject)}"
    if not _SUBJECT.fullmatch(subject):
        problems.append(f"{where}: name an entity or entity.attribute (lower-case identifiers)")
    rule = _object(raw, where, {"users", "channels", "valid_days"}, problems)
    users = _ids(rule.get("users"), f"{where}.users", USER_ID, "Slack user ID", problems)
    channels = _ids(
        rule.get("channels"), f"{where}.channels", PUBLIC_CHANNEL_ID, "public channel ID", problems
    )
    days = rule.get("valid_days")
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_VALID_DAYS:
        problems.append(f"{where}.valid_days must be a whole number of days, 1 to {MAX_VALID_DAYS}")
        return None
    entity, _, attribute = subject.partition(".")
    return OwnerRule(entity, attribute or None, users, channels, days)


def _ids(
    value: object, where: str, pattern: re.Pattern[str], kind: str, problems: list[str]
) -> frozenset[str]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        problems.append(f"{where} must be a non-empty list of {kind}s")
        return frozenset()
    bad = [v for v in value if not pattern.fullmatch(v)]
    if bad:
        problems.append(f"{where}: not a {kind}: {_listed(bad, shown)}")
    return frozenset(value)


def _listed(names: list[str], quote: Callable[[str], str], limit: int = 5) -> str:
    """At most `limit` names, each quoted, then how many more."""
    listed = ", ".join(quote(name) for name in names[:limit])
    return listed + (f" and {len(names) - limit} more" if len(names) > limit else "")


def load_checked_policy(path: Path, catalog: Catalog) -> AuthorityPolicy:
    """The policy file at `path`, parsed and checked against the catalog."""
    policy = load_authority_policy(path)
    try:
        return check_against(policy, catalog)
    except InvalidAuthorityPolicyError as error:
        raise InvalidAuthorityPolicyError(error.problems, origin=str(path)) from None


def startup_policy(path: str | None, catalog: Callable[[], Catalog]) -> AuthorityPolicy | None:
    """The worker's policy from the file its settings name: parsed at start-up, and
    checked against the catalog when the catalog can be read now (`--check` insists on it)."""
    if path is None:
        return None
    policy = load_authority_policy(Path(path))
    try:
        known = catalog()
    except EvidenceUnavailableError:
        return policy
    return check_against(policy, known)
