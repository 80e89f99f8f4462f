"""Reading a request's question once: its sentences and its thread's are split here, once, and
every reader (claims, follow-ups, time, subjects) takes them from here.

Pure: the texts are read for this request and nothing of them is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from truthexpiry.models.answering.questions import QuestionReading
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.reading.follow_ups import MAX_EARLIER_QUESTIONS, statements_in_thread
from truthexpiry.reading.lexicon.vocabulary import vocabulary_index
from truthexpiry.reading.time.follow_ups import time_in_thread
from truthexpiry.text.tokens import sentences


def read_question(
    question: str, earlier: Sequence[str], as_of: date, catalog: Catalog
) -> QuestionReading:
    """`question` read once, completed from the thread's `earlier` questions (oldest first; the
    last `MAX_EARLIER_QUESTIONS` are read); windows about time count from `as_of`."""
    own = sentences(question)
    before = [sentences(text) for text in earlier[-MAX_EARLIER_QUESTIONS:]]
    statements = tuple(statements_in_thread(own, before, vocabulary_index(catalog)))
    time = time_in_thread(own, before, as_of, catalog, statements=statements)
    return QuestionReading(question, statements, time, in_thread=bool(before))
