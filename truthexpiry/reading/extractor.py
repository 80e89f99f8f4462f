"""The default claim extractor: deterministic rules over the catalog's vocabulary."""

from __future__ import annotations

from collections.abc import Sequence

from truthexpiry.models.answering.claims import Claim, ClaimSource, Extraction, ValueQuery
from truthexpiry.models.answering.messages import MessageRef, SearchMessage
from truthexpiry.models.answering.questions import QuestionReading, Statement
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.reading.lexicon.text_screen import TextTest, text_screen
from truthexpiry.reading.lexicon.vocabulary import VocabularyIndex, vocabulary_index
from truthexpiry.reading.reader import read
from truthexpiry.text.tokens import read_form, sentences


class RulesClaimExtractor:
    """Finds claims by matching the catalog's names, scope values and value vocabulary.

    The matching index is built once per catalog (`vocabulary_index`, by fingerprint); it holds
    catalog vocabulary only, never text from a request.

    When the question names topics, a message's sentence is read only if it may be about one of
    them: the message's lower-cased text holds one of their words (`text_screen`, before it is
    tokenised) and the sentence's tokens pass `TopicScreen`. The pipeline keeps no other message
    claim. With
    `every_message`, every sentence is read: for a model's extraction, which may add topics the
    rules did not read, and checks its proposals against what the rules read in each message.
    """

    def __init__(self, *, every_message: bool = False) -> None:
        self._every_message = every_message

    def extract(
        self, question: QuestionReading, messages: Sequence[SearchMessage], catalog: Catalog
    ) -> Extraction:
        """The question's statements as the pipeline read them (completed from its thread by
        `follow_ups.py`), and every message's, read here."""
        index = vocabulary_index(catalog)
        claims: list[Claim] = []
        queries: list[ValueQuery] = []
        topics: list[str] = []
        for statement in question.statements:
            topics.append(statement.entity)
            if statement.attribute is None:
                continue
            if statement.value is not None:
                claims.extend(_claims(statement, statement.attribute, ClaimSource.QUESTION, None))
            elif statement.asks_value:
                queries.extend(
                    ValueQuery(statement.entity, statement.attribute, scope)
                    for scope in statement.scopes or ((),)
                )
        message_claims: list[Claim] = []
        screened = frozenset() if self._every_message else frozenset(topics)
        keep = text_screen(index.screen, catalog.fingerprint, screened) if screened else None
        for message in messages:
            for statement in _statements(message.content, index, screened, keep):
                if statement.attribute is not None and statement.value is not None:
                    message_claims.extend(
                        _claims(statement, statement.attribute, ClaimSource.MESSAGE, message.ref)
                    )
        return Extraction(
            question_claims=_unique(claims),
            value_queries=tuple(dict.fromkeys(queries)),
            message_claims=_unique(message_claims),
            topics=tuple(dict.fromkeys(topics)),
        )


def _statements(
    text: str, index: VocabularyIndex, topics: frozenset[str], keep: TextTest | None
) -> list[Statement]:
    """The statements of `text`, from the sentences that may be about `topics` (all of them
    when there are none): none when `keep` does not keep its text (it is not even tokenized),
    else those of its sentences whose tokens pass the screen."""
    if keep is not None and not keep(read_form(text)):
        return []
    return [
        statement
        for sentence in sentences(text)
        if not topics or index.screen.may_be_about(sentence.tokens, topics)
        for statement in read(sentence, index)
    ]


def _claims(
    statement: Statement, attribute: str, source: ClaimSource, ref: MessageRef | None
) -> list[Claim]:
    assert statement.value is not None
    return [
        Claim(
            statement.entity,
            attribute,
            scope,
            statement.value.text,
            source,
            ref,
            typed=statement.value,
            carried=statement.carried,
        )
        for scope in statement.scopes or ((),)
    ]


def _unique(claims: list[Claim]) -> tuple[Claim, ...]:
    return tuple(dict.fromkeys(claims))
