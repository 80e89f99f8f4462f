"""The `MessageSearch` port over Slack's Real-time Search API (`assistant.search.context`).

`search` makes the one call per question; `failures` maps what can go wrong to bounded
categories; `plan` turns a question into the query; `sanitizer` turns raw results into bounded
`SearchMessage`s; `markup` reduces Slack markup to text. Nothing here keeps Slack content
beyond the call that fetched it.
"""

from adapters.slack_rts.search import SlackMessageSearch

__all__ = ["SlackMessageSearch"]
