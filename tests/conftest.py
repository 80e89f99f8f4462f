"""Suite-wide settings: no test may reach a real language model provider, and nothing in the
suite depends on how busy the machine is.

Tests use `FunctionModel` scripted replies, or a local OpenAI-compatible server on loopback that a
test allows explicitly with `models.override_allow_model_requests(True)`.

Hypothesis's per-example deadline (200 ms) and its "too slow" health check measure the machine,
not the code: on two cores shared with another test run they fail tests that are correct. The
`truthexpiry` profile drops both and runs each property on Hypothesis's default 100 examples
(a module's own `settings(...)`, made after the profile is loaded, inherits it; a few properties
that run a whole reading per example ask for fewer). For a deeper search before a release,
`pytest --hypothesis-profile=thorough` runs every property that does not set its own count on
1,000 examples; a failing example either profile finds is kept in `.hypothesis/` and replayed
first by every later run.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from pydantic_ai import models

from devtools.lifecycle_server import LocalLifecycleServer

models.ALLOW_MODEL_REQUESTS = False

for _profile, _examples in (("truthexpiry", 100), ("thorough", 1000)):
    settings.register_profile(
        _profile,
        max_examples=_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.load_profile("truthexpiry")


@pytest.fixture(scope="session")
def shared_lifecycle() -> Iterator[LocalLifecycleServer]:
    """One lifecycle MCP server on the packaged dataset per test process (each xdist worker has
    its own), started when a test first asks for it, for every test that only reads from it.
    Each start costs about 2 s of CPU (importing the MCP SDK); a test that stops, restarts or
    reconfigures a server, or counts its requests, starts its own."""
    with LocalLifecycleServer() as server:
        yield server


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish() -> None:
    """Collect the session's garbage now, then freeze what is left.

    An xdist worker reports itself finished after this hook; from then on execnet gives it 5 s to
    exit before it sends the worker SIGINT. pytest's last step is a full `gc.collect()` over
    everything the session still holds (about 350,000 objects), which took 3-5 s on two loaded
    cores, so the SIGINT landed inside it, in Hypothesis's gc callback: a `KeyboardInterrupt`
    traceback on stderr from a passing run. Collected here, while the controller still waits,
    and frozen, pytest's collections at exit only visit what is made after this point. Anything
    a finalizer raises here still reaches pytest's unraisable-exception report."""
    gc.collect()
    gc.freeze()
