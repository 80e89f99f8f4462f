"""A question read as the pipeline reads it, for tests that call an extractor directly."""

from __future__ import annotations

from datetime import date

from truthexpiry.models.answering.questions import QuestionReading
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.reading.question import read_question

AS_OF = date(2026, 11, 30)


def reading(
    question: str, catalog: Catalog, earlier: tuple[str, ...] = (), as_of: date = AS_OF
) -> QuestionReading:
    return read_question(question, earlier, as_of, catalog)
