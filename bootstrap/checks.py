"""The worker's checks before it serves: `python app.py --check` (the configuration, and the
authority policy's names against the lifecycle catalog), `--check --live` and the start-up
checks (what Slack and the lifecycle server say).

Each check's adapter is imported only when the check runs, so `--check` never loads Slack's SDK.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bootstrap.pipeline import dataset_evidence, mcp_evidence, revealed

if TYPE_CHECKING:
    from adapters.ops.startup_checks import Finding
    from settings.worker import WorkerSettings
    from truthexpiry.models.errors import EvidenceUnavailableError
    from truthexpiry.models.records.catalog import Catalog


def preflight(
    argv: Sequence[str] | None, environ: Mapping[str, str] | None
) -> tuple[WorkerSettings | None, int]:
    """`python app.py`'s command and settings checked, each problem one line on stderr: every
    configuration problem at once (exit 2), then unless `--check` alone, what Slack and the
    lifecycle server say (exit 1 when unreachable). The settings come back only when the
    worker is to run; the status is the exit status. `environ` replaces the process
    environment and `.env` (for tests)."""
    from settings.command_line import worker_command
    from settings.environment import ConfigError
    from settings.worker import WorkerSettings

    command = worker_command(sys.argv[1:] if argv is None else argv)
    try:
        settings = WorkerSettings.load(environ)
        problems = policy_problems(settings) if command.check else []
    except ConfigError as error:
        problems = error.problems
    for problem in problems:
        print(f"config: {problem}", file=sys.stderr)
    if problems:
        return None, 2
    status = 0
    if not command.check or command.live:
        from adapters.ops.startup_checks import reported

        status = reported(startup_findings(settings), checking=command.check, out=sys.stderr)
    if command.check and status == 0:
        print("configuration OK")
    return (None if command.check or status else settings), status


def worker_catalog(settings: WorkerSettings) -> Catalog:
    """The catalog the worker would use, fetched once (for `app.py --check`)."""
    if settings.offline or settings.lifecycle_mcp_url is None:
        return dataset_evidence(None).catalog()
    evidence = mcp_evidence(
        settings.lifecycle_mcp_url,
        token=revealed(settings.lifecycle_mcp_token),
        timeout=settings.lifecycle_timeout_seconds,
    )
    try:
        return evidence.catalog()
    finally:
        evidence.close()


def policy_problems(settings: WorkerSettings) -> list[str]:
    """Problems only a look at the lifecycle catalog finds (the authority policy's names), for
    `python app.py --check`."""
    if settings.authority_policy_path is None:
        return []
    from adapters.authority.startup_check import authority_policy_problems
    from settings.remedies import variable

    return authority_policy_problems(
        Path(settings.authority_policy_path),
        lambda: worker_catalog(settings),
        setting=variable("authority_policy_path"),
        remedy_for=_remedy(settings),
    )


def startup_findings(settings: WorkerSettings) -> list[Finding]:
    """What Slack says to both tokens and, unless offline, what the lifecycle server says to
    one catalog fetch (`python app.py` before serving, and `--check --live`)."""
    from adapters.ops.startup_checks import SlackSettingNames, lifecycle_finding, slack_findings
    from settings.remedies import variable

    findings = slack_findings(
        settings.slack_bot_token.get_secret_value(),
        settings.slack_app_token.get_secret_value(),
        settings.slack_api_url,
        settings.slack_startup_timeout,
        SlackSettingNames(
            variable("slack_bot_token"), variable("slack_app_token"), variable("slack_api_url")
        ),
    )
    if not settings.offline and settings.lifecycle_mcp_url is not None:
        lifecycle = lifecycle_finding(
            lambda: worker_catalog(settings),
            url=settings.lifecycle_mcp_url,
            setting=variable("lifecycle_mcp_url"),
            remedy_for=_remedy(settings),
        )
        findings.extend([lifecycle] if lifecycle is not None else [])
    return findings


def _remedy(settings: WorkerSettings) -> Callable[[EvidenceUnavailableError], str | None]:
    """Which setting fixes a refusal from the lifecycle server, for this configuration."""
    from settings.remedies import setting_remedy

    token_set = settings.lifecycle_mcp_token is not None
    return lambda error: setting_remedy(error, token_set=token_set)
