"""The worker's logging: JSON lines (`truthexpiry.ops.logs`) on stderr, libraries kept quiet.

Libraries that would log request bodies at DEBUG (the Slack SDK logs the search query and the
action token; Bolt logs whole event payloads) are held at WARNING whatever the level asked for.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

from truthexpiry.ops.logs import JsonFormatter, correlation_id, request_scope

__all__ = ["configure_logging", "correlation_id", "quiet_library_logger", "request_scope"]

_QUIET = ("slack_sdk", "slack_bolt", "httpx2", "httpcore", "mcp", "uvicorn.access", "urllib3")


def quiet_library_logger(name: str) -> logging.Logger:
    """A logger held at WARNING for a library that copies the root level onto its own loggers
    (Bolt does: at DEBUG it would log every event payload, message text included)."""
    logger = logging.getLogger(name)
    logger.setLevel(logging.WARNING)
    return logger


def configure_logging(level: str = "INFO", stream: TextIO | None = None) -> None:
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in _QUIET:
        logging.getLogger(name).setLevel(logging.WARNING)
