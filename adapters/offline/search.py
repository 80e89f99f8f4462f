"""Search over a message corpus file, ranked by BM25 against the question.

The corpus has the shape of `assistant.search.context` results, so the pipeline sees the same
messages offline as it would from Slack.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.errors import InvalidMessagesError
from truthexpiry.models.records.unicode_text import valid_text
from truthexpiry.text.json_input import JsonInputError, decode_json
from truthexpiry.text.stopwords import STOPWORDS
from truthexpiry.text.tokens import Kind, tokenize

_REQUIRED = ("message_ts", "channel_id", "content")
_OPTIONAL = ("channel_name", "author_user_id", "author_name", "permalink")
_K1 = 1.2
_B = 0.75
_PUNCT = Kind.PUNCT  # read through its class, a lookup at each token


def demo_messages_path() -> Path:
    return Path(str(resources.files("adapters.offline") / "data" / "demo_messages.json"))


def _terms(text: str) -> list[str]:
    return [
        t.key for t in tokenize(text.lower()) if t.kind is not _PUNCT and t.key not in STOPWORDS
    ]


class CorpusMessageSearch:
    def __init__(self, messages: Sequence[SearchMessage]) -> None:
        self._messages = tuple(messages)
        self._terms = [Counter(_terms(m.content)) for m in self._messages]
        self._lengths = [sum(terms.values()) for terms in self._terms]
        self._average = (sum(self._lengths) / len(self._lengths)) if self._lengths else 1.0
        self._document_frequency: Counter[str] = Counter()
        for terms in self._terms:
            self._document_frequency.update(terms.keys())
        # What a query does not change, computed once for the corpus: each term's IDF and each
        # message's length normalisation (the same formulas, so the same scores).
        count = len(self._messages)
        self._idf = {
            term: math.log(1 + (count - df + 0.5) / (df + 0.5))
            for term, df in self._document_frequency.items()
        }
        self._length_norms = [
            _K1 * (1 - _B + _B * length / self._average) for length in self._lengths
        ]

    @classmethod
    def from_path(cls, path: Path | str) -> CorpusMessageSearch:
        """The corpus file at `path`; `InvalidMessagesError` names the file and the problem."""
        path = Path(path)
        try:
            document = decode_json(path.read_bytes())
            return cls(parse_messages(document))
        except FileNotFoundError:
            raise InvalidMessagesError(f"messages file not found: {path}") from None
        except OSError as error:
            raise InvalidMessagesError(f"cannot read messages {path}: {error.strerror}") from None
        except (JsonInputError, InvalidMessagesError) as error:
            raise InvalidMessagesError(f"{path}: {error}") from None

    def search(
        self, query: str, *, limit: int, action_token: str | None = None
    ) -> list[SearchMessage]:
        del action_token  # a local corpus needs no Slack token
        if not self._messages:
            return []  # nothing to rank: the query need not be read
        # Each distinct term once, in the query's order: the float sums below add in that fixed
        # order, so scores (and ties between messages) do not depend on the hash seed.
        terms = list(dict.fromkeys(_terms(query)))
        idf = self._idf
        scored = []
        for position, (message_terms, length_norm) in enumerate(
            zip(self._terms, self._length_norms, strict=True)
        ):
            score = 0.0
            for term in terms:
                frequency = message_terms.get(term)
                if frequency:
                    score += idf[term] * frequency * (_K1 + 1) / (frequency + length_norm)
            if score > 0:
                scored.append((-score, position))
        return [self._messages[position] for _, position in sorted(scored)[:limit]]


def parse_messages(document: object) -> list[SearchMessage]:
    """Validate a corpus: a JSON list of messages in the search-result shape. Text is kept as
    valid Unicode: a lone surrogate from a JSON escape becomes U+FFFD."""
    if not isinstance(document, list):
        raise InvalidMessagesError("the messages file must hold a JSON list of messages")
    messages = []
    for number, raw in enumerate(document, start=1):
        if not isinstance(raw, dict):
            raise InvalidMessagesError(f"message #{number}: must be a JSON object")
        for field in _REQUIRED:
            if not isinstance(raw.get(field), str) or not raw[field]:
                raise InvalidMessagesError(
                    f"message #{number}: '{field}' must be a non-empty string"
                )
        for field in _OPTIONAL:
            if raw.get(field) is not None and not isinstance(raw[field], str):
                raise InvalidMessagesError(f"message #{number}: '{field}' must be a string")
        permalink = raw.get("permalink")
        messages.append(
            SearchMessage(
                message_ts=valid_text(raw["message_ts"]),
                channel_id=valid_text(raw["channel_id"]),
                channel_name=valid_text(raw.get("channel_name") or ""),
                author_user_id=valid_text(raw.get("author_user_id") or ""),
                author_name=valid_text(raw.get("author_name") or ""),
                content=valid_text(raw["content"]),
                permalink=valid_text(permalink) if permalink else None,
            )
        )
    return messages
