"""JSON log lines with a correlation ID per request, and nothing from content.

Each line is one JSON object: time, level, logger, message, the correlation ID of the request
being served, and only the extra fields named in `ALLOWED_FIELDS`. Exceptions are written as
their type and frames (file:line), never their message, which might quote what it failed on.
A library's warnings and errors, and any library line carrying an exception, keep only the
format string they were logged with: their values (often the exception's message, a Slack API
response, a request) are withheld, since the project cannot vouch for them.
`configure_logging` is the one set-up, used by the worker and the lifecycle MCP server alike:
JSON lines on stderr, and the libraries that would log request bodies (the Slack SDK logs the
search query and the action token; Bolt logs whole event payloads) held at WARNING whatever the
level asked for.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TextIO

correlation_id: ContextVar[str | None] = ContextVar("correlation_id", default=None)

OWN_LOGGERS = (
    "truthexpiry", "adapters", "listeners", "lifecycle_mcp", "agent", "cli", "settings",
    "devtools", "bench", "bootstrap", "app", "__main__",
)  # fmt: skip
WITHHELD = "(a library's message; its values are withheld)"
ALLOWED_FIELDS = ("entry_point", "outcome", "status", "port", "category", "seconds", "count")
QUIET_LIBRARIES = (
    "slack_sdk",
    "slack_bolt",
    "httpx2",
    "httpcore",
    "httpcore2",  # the MCP client's transport: at DEBUG it logs every request and its headers
    "websocket",  # the Socket Mode transport (websocket-client)
    "redis",
    "mcp",
    "sse_starlette",
    "uvicorn",
    "uvicorn.access",
    "uvicorn.error",
    "urllib3",
)


def configure_logging(level: str = "INFO", stream: TextIO | None = None) -> None:
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in QUIET_LIBRARIES:
        logging.getLogger(name).setLevel(logging.WARNING)


@contextmanager
def request_scope() -> Iterator[str]:
    """A fresh correlation ID for the log lines of one request."""
    token = correlation_id.set(uuid.uuid4().hex[:16])
    try:
        yield correlation_id.get() or ""
    finally:
        correlation_id.reset(token)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": _message(record),
        }
        request = correlation_id.get()
        if request:
            entry["correlation_id"] = request
        for name in ALLOWED_FIELDS:
            if hasattr(record, name):
                entry[name] = getattr(record, name)
        if record.exc_info and record.exc_info[0] is not None:
            kind, _, tb = record.exc_info
            frames = traceback.extract_tb(tb)
            entry["exception"] = kind.__name__
            entry["frames"] = [f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno}" for f in frames][-8:]
        return json.dumps(entry, default=str)


def _message(record: logging.LogRecord) -> str:
    if record.name.split(".", 1)[0] in OWN_LOGGERS:
        return record.getMessage()
    if record.levelno < logging.WARNING and not record.exc_info:
        return record.getMessage()
    return str(record.msg) if record.args else WITHHELD
