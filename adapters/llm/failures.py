"""Why a model call failed, as a bounded reason: every exception maps to one, none escapes.

"Any failure" means every `Exception` the model, its provider, its HTTP client or the output
checks raise, and `asyncio.CancelledError` (a run cancelled on the loop reaches the caller as a
cancelled future). `KeyboardInterrupt` and `SystemExit` are not model failures: they stop the
process, as they should. Only the reason is kept, never the exception's text, which may quote
the model's answer or the evidence.
"""

from __future__ import annotations

import asyncio

import httpx2
import openai
from pydantic import ValidationError
from pydantic_ai.exceptions import (
    ModelAPIError,
    ModelRequestTimeout,
    ModelTimeoutError,
    UnexpectedModelBehavior,
    UsageLimitExceeded,
)

from truthexpiry.models.answering.notices import FallbackReason

# Checked in order: the first class an exception is an instance of decides.
_REASONS: tuple[tuple[tuple[type[BaseException], ...], FallbackReason], ...] = (
    (
        (TimeoutError, ModelTimeoutError, ModelRequestTimeout, openai.APITimeoutError),
        FallbackReason.TIMEOUT,
    ),
    (
        (ModelAPIError, OSError, openai.APIConnectionError, openai.APIStatusError),
        FallbackReason.UNAVAILABLE,
    ),
    ((httpx2.TransportError, httpx2.HTTPStatusError), FallbackReason.UNAVAILABLE),
    (
        (UnexpectedModelBehavior, UsageLimitExceeded, ValidationError, ValueError),
        FallbackReason.INVALID_OUTPUT,
    ),
)

# What `except` in the extractor catches: every model failure (see the module docstring).
MODEL_FAILURES = (Exception, asyncio.CancelledError)


def fallback_reason(error: BaseException) -> FallbackReason:
    """The reason to count and show for `error`; FAILED for anything not listed."""
    for classes, reason in _REASONS:
        if isinstance(error, classes):
            return reason
    return FallbackReason.FAILED
