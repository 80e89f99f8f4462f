"""The table of Web API methods the local server implements, and the ones not about messages.

Each handler takes the call's arguments and returns the response body without `ok`, or raises
`ApiError` with Slack's error code. Message methods live in `messages.py`, search in `search.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.local_slack.messages import ApiError, MessageStore, decoded, required
from tests.local_slack.records import Identity
from tests.local_slack.search import SearchError, search_context

Handler = Callable[[dict[str, Any]], dict[str, Any]]


class Workspace:
    """Channels, bot messages and the search corpus behind the implemented methods."""

    def __init__(self, identity: Identity, ws_url: Callable[[], str]) -> None:
        self.identity = identity
        self.messages = MessageStore(identity)
        self.search_corpus: list[dict[str, Any]] = []
        self.private_channels: set[str] = set()
        self.shared_channels: dict[str, str] = {}  # channel ID -> "ext", "pending" or "org"
        self.user_teams: dict[str, str] = {}  # people from another team; others are the bot's
        self._ws_url = ws_url

    def handlers(self) -> dict[str, Handler]:
        """Method name → handler."""
        chat = self.messages
        return {
            "auth.test": self.auth_test,
            "apps.connections.open": lambda _: {"url": self._ws_url()},
            "chat.postMessage": chat.post_message,
            "chat.update": chat.update_message,
            "chat.postEphemeral": chat.post_ephemeral,
            "chat.startStream": chat.start_stream,
            "chat.appendStream": chat.append_stream,
            "chat.stopStream": chat.stop_stream,
            "chat.getPermalink": chat.permalink,
            "conversations.replies": chat.replies,
            "conversations.info": self.conversation_info,
            "users.info": self.user_info,
            "assistant.threads.setStatus": _thread_call("status"),
            "assistant.threads.setSuggestedPrompts": _thread_call("prompts"),
            "assistant.threads.setTitle": _thread_call("title"),
            "views.publish": self.publish_view,
            "assistant.search.context": self.search,
        }

    def auth_test(self, _: dict[str, Any]) -> dict[str, Any]:
        ident = self.identity
        return {
            "url": f"https://{ident.team_domain}.slack.com/",
            "team": "TruthExpiry Test",
            "user": "truthexpiry",
            "team_id": ident.team_id,
            "user_id": ident.bot_user_id,
            "bot_id": ident.bot_id,
            "app_id": ident.app_id,
            "is_enterprise_install": False,
        }

    def conversation_info(self, args: dict[str, Any]) -> dict[str, Any]:
        """Public unless the ID starts with G or is in `private_channels`; D... is a DM; shared
        as `shared_channels` says."""
        channel = required(args, "channel", "channel_not_found")
        private = channel.startswith("G") or channel in self.private_channels
        is_im = channel.startswith("D")
        names = {m.get("channel_id"): m.get("channel_name") for m in self.search_corpus}
        info = {
            "id": channel,
            "name": str(names.get(channel) or f"channel-{channel.lower()}"),
            "is_channel": not (private or is_im),
            "is_group": private,
            "is_im": is_im,
            "is_private": private,
            "is_archived": False,
            "is_member": True,
            "context_team_id": self.identity.team_id,
            **_sharing(self.shared_channels.get(channel)),
        }
        return {"channel": info}

    def user_info(self, args: dict[str, Any]) -> dict[str, Any]:
        """Everyone is of the bot's team unless `user_teams` names another."""
        user = required(args, "user", "user_not_found")
        team = self.user_teams.get(user, self.identity.team_id)
        return {"user": {"id": user, "team_id": team, "name": user.lower(), "is_bot": False}}

    def publish_view(self, args: dict[str, Any]) -> dict[str, Any]:
        required(args, "user_id", "user_not_found")
        view = decoded(args.get("view"))
        if not isinstance(view, dict) or view.get("type") != "home":
            raise ApiError("invalid_arguments")
        ident = self.identity
        view_id = f"V{self.messages.next_ts().replace('.', '')}"
        extra = {"id": view_id, "team_id": ident.team_id, "app_id": ident.app_id}
        return {"view": {**view, **extra, "bot_id": ident.bot_id, "state": {"values": {}}}}

    def search(self, args: dict[str, Any]) -> dict[str, Any]:
        try:
            return search_context(self.search_corpus, args, self.identity.team_id)
        except SearchError as error:
            raise ApiError(str(error)) from error


def _sharing(how: str | None) -> dict[str, bool]:
    """The flags `conversations.info` gives a channel shared with another organisation (`ext`),
    invited to be (`pending`), or shared across one Enterprise organisation (`org`)."""
    return {
        "is_shared": how in ("ext", "org"),
        "is_ext_shared": how == "ext",
        "is_pending_ext_shared": how == "pending",
        "is_org_shared": how == "org",
    }


def _thread_call(field: str) -> Handler:
    """`assistant.threads.*`: needs `channel_id`, `thread_ts` and its own field; answers `{}`."""

    def handle(args: dict[str, Any]) -> dict[str, Any]:
        required(args, "channel_id", "channel_not_found")
        required(args, "thread_ts", "invalid_arguments")
        if field not in args:
            raise ApiError("invalid_arguments")
        return {}

    return handle
