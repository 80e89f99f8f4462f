"""The model behind the live extractor: any OpenAI-compatible chat completions server.

The SDK's own retries are off: the extractor has one deadline and its own fallback, so a server
that is down is reported at once instead of after several back-offs.
"""

from __future__ import annotations

from openai import AsyncOpenAI
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider


def openai_compatible_model(
    model: str, *, api_key: str, base_url: str | None, timeout: float
) -> OpenAIChatModel:
    """`model` at `base_url` (None: the provider's own endpoint)."""
    client = AsyncOpenAI(api_key=api_key, base_url=base_url, max_retries=0, timeout=timeout)
    return OpenAIChatModel(model, provider=OpenAIProvider(openai_client=client))
