"""Ports wrapped to time every call and count failures by bounded category, for metrics."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from truthexpiry.models.answering.claims import Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.questions import QuestionReading
from truthexpiry.models.errors import (
    EvidenceTimeoutError,
    EvidenceUnavailableError,
    SearchUnavailableError,
)
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import KeyHistories, RecordSelection
from truthexpiry.ops.metrics import OTHER_FAILURE, EvidenceFailure, Metrics, Port
from truthexpiry.ports import ClaimExtractor, LifecycleEvidence, LifecycleHistory, MessageSearch

T = TypeVar("T")


def _timed(metrics: Metrics, port: Port, call: Callable[[], T]) -> T:
    started = time.perf_counter()
    failure: str | None = None
    try:
        return call()
    except SearchUnavailableError as error:
        failure = error.category
        raise
    except EvidenceTimeoutError:
        failure = EvidenceFailure.TIMEOUT
        raise
    except EvidenceUnavailableError:
        failure = EvidenceFailure.UNAVAILABLE
        raise
    except Exception:
        failure = OTHER_FAILURE
        raise
    finally:
        metrics.port_call(port, time.perf_counter() - started, failure)


class TimedSearch:
    def __init__(self, inner: MessageSearch, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

    def search(
        self, query: str, *, limit: int, action_token: str | None = None
    ) -> Sequence[SearchMessage]:
        return _timed(
            self._metrics,
            Port.SEARCH,
            lambda: self._inner.search(query, limit=limit, action_token=action_token),
        )


class TimedEvidence:
    def __init__(self, inner: LifecycleEvidence, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

    def catalog(self) -> Catalog:
        return _timed(self._metrics, Port.CATALOG, self._inner.catalog)

    def lookup(self, key: ClaimKey) -> Sequence[LifecycleRecord]:
        return _timed(self._metrics, Port.EVIDENCE, lambda: self._inner.lookup(key))

    def histories_between(self, selection: RecordSelection, max_keys: int) -> KeyHistories:
        inner = self._inner
        if not isinstance(inner, LifecycleHistory):
            raise EvidenceUnavailableError("the evidence source cannot list records by date")
        return _timed(
            self._metrics, Port.HISTORY, lambda: inner.histories_between(selection, max_keys)
        )


class TimedExtractor:
    def __init__(self, inner: ClaimExtractor, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

    def extract(
        self, question: QuestionReading, messages: Sequence[SearchMessage], catalog: Catalog
    ) -> Extraction:
        return _timed(
            self._metrics, Port.EXTRACTION, lambda: self._inner.extract(question, messages, catalog)
        )
