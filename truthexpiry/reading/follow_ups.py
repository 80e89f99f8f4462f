"""Follow-ups in a thread: "and on Pro?", "what about the rate limit?", "and in the EU?".

A follow-up takes what it does not state from the question before it in the same thread. The
thread's earlier questions are read in order, each in the light of the one before, so that "and
on Team?" after "and on Pro?" after "is report export available on Starter?" asks about report
export on Team. The rule, per statement of the earlier question (its *subject*):

- A follow-up that names no entity is about the subject: its entity, and its attribute unless the
  follow-up names another attribute of that entity ("and the retention?"). It keeps every scope
  value of the subject that it does not replace ("on Team" replaces `plan`, keeps `region`), and
  the subject's value when it states none and stays on the same attribute: "and on Team?" after
  "is report export available on Starter?" asks whether it is available on Team. A follow-up that
  states nothing about the subject (no scope value, attribute or value: "thanks!") says nothing,
  unless it names a date or a period ("and in March 2025?"): then it asks the subject's question
  again, to be judged as of then.
- A value taken from the subject, not stated in the follow-up, is marked `carried`: it is judged
  as before, but worded as the earlier question's value, never as what the user now assumes.
- A follow-up that names its own subject keeps its own value, or asks for the value; it takes the
  attribute of the earlier subject when it names only the same entity, and only the scope values
  its subject would otherwise miss (a key with no `global` record): "what about the rate limit?"
  after a question about Starter asks about Starter's rate limit, while a region that defaults to
  `global` is not carried into a new topic.

A question that states everything is read as it would be alone. Pure: the texts are read here
and nothing of them is kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from truthexpiry.models.answering.questions import Statement
from truthexpiry.models.records.claim_key import Scope
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex
from truthexpiry.reading.reader import read
from truthexpiry.reading.time.phrases import names_a_date
from truthexpiry.rules.scope import GLOBAL
from truthexpiry.text.tokens import Sentence

MAX_EARLIER_QUESTIONS = 5  # the thread's last questions read for a follow-up
_MAX_SCOPES = 8  # scope combinations per statement, as the reader bounds them


def statements_in_thread(
    question: Sequence[Sentence], earlier: Sequence[Sequence[Sentence]], index: VocabularyIndex
) -> list[Statement]:
    """The statements of `question`, completed from the thread's `earlier` questions (oldest
    first; the last `MAX_EARLIER_QUESTIONS` are read)."""
    subjects: list[Statement] = []
    for text in earlier[-MAX_EARLIER_QUESTIONS:]:
        subjects = [s for s in follow_up(text, subjects, index) if s.attribute] or subjects
    return follow_up(question, subjects, index)


def follow_up(
    text: Sequence[Sentence], subjects: Sequence[Statement], index: VocabularyIndex
) -> list[Statement]:
    """The statements of `text` read as a follow-up to `subjects` (statements with an
    attribute); without subjects, as `text` alone."""
    own = _statements(text, index)
    if not subjects:
        return own
    if own:
        return _unique(_completed(statement, subjects, index) for statement in own)
    carried = []
    for subject in subjects:
        assert subject.attribute is not None
        for statement in _statements(text, index, subject=(subject.entity, subject.attribute)):
            if statement.entity == subject.entity and _says(statement, subject):
                carried.append(_carried(statement, subject, index))
    if not carried and names_a_date(text):  # the same question, as of the date or period named
        return [replace(s, carried=s.carried or s.value is not None) for s in subjects]
    return _unique(carried)


def _statements(
    text: Sequence[Sentence], index: VocabularyIndex, subject: tuple[str, str] | None = None
) -> list[Statement]:
    return [s for sentence in text for s in read(sentence, index, subject=subject)]


def _says(statement: Statement, subject: Statement) -> bool:
    """Whether a follow-up read against `subject` states anything of its own: a value, a scope
    value, or another attribute."""
    return (
        statement.value is not None
        or bool(statement.scopes)
        or statement.attribute not in (None, subject.attribute)
    )


def _carried(statement: Statement, subject: Statement, index: VocabularyIndex) -> Statement:
    """A follow-up about the subject's entity: the subject's scope values it does not replace,
    and the subject's value when it states none and stays on the same attribute."""
    assert statement.attribute is not None
    keys = set(index.infos[(statement.entity, statement.attribute)].scope_values)
    scopes = _merged(statement.scopes, subject.scopes, keys)
    value, carried = statement.value, False
    if value is None and statement.attribute == subject.attribute:
        value, carried = subject.value, subject.value is not None
    return Statement(statement.entity, statement.attribute, scopes, value, value is None, carried)


def _completed(
    statement: Statement, subjects: Sequence[Statement], index: VocabularyIndex
) -> Statement:
    """A follow-up that names its own subject: the attribute of an earlier subject of the same
    entity when it names none, and the scope values it would otherwise miss. In a thread every
    message is a question: without a value, it asks for one."""
    attribute = statement.attribute
    if attribute is None:
        same_entity = [s.attribute for s in subjects if s.entity == statement.entity]
        attribute = same_entity[0] if same_entity else None
    if attribute is None or (statement.entity, attribute) not in index.infos:
        return statement
    values = index.infos[(statement.entity, attribute)].scope_values
    stated = {key for scope in statement.scopes for key, _ in scope}
    missing = {key for key, known in values.items() if GLOBAL not in known} - stated
    inherited = tuple(scope for subject in subjects for scope in subject.scopes)
    scopes = _merged(statement.scopes, inherited, missing)
    asks = statement.asks_value or statement.value is None
    return Statement(statement.entity, attribute, scopes, statement.value, asks)


def _merged(
    own: tuple[Scope, ...], earlier: tuple[Scope, ...], keys: set[str]
) -> tuple[Scope, ...]:
    """Each of `own`'s scope combinations completed with each earlier combination's values of
    `keys` that it does not state; bounded like the reader's."""
    theirs = list(dict.fromkeys(tuple(p for p in scope if p[0] in keys) for scope in earlier))
    combos = []
    for mine in own or ((),):
        stated = {key for key, _ in mine}
        for earlier_scope in theirs or [()]:
            kept = tuple(p for p in earlier_scope if p[0] not in stated)
            combos.append(tuple(sorted((*mine, *kept))))
    return tuple(dict.fromkeys(c for c in combos if c))[:_MAX_SCOPES]


def _unique(statements: Iterable[Statement]) -> list[Statement]:
    return list(dict.fromkeys(statements))
