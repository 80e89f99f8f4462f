"""JSON log lines with a correlation ID per request, and nothing from content.

Each line is one JSON object: time, level, logger, message, the correlation ID of the request
being served, and only the extra fields named in `ALLOWED_FIELDS`. Exceptions are written as
their type and frames (file:line), never their message, which might quote what it failed on.
Used by the worker and the lifecycle MCP server alike.
"""

from __future__ import annotations

import json
import logging
import traceback
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

correlation_id: ContextVar[str | None] = ContextVar("correlation_id", default=None)

ALLOWED_FIELDS = ("entry_point", "outcome", "status", "port", "category", "seconds", "count")


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
            "message": record.getMessage(),
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
