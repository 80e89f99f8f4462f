"""`SlackMessageSearch`: the `MessageSearch` port over Slack's Real-time Search API.

One question, one call: `assistant.search.context`
(https://docs.slack.dev/reference/methods/assistant.search.context), sent by the SDK as a JSON
POST with the bot token in the Authorization header:

    {"query": "<the search plan of the question>", "action_token": "<from the event>",
     "channel_types": ["public_channel"], "content_types": ["messages"],
     "include_bots": false, "disable_semantic_search": false, "limit": <1..20>}

The response relied on (only the first page is read; `response_metadata.next_cursor` is not
followed):

    {"ok": true,
     "results": {"messages": [{"message_ts", "channel_id", "channel_name", "author_user_id",
                               "author_name", "is_author_bot", "content", "permalink", ...}]}}

`results` must be an object and `results.messages`, when present, a list; each entry is checked
by the sanitizer, which drops what it cannot use. Failures become `SearchUnavailableError` with
a bounded category (see `failures`): `missing_action_token` is raised without calling Slack.
"""

from __future__ import annotations

from http.client import HTTPException

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackClientError
from slack_sdk.web import SlackResponse

from adapters.slack_rts.failures import failure, failure_from_response
from adapters.slack_rts.plan import search_query
from adapters.slack_rts.sanitizer import sanitize_messages
from truthexpiry.models.answering.messages import SearchMessage
from truthexpiry.models.errors import SearchFailure, SearchUnavailableError

SEARCH_METHOD = "assistant.search.context"
MAX_PAGE = 20  # the method returns at most 20 results per call


class SlackMessageSearch:
    """Searches public channels for the messages relevant to a question, one call per question.

    `bot_user_id` is this app's bot user: its own messages are never evidence. Thread-safe:
    nothing from one search is kept for the next."""

    def __init__(
        self, client: WebClient, *, max_results: int = MAX_PAGE, bot_user_id: str | None = None
    ) -> None:
        if max_results < 1:
            raise ValueError("max_results must be at least 1")
        self._client = client
        self._max_results = min(max_results, MAX_PAGE)
        self._bot_user_id = bot_user_id

    def search(
        self, query: str, *, limit: int, action_token: str | None = None
    ) -> tuple[SearchMessage, ...]:
        if not action_token:
            raise failure(SearchFailure.MISSING_ACTION_TOKEN)
        terms = search_query(query)
        count = min(limit, self._max_results)
        if not terms or count < 1:
            return ()
        body = {
            "query": terms,
            "action_token": action_token,
            "channel_types": ["public_channel"],
            "content_types": ["messages"],
            "include_bots": False,
            "disable_semantic_search": False,
            "limit": count,
        }
        messages = _result_messages(self._call(body))
        return sanitize_messages(messages, limit=count, own_bot_user_id=self._bot_user_id)

    def _call(self, body: dict[str, object]) -> SlackResponse:
        error_out: SearchUnavailableError
        try:
            return self._client.api_call(SEARCH_METHOD, json=body)
        except SlackApiError as error:
            error_out = failure_from_response(error.response)
        except (OSError, HTTPException) as error:
            error_out = failure(SearchFailure.TRANSPORT, detail=type(error).__name__)
        except (ValueError, TypeError, AttributeError):
            # The SDK's own parsing failing on a body that is no JSON object.
            error_out = failure(SearchFailure.INVALID_RESPONSE)
        except SlackClientError as error:
            error_out = failure(SearchFailure.SLACK_ERROR, detail=type(error).__name__)
        raise error_out


def _result_messages(response: SlackResponse) -> list[object]:
    data = response.data
    results = data.get("results") if isinstance(data, dict) else None
    messages = results.get("messages", []) if isinstance(results, dict) else None
    if not isinstance(messages, list):
        raise failure(SearchFailure.INVALID_RESPONSE)
    return messages
