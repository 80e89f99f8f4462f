"""The one pipeline every entry point uses: search, extract, fetch evidence, label.

A question is read once, first (`read_question`): in a thread, completed from the earlier
questions; relative to the request's as-of date or the clock's, never the system clock behind
its back). A change question also gets the transitions
in its window, a question about what is coming the records still to take effect, and a claim
about a date or a period is judged as of that date, with the changes inside the period.
A question that lists records over a window (changes, what is coming) is read before anything
is searched, and gives way (`Turns`) to the simple questions answered beside it.

Everything built here lives for one `run` call: the pipeline object holds only its ports.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from truthexpiry.models.answering.claims import Claim, Extraction
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.answering.notices import (
    EvidenceUnavailable,
    ModelFallback,
    Notice,
    ProposalsDropped,
    SearchUnavailable,
)
from truthexpiry.models.answering.questions import QuestionReading
from truthexpiry.models.answering.requests import TruthExpiryRequest, TruthExpiryResponse
from truthexpiry.models.answering.verdicts import Answer, Verdict
from truthexpiry.models.errors import EvidenceUnavailableError, SearchUnavailableError
from truthexpiry.models.records.authority import AuthorityPolicy
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.time.changes import ChangeSubject, Histories, TimeReport
from truthexpiry.models.time.periods import AsOfSource, TimeQuestion, TimeReading
from truthexpiry.ports import (
    ClaimExtractor,
    Clock,
    LifecycleEvidence,
    LifecycleHistory,
    MessageSearch,
    NoTurns,
    Turns,
)
from truthexpiry.reading.question import read_question
from truthexpiry.rules.owners import OwnerEvidence
from truthexpiry.services.notices import nothing_to_check
from truthexpiry.services.request_run import RequestRun
from truthexpiry.time.ahead import for_period_ahead
from truthexpiry.time.answers import TimeAnswers

MAX_CLAIMS = 60
_SEARCHED_NAMES = 4  # the question's statements whose record names are searched for too
_SEARCHED_ALIASES = 8  # and the first aliases of each one's entity
# Read once: an enum's member read through its class is a lookup each time (every request).
_AS_OF, _CHANGES = TimeQuestion.AS_OF, TimeQuestion.CHANGES
_OPTION, _QUESTION = AsOfSource.OPTION, AsOfSource.QUESTION


class TruthExpiryPipeline:
    def __init__(
        self,
        *,
        search: MessageSearch,
        evidence: LifecycleEvidence,
        extractor: ClaimExtractor,
        clock: Clock,
        authority: AuthorityPolicy | None = None,
        history: LifecycleHistory | None = None,
        turns: Turns | None = None,
    ) -> None:
        self._search = search
        self._evidence = evidence
        self._extractor = extractor
        self._clock = clock
        self._authority = authority
        self._history = history
        self._turns = NoTurns() if turns is None else turns

    def run(self, request: TruthExpiryRequest) -> TruthExpiryResponse:
        today = self._clock.today()  # read once: the whole request speaks of one day
        as_of = request.as_of or today
        try:
            catalog = self._evidence.catalog()
        except EvidenceUnavailableError as error:
            return TruthExpiryResponse(as_of, (), notices=(EvidenceUnavailable(str(error)),))
        notices: list[Notice] = []
        question = "" if request.subject_message else request.question
        read = read_question(question, request.earlier_questions, as_of, catalog)
        asked = read.time
        reading = asked.reading
        listing = reading is not None and reading.kind is not _AS_OF
        if listing:
            self._turns.give_way()  # it lists records over a window: simple questions first
        messages = self._messages(request, _search_text(request, read, catalog), notices)
        judged_on, source = _judgement(reading, as_of)
        extraction = self._extractor.extract(read, messages, catalog)
        checking = request.subject_message is not None
        verdicts, answers = self._judge(
            extraction, catalog, judged_on, today, notices, checking=checking
        )
        if reading is not None and reading.kind is _AS_OF and reading.window.start > as_of:
            verdicts = tuple(for_period_ahead(v, reading.window, catalog) for v in verdicts)
        time = None
        if reading is not None:
            if listing:
                self._turns.give_way()  # again before the window's records: to any that came
            timelines = _timelines(verdicts, answers)
            time = self._time_report(
                reading,
                asked.subjects,
                catalog=catalog,
                timelines=timelines,
                as_of=as_of,
                notices=notices,
            )
        if extraction.fallback:
            notices.append(ModelFallback(extraction.fallback))
        if extraction.proposals_dropped:
            notices.append(ProposalsDropped(extraction.proposals_dropped))
        lists = time is not None and time.lists
        if not (request.subject_message or extraction.question_claims or answers or lists):
            notices.append(nothing_to_check(extraction.topics, catalog))
        return TruthExpiryResponse(
            judged_on,
            verdicts,
            answers,
            tuple(notices),
            len(messages),
            time,
            source,
            today=today,
        )

    def _judge(
        self,
        extraction: Extraction,
        catalog: Catalog,
        judged_on: date,
        today: date,
        notices: list[Notice],
        *,
        checking: bool,
    ) -> tuple[tuple[Verdict, ...], tuple[Answer, ...]]:
        """Verdicts on the claims and answers to the value questions, as of `judged_on`
        (`today` is the clock's date). `checking` one message (the shortcut): its claims, and
        no owner evidence."""
        owners = OwnerEvidence(self._authority, judged_on)
        run = RequestRun(self._evidence, catalog, judged_on, owners, today)
        if not checking:  # owner evidence comes only from searched messages
            run.collect_owner_evidence(extraction.message_claims)
        found = extraction.message_claims if checking else _on_topic(extraction)
        claims = (*extraction.question_claims, *found)[:MAX_CLAIMS]
        verdicts = tuple(run.verdict(claim) for claim in claims)
        answers = tuple(a for q in extraction.value_queries if (a := run.answer(q, notices)))
        return verdicts, answers

    def _time_report(
        self,
        reading: TimeReading,
        subjects: tuple[ChangeSubject, ...],
        *,
        catalog: Catalog,
        timelines: Histories,
        as_of: date,
        notices: list[Notice],
    ) -> TimeReport:
        answering = self._answers(catalog)
        try:
            if reading.kind is _AS_OF:
                judged_on, _ = _judgement(reading, as_of)
                return answering.in_period(reading, timelines, judged_on, as_of)
            if reading.kind is _CHANGES:
                return answering.changes(reading, subjects)
            return answering.coming(reading, subjects, as_of)
        except EvidenceUnavailableError as error:
            notices.append(EvidenceUnavailable(str(error)))
            return TimeReport(reading, unavailable=True)

    def _answers(self, catalog: Catalog) -> TimeAnswers:
        return TimeAnswers(self._history, catalog, self._authority)

    def _messages(
        self, request: TruthExpiryRequest, text: str, notices: list[Notice]
    ) -> Sequence[SearchMessage]:
        if request.subject_message is not None:
            return (request.subject_message,)
        try:
            return self._search.search(
                text, limit=request.max_messages, action_token=request.action_token
            )
        except SearchUnavailableError as error:
            notices.append(SearchUnavailable(error.category, error.retry_after))
            return ()


def _search_text(request: TruthExpiryRequest, read: QuestionReading, catalog: Catalog) -> str:
    """What to search Slack for: the question's words (`search_text`), then the records' own
    names for what it was read to be about. People write "booking online" where a colleague
    wrote "web fare", "carry-on" where another wrote "hand luggage"; searched by the question's
    words alone, that message is never found.
    The question's words come first, so a bounded search plan keeps them."""
    names: list[str] = []
    for statement in read.statements[:_SEARCHED_NAMES]:
        entity = catalog.entities.get(statement.entity)
        names.append(entity.label if entity else statement.entity.replace("_", " "))
        names += entity.aliases[:_SEARCHED_ALIASES] if entity else ()
        info = catalog.attributes.get((statement.entity, statement.attribute or ""))
        if info is not None:
            names.append(info.label)
    return " ".join((request.search_text, *dict.fromkeys(names)))


def _judgement(reading: TimeReading | None, as_of: date) -> tuple[date, AsOfSource]:
    """The date to judge claims on: the one the question names, unless it is still ahead (a
    future date never makes a record authoritative: then the as-of date, and what is coming)."""
    if reading is None or reading.kind is not _AS_OF or reading.judge_on > as_of:
        return as_of, _OPTION
    return reading.judge_on, _QUESTION


def _timelines(verdicts: Sequence[Verdict], answers: Sequence[Answer]) -> Histories:
    """Every record of each key the question asked about, from its verdicts and answers."""
    judged = [(v.key, v.timeline) for v in verdicts if v.claim.source == "question"]
    judged += [(a.key, a.timeline) for a in answers]
    return {key: timeline for key, timeline in judged if timeline}


def _on_topic(extraction: Extraction) -> tuple[Claim, ...]:
    """Message claims about what the question mentioned: a question about nothing we know gets
    a notice, not verdicts on whatever the search happened to find. Claims about a neighbouring
    attribute of the same entity are kept, and the replies count them apart."""
    return tuple(c for c in extraction.message_claims if c.entity in extraction.topics)
