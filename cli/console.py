"""Text between the command line and the terminal: arguments read as valid Unicode, errors
written as one bounded line, and a failure a setting can fix told which setting to set."""

from __future__ import annotations

import os
import re

from settings.remedies import TOKEN_VARIABLE, setting_remedy
from truthexpiry.models.errors import EvidenceTimeoutError, EvidenceUnavailableError
from truthexpiry.models.records.unicode_text import valid_text

MAX_ERROR_CHARS = 2000
_LINE_BREAKS = re.compile(r"[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]+")


def argument_text(argument: str) -> str:
    """A command-line argument as text: bytes that are not UTF-8 (which Python keeps as
    surrogates) become U+FFFD, so that everything printed from it is valid UTF-8."""
    try:
        raw = os.fsencode(argument)
    except UnicodeError:  # a lone surrogate that no byte produced
        return valid_text(argument)
    return raw.decode("utf-8", errors="replace")


def one_line(message: str) -> str:
    """An error message as one line of valid UTF-8, at most `MAX_ERROR_CHARS` long."""
    line = _LINE_BREAKS.sub(" ", valid_text(message))
    if len(line) > MAX_ERROR_CHARS:
        line = line[: MAX_ERROR_CHARS - 1] + "\u2026"
    return line


def with_remedy(error: EvidenceUnavailableError) -> str:
    """The reason the lifecycle server failed, plus the setting that fixes it when one does."""
    remedy = setting_remedy(error, token_set=bool(os.environ.get(TOKEN_VARIABLE)))
    if remedy is not None:
        return f"{error}: {remedy}"
    if isinstance(error, EvidenceTimeoutError):  # it answers, but slowly: not "is it running?"
        return f"{error}: raise --lifecycle-timeout if the server is busy or far away"
    if error.http_status == 404:
        return f"{error}: check the path of --lifecycle-url (the server answers at /mcp)"
    return f"{error}: check --lifecycle-url and that the lifecycle server is running"
