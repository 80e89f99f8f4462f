"""How much the server takes on at once: connections, requests in flight, request sizes, and
time to send a request; set in `lifecycle_mcp.settings`, then fitted to the open-file limit.

Every open connection holds a file descriptor, and the probes, metrics, dataset file and the
event loops need some too. `fit_to_open_files` lowers the MCP connection cap so that a flood
of connections on `/mcp` can never take the descriptors the probe port needs to accept.
"""

from __future__ import annotations

import logging
import os
import resource
from dataclasses import dataclass, replace

MAX_HEAD_BYTES = 16 * 1024  # request line and headers, on every listener alike
KEEP_ALIVE_SECONDS = 5  # on every listener alike
RESERVED_FILES = 32  # dataset reads, logs, event loops and their wake-up pipes, listeners
FEWEST_CONNECTIONS = 8

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Limits:
    max_connections: int = 256  # open connections on the MCP port
    max_in_flight: int = 64  # requests to /mcp being served at once; more get 503
    read_timeout: float = 5.0  # to send a request head, and again its body
    max_body_bytes: int = 64 * 1024  # the largest lookup the input schema allows is about 52 KB
    side_connections: int = 16  # each of the probe and metrics listeners


def fit_to_open_files(limits: Limits, open_file_limit: int, files_in_use: int) -> Limits:
    """`limits` with the MCP connection cap lowered to what the descriptors left allow.

    The probe and metrics listeners keep their own connections, and a reserve stays free for
    the process itself; the MCP port gets the rest, at most its configured cap.
    """
    spare = open_file_limit - files_in_use - RESERVED_FILES - 2 * (limits.side_connections + 1)
    fitted = max(FEWEST_CONNECTIONS, min(limits.max_connections, spare))
    return replace(limits, max_connections=fitted, max_in_flight=min(limits.max_in_flight, fitted))


def fit_to_this_process(configured: Limits) -> Limits:
    """`configured`, fitted to this process's open-file limit; says so when the cap is lowered."""
    open_files = open_file_limit()
    limits = fit_to_open_files(configured, open_files, files_in_use())
    if limits.max_connections < configured.max_connections:
        logger.warning(
            "at most %d connections on the MCP port (not %d): the open-file limit is %d",
            limits.max_connections,
            configured.max_connections,
            open_files,
        )
    return limits


def open_file_limit() -> int:
    """The soft limit on open files, first raised to the hard limit where that is allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def files_in_use() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # not Linux: assume a small process
        return 16
