""" "Check this message": the claims of one public message, labelled, sent to the user
privately; a message anywhere else is not read."""

from __future__ import annotations

from listeners.dependencies import ListenerDependencies
from listeners.shortcuts.check_message import check_message_callback
from tests.fakes import FakeMessageSearch
from tests.listeners.conftest import FakeWebClient, Recorder, dependencies, metrics_of
from tests.local_slack import interactions

STALE_CLAIM = "Report export is enabled on Starter."


def test_a_public_message_is_labelled_and_the_result_sent_to_the_user(
    client: FakeWebClient,
) -> None:
    search = FakeMessageSearch()
    deps = dependencies(search=search, client=client)
    ack = Recorder()
    body = interactions.message_action("check_message", text=STALE_CLAIM, channel="C0PUBLIC")

    check_message_callback(deps)(ack=ack, body=body, client=client)

    assert len(ack.calls) == 1
    [posted] = client.made("chat.postMessage")
    assert posted["channel"] == "U0ASKER"  # the user's DM, not where the message lives
    assert "SUPERSEDED" in str(posted["blocks"])
    assert search.calls == 0  # the message itself is the evidence
    assert metrics_of(deps).requests == [("shortcut", "answered")]


def test_a_private_message_is_not_read(deps: ListenerDependencies, client: FakeWebClient) -> None:
    body = interactions.message_action("check_message", text=STALE_CLAIM, channel="C0PRIVATE")

    check_message_callback(deps)(ack=Recorder(), body=body, client=client)

    [posted] = client.made("chat.postMessage")
    assert "public channels" in posted["text"]
    assert "SUPERSEDED" not in str(posted["blocks"])


def test_a_payload_without_user_channel_or_message_is_only_acknowledged(
    deps: ListenerDependencies, client: FakeWebClient
) -> None:
    ack = Recorder()

    check_message_callback(deps)(ack=ack, body={"type": "message_action"}, client=client)

    assert len(ack.calls) == 1
    assert client.calls == []
