"""The search plan: the words of a question that are worth sending to Slack search.

`"<@U0BOT> hi! is :eyes: *report export* still on for Starter (LC-101)?"` becomes
`"report export Starter LC-101"`: Slack markup, greetings, question words and stopwords go;
entity words, plan names, values, numbers and identifiers stay, in the order the person wrote
them, each once. The query is bounded (`MAX_TERMS` terms, `MAX_QUERY_CHARS` characters), made
only of word characters and `.%/-` inside terms, so no Slack markup or search modifier
(`in:`, `from:`, a leading `-`, quotes) can reach Slack. Pure and deterministic.
"""

from __future__ import annotations

import re

from adapters.slack.markup import query_text
from truthexpiry.text.stopwords import STOPWORDS

MAX_QUERY_CHARS = 200
MAX_TERMS = 12
MAX_TERM_CHARS = 40

_TERM = re.compile(r"[\w%][\w.%/'\u2019-]*")
_EDGES = "._-/'\u2019"


def search_query(question: str) -> str:
    """The Slack search query for `question`; empty when nothing in it is worth searching."""
    terms: list[str] = []
    seen: set[str] = set()
    length = -1
    for match in _TERM.finditer(query_text(question)):
        term = _clean(match.group())
        key = term.casefold()
        if not term or key in seen or _is_noise(term, key):
            continue
        if length + 1 + len(term) > MAX_QUERY_CHARS:
            break
        seen.add(key)
        terms.append(term)
        length += 1 + len(term)
        if len(terms) == MAX_TERMS:
            break
    return " ".join(terms)


def _clean(raw: str) -> str:
    term = raw.replace("\u2019", "'").strip(_EDGES)
    # Possessives and contractions: `Starter's` -> `Starter`, `isn't` -> `isn`.
    return term.split("'", 1)[0].strip(_EDGES)


def _is_noise(term: str, key: str) -> bool:
    if len(term) > MAX_TERM_CHARS or key in STOPWORDS:
        return True
    return len(term) == 1 and not term.isdigit()
