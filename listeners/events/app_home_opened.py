"""The App Home tab: recent and coming changes, read from the records when it opens, and what
TruthExpiry can check, from the current catalog. Someone from another team sees only where the
app answers: no records, no changes, no catalog."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from slack_sdk import WebClient

from listeners.dependencies import ListenerDependencies
from listeners.views.app_home import elsewhere_view, home_view
from truthexpiry.models.errors import EvidenceUnavailableError
from truthexpiry.models.time.change_overview import ChangeOverview

log = logging.getLogger(__name__)


def app_home_opened_callback(deps: ListenerDependencies) -> Callable[..., None]:
    def handle_app_home_opened(event: dict[str, Any], client: WebClient) -> None:
        user = event.get("user")
        if event.get("tab") != "home" or not isinstance(user, str):
            return
        if not deps.audience.is_own(user):
            client.views_publish(user_id=user, view=elsewhere_view())
            return
        try:
            catalog = deps.catalog()
        except EvidenceUnavailableError:
            log.warning("app home: catalog unavailable")
            return
        changes: ChangeOverview | None = None
        if deps.changes is not None:
            try:
                changes = deps.changes.overview()
            except EvidenceUnavailableError:
                log.warning("app home: changes unavailable")
        view = home_view(
            catalog,
            dataset_version=catalog.version,
            authority=deps.authority,
            changes=changes,
            changes_unavailable=deps.changes is not None and changes is None,
        )
        client.views_publish(user_id=user, view=view)

    return handle_app_home_opened
