"""`python app.py`'s own arguments: `--check`, `--check --live`, `--help`; anything else is
refused with the usage and exit 2 (a mistyped flag never starts the worker)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

DESCRIPTION = (
    "The TruthExpiry Slack worker (Socket Mode). Settings come from the environment and .env "
    "(see .env.sample); the environment wins. Before serving, it checks both Slack tokens with "
    "Slack and fetches the lifecycle catalog once; it runs until SIGTERM or SIGINT, then drains."
)
EXIT_CODES = (
    "exit status: 0 stopped cleanly or configuration OK; 1 Slack (or, with --check --live, the "
    "lifecycle server) could not be reached; 2 a setting is wrong or was refused"
)


@dataclass(frozen=True, slots=True)
class WorkerCommand:
    check: bool  # validate and exit, without serving
    live: bool  # with `check`: also ask Slack and the lifecycle server


def worker_command(argv: Sequence[str]) -> WorkerCommand:
    """The command `argv` asks for; `--help` prints the usage and exits 0, a bad argument
    prints it and exits 2."""
    parser = argparse.ArgumentParser(
        prog="python app.py", description=DESCRIPTION, epilog=EXIT_CODES
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="validate the configuration and exit (offline: contacts nothing unless the "
        "authority policy must be checked against the lifecycle catalog)",
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="with --check: also verify both tokens with Slack (auth.test, "
        "apps.connections.open) and fetch the lifecycle catalog",
    )
    args = parser.parse_args(list(argv))
    if args.live and not args.check:
        parser.error("--live goes with --check (the worker always checks live at start)")
    return WorkerCommand(check=args.check, live=args.live)
