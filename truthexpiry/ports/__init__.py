"""The ports the pipeline calls. Adapters satisfy them structurally; none inherits from them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Protocol, runtime_checkable

from truthexpiry.models.answering.claims import Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.questions import QuestionReading
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.records.claim_key import ClaimKey
from truthexpiry.models.records.lifecycle import LifecycleRecord
from truthexpiry.models.time.change_notices import ChangeNotice, Claimed
from truthexpiry.models.time.changes import KeyHistories, RecordSelection


class MessageSearch(Protocol):
    """Finds public messages relevant to a question. Raises `SearchUnavailableError`."""

    def search(
        self, query: str, *, limit: int, action_token: str | None = None
    ) -> Sequence[SearchMessage]: ...


class LifecycleEvidence(Protocol):
    """Authoritative lifecycle records. Raises `EvidenceUnavailableError` when the source cannot
    answer or answers something invalid: never an empty result in its place."""

    def catalog(self) -> Catalog: ...

    def lookup(self, key: ClaimKey) -> Sequence[LifecycleRecord]: ...


@runtime_checkable  # the composition root asks whether an evidence source also lists by date
class LifecycleHistory(Protocol):
    """Lifecycle records by effective date, for questions about changes. Raises
    `EvidenceUnavailableError` as `LifecycleEvidence` does. A source hands out a bounded number
    of keys at once; the answer says when more matched (`truncated`)."""

    def histories_between(self, selection: RecordSelection, max_keys: int) -> KeyHistories:
        """Every record of each key the selection picks, at most `max_keys` keys, in one
        call whatever the window or the dataset's size: a change question's whole evidence."""
        ...


class ClaimExtractor(Protocol):
    """Proposes claims and value questions. It never decides validity. `question` is the
    request's question as the pipeline read it, once: its text, and its statements completed
    from the thread's earlier questions (a follow-up such as "and on Pro?"). The messages'
    texts are read for this call only."""

    def extract(
        self, question: QuestionReading, messages: Sequence[SearchMessage], catalog: Catalog
    ) -> Extraction: ...


class Clock(Protocol):
    def today(self) -> date: ...


class Turns(Protocol):
    """Who runs first when questions are answered side by side. A question that lists changes
    or what is coming (its records over a window) costs several simple ones; once it is read
    as one, the pipeline calls `give_way`, and it waits until the simple questions being
    answered beside it are done (within a bounded wait), so that a heavy question never
    delays another person's simple one; it calls it again between its heavy steps, to wait for
    any that came meanwhile."""

    def give_way(self) -> None: ...


class NoTurns:
    """Every question runs at once (the command line, tests): nothing to give way to."""

    def give_way(self) -> None:
        return None


class EventDedup(Protocol):
    """Remembers event IDs so that a redelivered event is answered once, across replicas."""

    def first_time(self, event_id: str, *, redelivery: bool = False) -> bool:
        """True the first time `event_id` is seen (within the store's window), else False.
        `redelivery` says Slack is sending it again (its retry count is above zero)."""
        ...


class NoticeLedger(Protocol):
    """Which change notices have been posted, shared by every replica that may post them, so
    that each record is announced once (and once more for each correction). It keeps record IDs
    and `fingerprint`s only. It knows whether it has been kept since its last baseline: a
    ledger that lost what it knew (a Redis that came back empty, memory after a restart) says
    so rather than answer "never announced"."""

    def remembers(self) -> bool | None:
        """True when the ledger has been kept since its last baseline; False when it has none
        (nothing tells what was announced); None when it cannot answer now."""
        ...

    def claim(self, record_id: str, fingerprint: str) -> Claimed:
        """NEW or CORRECTED for the one caller that may post (the fingerprint is then recorded);
        ANNOUNCED when it was posted as it is; UNKNOWN when the ledger cannot answer now; LOST
        when it has no baseline."""
        ...

    def release(self, record_id: str, fingerprint: str, claimed: Claimed) -> None:
        """Give back a claim whose notice could not be posted, so that a later try posts it."""
        ...

    def rebaseline(self, announced: Sequence[tuple[str, str]]) -> bool:
        """Take these (record ID, fingerprint) pairs as announced, without a notice, and mark
        the ledger as kept from now, at once, unless it has a baseline by now; False when it
        could not or did not (nothing is written)."""
        ...


class ChangeNotices(Protocol):
    """Posts one change notice where people read them. Raises `NoticeNotPostedError`."""

    def post(self, notice: ChangeNotice, catalog: Catalog) -> None: ...
