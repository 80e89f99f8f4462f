"""Change notices posted to Slack: the `ChangeNotices` port over `chat.postMessage`.

The notice (or its correction) is laid out by the renderer the composition root hands in
(`listeners/views/changes.py`'s `change_notice`), naming the dataset version of the records it
was read from; this only posts it to the configured channel, which the app must have been
invited to (it asks for no `chat:write.public`). A refusal becomes `NoticeNotPostedError` with
Slack's error code (`not_in_channel`, `channel_not_found`, `ratelimited`), so that the notice is
tried again later.
"""

from __future__ import annotations

from typing import Any, Protocol

from slack_sdk.errors import SlackApiError

from truthexpiry.models.errors import NoticeNotPostedError
from truthexpiry.models.records.catalog import Catalog
from truthexpiry.models.time.change_notices import ChangeNotice
from truthexpiry.models.time.changes import Transition


class PostsMessages(Protocol):
    """The one Web API method needed here (`slack_sdk.WebClient` has it)."""

    def chat_postMessage(  # noqa: N802
        self,
        *,
        channel: str,
        text: str | None = None,
        blocks: Any = None,
        unfurl_links: bool | None = None,
        **kwargs: Any,
    ) -> Any: ...


class Message(Protocol):
    """A rendered message: its plain-text fallback and its Block Kit blocks."""

    @property
    def text(self) -> str: ...

    @property
    def blocks(self) -> list[dict[str, Any]]: ...


class RendersNotice(Protocol):
    def __call__(
        self, change: Transition, catalog: Catalog, *, dataset_version: str, correction: bool
    ) -> Message: ...


class SlackChangeNotices:
    def __init__(self, client: PostsMessages, channel: str, *, render: RendersNotice) -> None:
        self._client = client
        self._channel = channel
        self._render = render

    def post(self, notice: ChangeNotice, catalog: Catalog) -> None:
        reply = self._render(
            notice.change,
            catalog,
            dataset_version=notice.dataset_version,
            correction=notice.correction,
        )
        try:
            self._client.chat_postMessage(
                channel=self._channel, text=reply.text, blocks=reply.blocks, unfurl_links=False
            )
        except SlackApiError as error:
            code = error.response.get("error") if error.response is not None else None
            raise NoticeNotPostedError(code if isinstance(code, str) else "slack_error") from None
        except OSError:
            raise NoticeNotPostedError("transport") from None
