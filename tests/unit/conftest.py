"""Fixtures shared by the unit tests."""

from __future__ import annotations

import pytest

from adapters.composition import in_process_evidence
from truthexpiry.models.catalog import Catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The embedded demo dataset's catalog."""
    return in_process_evidence(None).catalog()
