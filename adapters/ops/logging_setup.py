"""A library logger held quiet whatever level the process logs at (the set-up itself is
`truthexpiry.ops.logs.configure_logging`)."""

from __future__ import annotations

import logging


def quiet_library_logger(name: str) -> logging.Logger:
    """A logger held at WARNING for a library that copies the root level onto its own loggers
    (Bolt does: at DEBUG it would log every event payload, message text included)."""
    logger = logging.getLogger(name)
    logger.setLevel(logging.WARNING)
    return logger
