"""The App Home is published from the catalog when its Home tab opens."""

from __future__ import annotations

import json

from listeners.dependencies import ListenerDependencies
from listeners.events.app_home_opened import app_home_opened_callback
from tests.listeners.conftest import FakeWebClient
from tests.local_slack import events


def test_opening_the_home_tab_publishes_what_can_be_checked(
    deps: ListenerDependencies, client: FakeWebClient
) -> None:
    app_home_opened_callback(deps)(event=events.app_home_opened(user="U0ASKER"), client=client)

    [published] = client.made("views.publish")
    assert published["user_id"] == "U0ASKER"
    assert "Report export" in json.dumps(published["view"])


def test_another_tab_or_no_catalog_publishes_nothing(
    deps: ListenerDependencies, down: ListenerDependencies, client: FakeWebClient
) -> None:
    messages_tab = {**events.app_home_opened(), "tab": "messages"}

    app_home_opened_callback(deps)(event=messages_tab, client=client)
    app_home_opened_callback(down)(event=events.app_home_opened(), client=client)

    assert client.made("views.publish") == []
