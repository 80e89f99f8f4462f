"""The language model's settings: the live claim extractor's key, server, model and timeout.

`ModelSettings` is read by the command line's `--extractor live` on its own, and is the base of
the worker's settings (`settings/worker.py`), which read it only for the live extractor. Secrets
are `SecretStr`: their repr is `**********`; no message carries a value.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BeforeValidator, Field, SecretStr
from pydantic import field_validator as checks

from settings.environment import EnvironmentSettings, http_url, on_text, problem, seconds
from settings.tokens import character_problem

DEFAULT_MODEL = "gpt-4.1-mini"
_MODEL_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/@\-]{0,199}$")
MISSING_KEY = (
    "OPENAI_API_KEY is not set (TRUTH_EXPIRY_CLAIM_EXTRACTOR=live needs it; a local server that "
    "checks no key accepts any placeholder)"
)
MODEL_VARIABLES = (
    "OPENAI_API_KEY",
    "TRUTH_EXPIRY_LLM_BASE_URL",
    "TRUTH_EXPIRY_LLM_MODEL",
    "TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS",
)

Url = Annotated[str, BeforeValidator(http_url)]


def header_safe(value: str) -> str:
    """A secret that can be sent in an HTTP header: no spaces, visible ASCII only."""
    if (reason := character_problem(value)) is not None:
        raise problem(reason)
    return value


class ModelSettings(EnvironmentSettings):
    """The live claim extractor's model: `OPENAI_API_KEY`, and `TRUTH_EXPIRY_LLM_BASE_URL` for any
    OpenAI-compatible server, `TRUTH_EXPIRY_LLM_MODEL`, `TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS` (one
    extraction's bound, after which the rules answer)."""

    openai_api_key: Annotated[SecretStr | None, on_text(header_safe)] = Field(
        None, alias="OPENAI_API_KEY"
    )
    llm_base_url: Url | None = Field(None, alias="TRUTH_EXPIRY_LLM_BASE_URL")
    llm_model: str = Field(DEFAULT_MODEL, alias="TRUTH_EXPIRY_LLM_MODEL")
    llm_timeout_seconds: Annotated[float, BeforeValidator(seconds(60))] = Field(
        5.0, alias="TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS"
    )

    @checks("llm_model")
    @classmethod
    def _model_name(cls, value: str) -> str:
        if not _MODEL_NAME.match(value):
            raise problem("must be a model name without spaces")
        return value

    def missing_key(self) -> str | None:
        """Why the model cannot be called, or None."""
        return MISSING_KEY if self.openai_api_key is None else None
