"""Fixtures shared by the unit tests."""

from __future__ import annotations

import pytest

from bootstrap import dataset_evidence
from truthexpiry.models.records.catalog import Catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The embedded demo dataset's catalog."""
    return dataset_evidence(None).catalog()
