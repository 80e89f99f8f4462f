"""Settings of the language-model claim extractor (`TRUTH_EXPIRY_CLAIM_EXTRACTOR=live`).

`OPENAI_API_KEY` is a secret; `TRUTH_EXPIRY_LLM_BASE_URL` points at any OpenAI-compatible server
(vLLM, Ollama, a gateway); `TRUTH_EXPIRY_LLM_MODEL` names the model there;
`TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS` bounds one extraction, after which the rules extractor answers.
Problems name the variable, never a value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from truthexpiry.config.environment import http_url, seconds
from truthexpiry.config.secrets import SecretValue
from truthexpiry.config.tokens import character_problem

DEFAULT_MODEL = "gpt-4.1-mini"
DEFAULT_TIMEOUT_SECONDS = 5.0
_MODEL_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/@\-]{0,199}$")


@dataclass(frozen=True, slots=True)
class LlmSettings:
    api_key: SecretValue
    base_url: str | None  # None: the provider's default endpoint
    model: str
    timeout_seconds: float


def llm_settings(environ: Mapping[str, str], problems: list[str]) -> LlmSettings:
    """The live extractor's settings; each problem is appended to `problems`."""
    key = environ.get("OPENAI_API_KEY", "").strip()
    if not key:
        problems.append(
            "OPENAI_API_KEY is not set (TRUTH_EXPIRY_CLAIM_EXTRACTOR=live needs it; a local "
            "server that checks no key accepts any placeholder)"
        )
    elif (problem := character_problem(key)) is not None:
        problems.append(f"OPENAI_API_KEY {problem}")
    base_url = http_url(environ, "TRUTH_EXPIRY_LLM_BASE_URL", problems)
    model = environ.get("TRUTH_EXPIRY_LLM_MODEL", "").strip() or DEFAULT_MODEL
    if not _MODEL_NAME.match(model):
        problems.append("TRUTH_EXPIRY_LLM_MODEL must be a model name without spaces")
        model = DEFAULT_MODEL
    timeout = seconds(
        environ, "TRUTH_EXPIRY_LLM_TIMEOUT_SECONDS", DEFAULT_TIMEOUT_SECONDS, problems, high=60
    )
    return LlmSettings(SecretValue(key), base_url, model, timeout)
