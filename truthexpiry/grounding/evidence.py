"""This request's evidence under opaque, request-local IDs: `question`, `evidence-1`, ...

The model sees only the IDs and the texts; message timestamps, channels, authors and permalinks
stay here and are attached again to the claims that pass grounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from truthexpiry.models.answering.messages import MessageRef, SearchMessage
from truthexpiry.text.tokens import MAX_TEXT_CHARS

QUESTION_ID = "question"


@dataclass(frozen=True, slots=True)
class EvidenceItem:
    text: str
    ref: MessageRef | None  # None for the question


class Evidence:
    """This request's evidence under opaque IDs: `question`, `evidence-1`, `evidence-2`, ..."""

    def __init__(self, question: str, messages: Sequence[SearchMessage]) -> None:
        self.prompt_items: list[tuple[str, str]] = []
        self._items: dict[str, EvidenceItem] = {}
        if question.strip():
            self._add(QUESTION_ID, question, None)
        for number, message in enumerate(messages, start=1):
            self._add(f"evidence-{number}", message.content, message.ref)

    def _add(self, item_id: str, text: str, ref: MessageRef | None) -> None:
        bounded = text[:MAX_TEXT_CHARS]
        self.prompt_items.append((item_id, bounded))
        self._items[item_id] = EvidenceItem(bounded, ref)

    def get(self, item_id: str) -> EvidenceItem | None:
        return self._items.get(item_id)
