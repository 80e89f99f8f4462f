"""Hand-written fakes for the ports, wired through the composition root (`bootstrap`).

Each records what it was asked and raises the same domain errors as the real adapter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date

from truthexpiry.catalog.derive import derive_catalog
from truthexpiry.models.answering.claims import Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.questions import QuestionReading
from truthexpiry.models.errors import EvidenceUnavailableError, SearchUnavailableError
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.changes import KeyHistories, RecordListing, RecordSelection


@dataclass
class FixedClock:
    day: date

    def today(self) -> date:
        return self.day


@dataclass
class FakeMessageSearch:
    """Returns its messages, in order, up to the limit. `failure` makes every search fail."""

    messages: Sequence[SearchMessage] = ()
    failure: SearchUnavailableError | None = None
    calls: int = 0
    tokens_seen: list[bool] = field(default_factory=list)  # whether a token came, never its value

    def search(
        self, query: str, *, limit: int, action_token: str | None = None
    ) -> list[SearchMessage]:
        del query  # a fake keeps nothing of the question
        self.calls += 1
        self.tokens_seen.append(action_token is not None)
        if self.failure is not None:
            raise self.failure
        return list(self.messages[:limit])


class FakeLifecycleEvidence:
    """Records in memory. `unavailable` makes lookups (or the catalog) fail like a dead server."""

    def __init__(
        self,
        records: Sequence[LifecycleRecord],
        *,
        unavailable: bool = False,
        catalog_unavailable: bool = False,
    ) -> None:
        self._records = tuple(records)
        self._catalog = derive_catalog(self._records, "fake")
        self.unavailable = unavailable
        self.catalog_unavailable = catalog_unavailable
        self.lookups: list[ClaimKey] = []
        self.windows: list[RecordSelection] = []

    def catalog(self) -> Catalog:
        if self.catalog_unavailable:
            raise EvidenceUnavailableError("fake evidence source is down")
        return self._catalog

    def lookup(self, key: ClaimKey) -> tuple[LifecycleRecord, ...]:
        self.lookups.append(key)
        if self.unavailable:
            raise EvidenceUnavailableError("fake evidence source is down")
        return tuple(r for r in self._records if r.key == key)

    def records_between(self, selection: RecordSelection) -> RecordListing:
        self.windows.append(selection)
        if self.unavailable:
            raise EvidenceUnavailableError("fake evidence source is down")
        return RecordListing(selection, self._selected(selection))

    def histories_between(self, selection: RecordSelection, max_keys: int) -> KeyHistories:
        """Every record of the keys with a selected record, in order of the first of them."""
        self.windows.append(selection)
        if self.unavailable:
            raise EvidenceUnavailableError("fake evidence source is down")
        keys = tuple(dict.fromkeys(r.key for r in self._selected(selection)))
        histories = {key: tuple(r for r in self._records if r.key == key) for key in keys}
        shown = dict(list(histories.items())[:max_keys])
        version = self._catalog.version
        return KeyHistories(selection, shown, len(keys) > max_keys, max_keys, version)

    def _selected(self, selection: RecordSelection) -> tuple[LifecycleRecord, ...]:
        found = (r for r in self._records if selection.matches(r))
        return tuple(sorted(found, key=lambda r: (r.effective_date, r.record_id)))


@dataclass
class FakeClaimExtractor:
    """Returns a scripted extraction, whatever the text."""

    extraction: Extraction = field(default_factory=Extraction)
    calls: int = 0
    in_thread: list[bool] = field(default_factory=list)  # whether each question followed others

    def extract(
        self, question: QuestionReading, messages: Sequence[SearchMessage], catalog: Catalog
    ) -> Extraction:
        del messages, catalog
        self.calls += 1
        self.in_thread.append(question.in_thread)
        return self.extraction


@dataclass
class RecordingMetrics:
    """Keeps every measurement, for tests that check what was counted; serves nothing."""

    requests: list[tuple[str, str]] = field(default_factory=list)  # (entry point, outcome)
    verdicts: list[str] = field(default_factory=list)
    port_calls: list[tuple[str, str | None]] = field(default_factory=list)  # (port, failure)
    votes: list[str] = field(default_factory=list)
    readiness: list[bool] = field(default_factory=list)
    reconnects: int = 0
    exported: dict[str, Callable[[], dict[str, int]]] = field(default_factory=dict)

    def request_finished(self, entry_point: str, outcome: str, seconds: float) -> None:
        del seconds
        self.requests.append((entry_point, outcome))

    def verdict(self, status: str) -> None:
        self.verdicts.append(status)

    def port_call(self, port: str, seconds: float, failure: str | None) -> None:
        del seconds
        self.port_calls.append((port, failure))

    def reconnected(self) -> None:
        self.reconnects += 1

    def set_ready(self, ready: bool) -> None:
        self.readiness.append(ready)

    def feedback(self, vote: str) -> None:
        self.votes.append(vote)

    def export_counts(
        self, name: str, help_text: str, snapshot: Callable[[], dict[str, int]]
    ) -> None:
        del help_text
        self.exported[name] = snapshot

    def serve(self, port: int, host: str) -> None:
        del port, host

    def close(self) -> None:
        return None
