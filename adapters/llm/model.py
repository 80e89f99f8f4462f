"""The model behind the live extractor: any OpenAI-compatible chat completions server.

The SDK's own retries are off: the extractor has one deadline and its own fallback, so a server
that is down is reported at once instead of after several back-offs.
"""

from __future__ import annotations

from openai import AsyncOpenAI
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

from truthexpiry.config.llm import LlmSettings


def openai_compatible_model(settings: LlmSettings) -> OpenAIChatModel:
    client = AsyncOpenAI(
        api_key=settings.api_key.reveal(),
        base_url=settings.base_url,
        max_retries=0,
        timeout=settings.timeout_seconds,
    )
    return OpenAIChatModel(settings.model, provider=OpenAIProvider(openai_client=client))
