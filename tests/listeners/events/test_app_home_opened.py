"""The App Home is published when its Home tab opens: recent and coming changes read from the
records at that moment, and what can be checked, from the catalog."""

from __future__ import annotations

import json
from datetime import date

from bootstrap import dataset_evidence
from listeners.dependencies import ListenerDependencies
from listeners.events.app_home_opened import app_home_opened_callback
from tests.fakes import FakeLifecycleEvidence
from tests.listeners.conftest import FakeWebClient, dependencies
from tests.local_slack import events
from truthexpiry.models.time.changes import RecordSelection
from truthexpiry.models.time.periods import DateWindow

EVER = DateWindow(date.min, date.max)


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


def test_the_home_tab_lists_recent_and_coming_changes_from_the_records(
    deps: ListenerDependencies, client: FakeWebClient
) -> None:
    app_home_opened_callback(deps)(event=events.app_home_opened(), client=client)

    [published] = client.made("views.publish")
    view = json.dumps(published["view"])
    assert "Recent changes (last 30 days)" in view
    assert "Coming up (next 30 days)" in view
    assert "LC-196, SHIPPED, not yet in effect" in view  # webhooks on Starter, 2026-12-15


def test_changes_that_cannot_be_read_leave_a_note_and_the_rest_of_the_home(
    client: FakeWebClient,
) -> None:
    records = dataset_evidence(None).records_between(RecordSelection.of(EVER)).records
    deps = dependencies(FakeLifecycleEvidence(records, unavailable=True))

    app_home_opened_callback(deps)(event=events.app_home_opened(), client=client)

    [published] = client.made("views.publish")
    view = json.dumps(published["view"])
    assert "could not be read just now" in view
    assert "Report export" in view
