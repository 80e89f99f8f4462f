"""Suite-wide settings: no test may reach a real language model provider, and no property test
depends on how busy the machine is.

Tests use `FunctionModel` scripted replies, or a local OpenAI-compatible server on loopback that a
test allows explicitly with `models.override_allow_model_requests(True)`.

Hypothesis's per-example deadline (200 ms) and its "too slow" health check measure the machine,
not the code: on two cores shared with another test run they fail tests that are correct. The
`truthexpiry` profile drops both; every other setting keeps Hypothesis's default, and a module's
own `settings(...)` (made after this profile is loaded) inherits it.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from pydantic_ai import models

models.ALLOW_MODEL_REQUESTS = False

settings.register_profile(
    "truthexpiry", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("truthexpiry")
