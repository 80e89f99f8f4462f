"""Suite-wide settings: no test may reach a real language model provider.

Tests use `FunctionModel` scripted replies, or a local OpenAI-compatible server on loopback that a
test allows explicitly with `models.override_allow_model_requests(True)`.
"""

from __future__ import annotations

from pydantic_ai import models

models.ALLOW_MODEL_REQUESTS = False
