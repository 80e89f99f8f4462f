"""`assistant.search.context` served from an in-memory message corpus.

Corpus entries use the project's corpus shape: `message_ts`, `channel_id`, `channel_name`,
`author_user_id`, `author_name`, `content`, `permalink`. Results use the real method's message
shape (docs.slack.dev reference and the Slack SDK's generated response types): those seven fields
plus `team_id` and `is_author_bot`; any other key in a corpus entry (`blocks`, ...) is passed
through. The response is `{"ok": true, "results": {"messages": [...]}, "response_metadata":
{"next_cursor": ""}}`.

Ranking is a keyword match, not Slack's semantic search: a message scores the number of distinct
query words (lower-cased runs of letters and digits) that appear among its content words;
messages scoring zero are dropped; ties keep corpus order; `limit` (default and maximum 20, as
Slack's) caps the list.
Other arguments (`channel_types`, `disable_semantic_search`, ...) are recorded, not interpreted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

DEFAULT_LIMIT = MAX_LIMIT = 20
_WORD = re.compile(r"[a-z0-9]+")


class SearchError(Exception):
    """An argument problem, answered as `{"ok": false, "error": <str(self)>}`."""


def words(text: str) -> set[str]:
    """The distinct lower-cased words of `text`."""
    return set(_WORD.findall(text.lower()))


def search_context(
    corpus: Sequence[dict[str, Any]], args: dict[str, Any], team_id: str
) -> dict[str, Any]:
    """Answer one `assistant.search.context` call with the args the client sent."""
    if not str(args.get("action_token") or "").strip():
        raise SearchError("invalid_action_token")
    query = str(args.get("query") or "").strip()
    if not query:
        raise SearchError("invalid_arguments")
    limit = _limit(args.get("limit"))
    messages = [_as_result(m, team_id) for m in rank(corpus, query)[:limit]]
    return {"results": {"messages": messages}, "response_metadata": {"next_cursor": ""}}


def rank(corpus: Sequence[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """Corpus entries containing at least one query word, most query words first."""
    wanted = words(query)
    scored = [(len(wanted & words(str(m.get("content", "")))), i) for i, m in enumerate(corpus)]
    ordered = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))
    return [corpus[i] for _, i in ordered]


def _limit(raw: Any) -> int:
    if raw is None or raw == "":
        return DEFAULT_LIMIT
    try:
        limit = int(raw)
    except (TypeError, ValueError):
        raise SearchError("invalid_arguments") from None
    if limit < 1:
        raise SearchError("invalid_arguments")
    return min(limit, MAX_LIMIT)


def _as_result(message: dict[str, Any], team_id: str) -> dict[str, Any]:
    result = dict(message)
    result.setdefault("team_id", team_id)
    result.setdefault("is_author_bot", False)
    return result


def raw_message(**fields: Any) -> dict[str, Any]:
    """One search result as Slack returns it, with `fields` replaced."""
    message: dict[str, Any] = {
        "author_user_id": "U0ANA",
        "author_name": "Ana",
        "team_id": "T0TEAM",
        "channel_id": "C0PRODUCT",
        "channel_name": "product",
        "message_ts": "1747100000.000200",
        "content": "Report export is off for Starter (PROD-482).",
        "is_author_bot": False,
        "permalink": "https://example.slack.com/archives/C0PRODUCT/p1747100000000200",
    }
    message.update(fields)
    return message
