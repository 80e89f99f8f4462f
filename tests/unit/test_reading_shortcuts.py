"""The reading shortcuts give what the full reads give: the tokenizer's plain-word pieces and
one-sentence texts, and the one-pass searches for where a value or a window may start."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from truthexpiry.reading.time.ranges import split_ranges
from truthexpiry.reading.time.windows import may_start_a_window, window_starts
from truthexpiry.reading.values_in_text import _STATE_STARTS, _starts
from truthexpiry.text.tokens import _SENTENCE, Kind, Token, _chunks, _read_piece, tokenize
from truthexpiry.values.spans import may_start_a_value

_PIECES = [
    *"abcXYZsS 0123456789.!?;:,\n\t-_/%$\u20ac\u00a3()'\u2019\u00d7xK\u017f\u00e9\u00bd\u00a0",
    " Is ",
    "Starter",
    "15:00",
    "1,200.5",
    "3pm",
    "9am-1pm",
    "55x40x23cm",
    "eu-central",
    "last",
    "June",
    "q1-q2",
    "twenty-five",
    "half",
    "on",
    "can",
    "since",
]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=20).map("".join)


def _whole(chunk: str) -> list[Token]:
    """The token pattern run over the whole chunk at once, as the tokenizer once read it."""
    tokens: list[Token] = []
    _read_piece(chunk, tokens)
    return tokens


@given(_TEXTS)
def test_tokens_are_those_of_the_pattern_over_the_whole_text(text: str) -> None:
    assert tokenize(text) == _whole(text)


@given(_TEXTS)
def test_chunks_are_the_sentence_pattern_matches(text: str) -> None:
    assert _chunks(text) == [match.group() for match in _SENTENCE.finditer(text)]


@given(_TEXTS)
def test_window_starts_are_where_a_window_may_start(text: str) -> None:
    tokens = split_ranges(tokenize(text))
    assert window_starts(tokens) == [i for i, t in enumerate(tokens) if may_start_a_window(t)]


@given(_TEXTS)
def test_value_starts_are_where_a_value_may_start(text: str) -> None:
    tokens = tokenize(text)
    enumerated = dict.fromkeys(range(0, len(tokens), 3))
    expected = [
        i
        for i, t in enumerate(tokens)
        if i in enumerated
        or t.kind is not Kind.WORD
        or t.text in _STATE_STARTS
        or may_start_a_value(t)
    ]
    assert _starts(tokens, enumerated) == expected  # type: ignore[arg-type]


def test_a_plain_word_piece_is_read_as_the_pattern_reads_it() -> None:
    text = "Is REPORT export on Starter?? policies. K\u212a \u017fs caf\u00e9 a.b. 3pm."
    assert tokenize(text) == _whole(text)
    assert re.search(r"\s", "".join(t.text for t in tokenize(text))) is None
